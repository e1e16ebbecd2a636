// The audit log's rows: inserted in the transaction of each staff write, read by admins. The table
// refuses UPDATE, DELETE and TRUNCATE (migration 0004), so nothing here could change a row.
import { and, desc, eq, gte, lt, lte, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema/audit';

export type AuditRow = typeof auditLog.$inferInsert;

export async function insertEntry(db: DbOrTx, row: AuditRow): Promise<void> {
  await db.insert(auditLog).values(row);
}

export interface AuditFilter {
  actorId?: string;
  action?: string;
  entityKind?: string;
  entityId?: string;
  from?: Date;
  to?: Date;
  /** Rows older than this id (the next page of a newest-first list). */
  beforeId?: number;
  limit: number;
}

export async function listEntries(db: DbOrTx, filter: AuditFilter) {
  const conditions: SQL[] = [];
  if (filter.actorId) conditions.push(eq(auditLog.actorId, filter.actorId));
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.entityKind) conditions.push(eq(auditLog.entityKind, filter.entityKind));
  if (filter.entityId) conditions.push(eq(auditLog.entityId, filter.entityId));
  if (filter.from) conditions.push(gte(auditLog.at, filter.from));
  if (filter.to) conditions.push(lte(auditLog.at, filter.to));
  if (filter.beforeId !== undefined) conditions.push(lt(auditLog.id, filter.beforeId));
  return db
    .select()
    .from(auditLog)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(filter.limit);
}
