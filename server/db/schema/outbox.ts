// The outbox module's table: every event a learner's phone sent from its outbox, by the id the phone
// made, with the answer it was given, so the same event sent again (a batch repeated after a lost
// answer, two batches at once) is applied once and answered the same (ADR 42).
import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, quotedList } from '../columns';
import { users } from './users';

export const OUTBOX_EVENT_KINDS = [
  'enrolled',
  'lessonCompleted',
  'videoWatched',
  'quizSubmitted',
  'journalSaved',
] as const;

export const outboxEvents = pgTable(
  'outbox_events',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Made on the phone: unique for its learner (another learner's phone cannot take an id from them). */
    eventId: uuid('event_id').notNull(),
    kind: text('kind').notNull(),
    /** When the learner made the change, on the phone's clock. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** The answer given: outcome and what came with it (a quiz's result, the journal's date). Never the journal's text. */
    answer: jsonb('answer').notNull(),
    appliedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.eventId] }),
    check('outbox_events_kind', sql`${t.kind} in (${quotedList(OUTBOX_EVENT_KINDS)})`),
  ],
);
