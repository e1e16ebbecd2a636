// The analytics module's table (its views and recomputed tables are SQL of the migrations).
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

// When the analytics' views and tables (migrations 0012 and 0014, ADR 27) were last refreshed, how
// long it took, and when they were last recomputed whole (the frequent refreshes recompute only the
// recent days of the largest ones): one row. Every instance reads it to tell whether a refresh is
// due; the one that takes the lock refreshes.
export const analyticsRefreshes = pgTable(
  'analytics_refreshes',
  {
    id: integer('id').primaryKey().default(1),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
    tookMs: integer('took_ms').notNull(),
    wholeAt: timestamp('whole_at', { withTimezone: true }),
  },
  (t) => [check('analytics_refreshes_one_row', sql`${t.id} = 1`)],
);
