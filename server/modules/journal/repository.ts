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
