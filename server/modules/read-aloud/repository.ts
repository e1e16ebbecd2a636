// The SQL of voice-overs and of the synthesis queue (voice_overs, voice_over_jobs).
import { and, asc, desc, eq, gt, inArray, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import { VOICE_JOB_MAX_ATTEMPTS, type VoiceJobState } from '../../../contract/read-aloud-rules';
import type { LanguageCode } from '../../../contract/languages';
import type { Db, DbOrTx } from '../../db/client';
import { voiceOverJobs, voiceOvers } from '../../db/schema/read-aloud';

export type VoiceOverRow = typeof voiceOvers.$inferSelect;
export type VoiceOverInsert = typeof voiceOvers.$inferInsert;
export type JobRow = typeof voiceOverJobs.$inferSelect;

export function voicesOf(db: DbOrTx, itemId: string, lang: LanguageCode): Promise<VoiceOverRow[]> {
  return db
    .select()
    .from(voiceOvers)
    .where(and(eq(voiceOvers.itemId, itemId), eq(voiceOvers.lang, lang)))
    .orderBy(asc(voiceOvers.part), asc(voiceOvers.firstSentence));
}

/** Every voice-over of the languages, for the staff's list of texts that need a voice. */
export function voicesIn(db: DbOrTx, langs: readonly LanguageCode[]): Promise<VoiceOverRow[]> {
  return db
    .select()
    .from(voiceOvers)
    .where(inArray(voiceOvers.lang, [...langs]));
}

/** The engine's voice of a text, replacing the one it had. */
export async function saveSynthetic(db: DbOrTx, row: VoiceOverInsert): Promise<void> {
  await db
    .insert(voiceOvers)
    .values(row)
    .onConflictDoUpdate({
      target: [voiceOvers.itemId, voiceOvers.lang, voiceOvers.part, voiceOvers.kind, voiceOvers.firstSentence],
      set: {
        sentenceCount: row.sentenceCount,
        textHash: row.textHash,
        spokenText: row.spokenText,
        durationMs: row.durationMs,
        bytes: row.bytes,
        fileKey: row.fileKey,
        sentenceStartsMs: row.sentenceStartsMs,
        engine: row.engine,
        createdAt: sql`now()`,
      },
    });
}

/** The engine's voices of texts the published document no longer has. */
export async function deleteSyntheticExcept(
  db: DbOrTx,
  itemId: string,
  lang: LanguageCode,
  parts: readonly string[],
): Promise<void> {
  await db
    .delete(voiceOvers)
    .where(
      and(
        eq(voiceOvers.itemId, itemId),
        eq(voiceOvers.lang, lang),
        eq(voiceOvers.kind, 'synthetic'),
        parts.length ? notInArray(voiceOvers.part, [...parts]) : undefined,
      ),
    );
}

/** A recording of sentences, in place of any recording of the same text that overlaps them. */
export async function saveRecording(
  tx: DbOrTx,
  row: VoiceOverInsert & { firstSentence: number; sentenceCount: number },
) {
  const end = row.firstSentence + row.sentenceCount;
  await tx
    .delete(voiceOvers)
    .where(
      and(
        eq(voiceOvers.itemId, row.itemId),
        eq(voiceOvers.lang, row.lang),
        eq(voiceOvers.part, row.part),
        eq(voiceOvers.kind, 'recorded'),
        lt(voiceOvers.firstSentence, end),
        gt(sql`${voiceOvers.firstSentence} + ${voiceOvers.sentenceCount}`, row.firstSentence),
      ),
    );
  const [saved] = await tx.insert(voiceOvers).values(row).returning();
  return saved!;
}

// ---------------------------------------------------------------- the queue

/** A job for each published version that has none; the others are left as they are. */
export async function queueVersions(
  db: DbOrTx,
  versions: readonly { itemId: string; lang: LanguageCode; version: number }[],
  now = new Date(),
): Promise<number> {
  if (!versions.length) return 0;
  const added = await db
    .insert(voiceOverJobs)
    // On the server's clock, to the millisecond, as claimJob compares it: the database's own now()
    // has microseconds, and a job queued within the millisecond of a claim would wait for the next.
    .values(versions.map((v) => ({ itemId: v.itemId, lang: v.lang, version: v.version, runAfter: now })))
    .onConflictDoNothing()
    .returning({ id: voiceOverJobs.id });
  return added.length;
}

/**
 * Claims the job that has waited longest and may run now (or one whose running instance stopped:
 * its lease has passed) for this instance: locked without waiting, so two instances never take the
 * same job, marked running with a lease, its try counted.
 */
export function claimJob(db: Db, now: Date, leaseMs: number): Promise<JobRow | null> {
  return db.transaction(async (tx) => {
    const [job] = await tx
      .select()
      .from(voiceOverJobs)
      .where(
        or(
          and(eq(voiceOverJobs.state, 'queued'), lte(voiceOverJobs.runAfter, now)),
          and(eq(voiceOverJobs.state, 'running'), lt(voiceOverJobs.leaseUntil, now)),
        ),
      )
      .orderBy(asc(voiceOverJobs.runAfter))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!job) return null;
    const [claimed] = await tx
      .update(voiceOverJobs)
      .set({
        state: 'running',
        attempts: job.attempts + 1,
        leaseUntil: new Date(now.getTime() + leaseMs),
        updatedAt: now,
      })
      .where(eq(voiceOverJobs.id, job.id))
      .returning();
    return claimed ?? null;
  });
}

/** Keeps a running job's lease while it works. */
export async function extendLease(db: DbOrTx, id: string, until: Date): Promise<void> {
  await db
    .update(voiceOverJobs)
    .set({ leaseUntil: until })
    .where(and(eq(voiceOverJobs.id, id), eq(voiceOverJobs.state, 'running')));
}

export async function finishJob(db: DbOrTx, id: string, counts: { synthesised: number; skipped: number }) {
  await db
    .update(voiceOverJobs)
    .set({ state: 'done', ...counts, leaseUntil: null, lastError: null, finishedAt: new Date(), updatedAt: new Date() })
    .where(eq(voiceOverJobs.id, id));
}

/** A failed try: queued again after `retryAfter`, or failed for good once its tries are spent. */
export async function failJob(db: DbOrTx, job: JobRow, error: string, retryAt: Date): Promise<VoiceJobState> {
  const state: VoiceJobState = job.attempts >= VOICE_JOB_MAX_ATTEMPTS ? 'failed' : 'queued';
  await db
    .update(voiceOverJobs)
    .set({
      state,
      lastError: error,
      leaseUntil: null,
      runAfter: retryAt,
      updatedAt: new Date(),
      ...(state === 'failed' ? { finishedAt: new Date() } : {}),
    })
    .where(eq(voiceOverJobs.id, job.id));
  return state;
}

export function findJob(db: DbOrTx, id: string): Promise<JobRow | undefined> {
  return db
    .select()
    .from(voiceOverJobs)
    .where(eq(voiceOverJobs.id, id))
    .then((rows) => rows[0]);
}

/** A failed job queued again now, with its tries counted afresh; null when it is not failed. */
export async function requeueJob(db: DbOrTx, id: string): Promise<JobRow | null> {
  const [row] = await db
    .update(voiceOverJobs)
    .set({ state: 'queued', attempts: 0, runAfter: new Date(), finishedAt: null, updatedAt: new Date() })
    .where(and(eq(voiceOverJobs.id, id), eq(voiceOverJobs.state, 'failed')))
    .returning();
  return row ?? null;
}

export async function listJobs(
  db: DbOrTx,
  filter: { state?: VoiceJobState; lang?: LanguageCode; offset: number; limit: number },
): Promise<{ rows: JobRow[]; total: number }> {
  const where = and(
    filter.state ? eq(voiceOverJobs.state, filter.state) : undefined,
    filter.lang ? eq(voiceOverJobs.lang, filter.lang) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(voiceOverJobs)
      .where(where)
      .orderBy(desc(voiceOverJobs.updatedAt), asc(voiceOverJobs.id))
      .offset(filter.offset)
      .limit(filter.limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(voiceOverJobs)
      .where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}
