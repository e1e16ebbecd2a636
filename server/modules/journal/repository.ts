// A learner's reflection journal: one text per learner and course, keyed by both.
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { journalEntries } from '../../db/schema/journal';

export async function findEntry(db: DbOrTx, userId: string, courseId: string) {
  const [row] = await db
    .select({ text: journalEntries.text, updatedAt: journalEntries.updatedAt })
    .from(journalEntries)
    .where(and(eq(journalEntries.userId, userId), eq(journalEntries.courseId, courseId)))
    .limit(1);
  return row ?? null;
}

export async function saveEntry(db: DbOrTx, userId: string, courseId: string, text: string) {
  const [row] = await db
    .insert(journalEntries)
    .values({ userId, courseId, text })
    .onConflictDoUpdate({
      target: [journalEntries.userId, journalEntries.courseId],
      set: { text, updatedAt: sql`now()` },
    })
    .returning({ text: journalEntries.text, updatedAt: journalEntries.updatedAt });
  return row!;
}

/**
 * Saves the text only over the entry last saved at `basedOn` (to the millisecond, as the wire gives
 * it), or only when there is none (`basedOn` null). Null when the entry was changed since.
 */
export async function saveEntryIfAt(db: DbOrTx, userId: string, courseId: string, text: string, basedOn: Date | null) {
  if (basedOn === null) {
    const [row] = await db
      .insert(journalEntries)
      .values({ userId, courseId, text })
      .onConflictDoNothing()
      .returning({ updatedAt: journalEntries.updatedAt });
    return row ?? null;
  }
  const [row] = await db
    .update(journalEntries)
    .set({ text, updatedAt: sql`now()` })
    .where(
      and(
        eq(journalEntries.userId, userId),
        eq(journalEntries.courseId, courseId),
        sql`date_trunc('milliseconds', ${journalEntries.updatedAt}) = ${basedOn.toISOString()}::timestamptz`,
      ),
    )
    .returning({ updatedAt: journalEntries.updatedAt });
  return row ?? null;
}
