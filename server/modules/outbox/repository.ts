// The events a learner's phone sent, by the id it made: claimed before they are applied, so the same
// id sent again, or at the same moment in another batch, waits for the first and is answered as it was.
import { and, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { outboxEvents } from '../../db/schema/outbox';
import type { OutboxEventKind } from '../../../contract/outbox';

/** What is kept of an answer: never the journal's text (it is read again when answering). */
export type StoredAnswer = Record<string, unknown> & { outcome: 'applied' | 'refused' };

const PENDING = { outcome: 'pending' };

/**
 * Claims the event for this learner: true when it is new. A claim made by a transaction not yet
 * committed makes this one wait; it then finds the event taken, or free if that one rolled back.
 */
export async function claim(
  tx: DbOrTx,
  userId: string,
  event: { id: string; kind: OutboxEventKind; occurredAt: string },
): Promise<boolean> {
  const rows = await tx
    .insert(outboxEvents)
    .values({ userId, eventId: event.id, kind: event.kind, occurredAt: new Date(event.occurredAt), answer: PENDING })
    .onConflictDoNothing()
    .returning({ one: sql<number>`1` });
  return rows.length > 0;
}

export async function recordAnswer(tx: DbOrTx, userId: string, eventId: string, answer: StoredAnswer): Promise<void> {
  await tx
    .update(outboxEvents)
    .set({ answer })
    .where(and(eq(outboxEvents.userId, userId), eq(outboxEvents.eventId, eventId)));
}

export async function storedAnswer(tx: DbOrTx, userId: string, eventId: string) {
  const [row] = await tx
    .select({ kind: outboxEvents.kind, answer: outboxEvents.answer })
    .from(outboxEvents)
    .where(and(eq(outboxEvents.userId, userId), eq(outboxEvents.eventId, eventId)));
  return row ? { kind: row.kind as OutboxEventKind, answer: row.answer as StoredAnswer } : null;
}

export async function deleteAppliedBefore(db: DbOrTx, cutoff: Date): Promise<number> {
  const rows = await db
    .delete(outboxEvents)
    .where(lt(outboxEvents.appliedAt, cutoff))
    .returning({ one: sql<number>`1` });
  return rows.length;
}
