// An event's results, computed from what the server kept: each ranked entry's right answers (never a
// late one) and its measured time, ranked by the rules; first names and districts from the users module
// (read when asked, so a district the entrant changes shows at once). Computed
// and stored when the results are published and again at a disqualification during the review
// period (`storeRanking`), so the leaderboard and an entrant's result are a read of stored rows.
import { DEFAULT_LANGUAGE, type LanguageCode } from '../../../contract/languages';
import type { DbOrTx } from '../../db/client';
import { entrantNames } from '../users/service';
import * as repo from './repository';
import { correctCount, measuredMs, rankEntries, type EventQuestionKey } from './rules';

export interface RankedEntry {
  id: string;
  number: number;
  userId: string | null;
  correct: number;
  total: number;
  timeMs: number;
  rank: number;
  firstName: string;
  district: string | null;
}

/** The first word of a name: what the leaderboard and the results file show, never the full name. */
export function firstNameOf(name: string | undefined): string {
  return name?.trim().split(/\s+/u)[0] ?? '';
}

/** The keys of an event's pool, by question id. */
export async function poolKeys(db: DbOrTx, eventId: string): Promise<Map<string, EventQuestionKey>> {
  const pool = await repo.poolOf(db, eventId);
  return new Map(pool.map((q) => [q.id, { id: q.id, type: q.type as EventQuestionKey['type'], correct: q.correct }]));
}

/** Every ranked entry of the event (submitted or closed by the server), best first. */
export async function rankedEntries(db: DbOrTx, eventId: string): Promise<RankedEntry[]> {
  const [entries, keys] = await Promise.all([repo.rankableEntries(db, eventId), poolKeys(db, eventId)]);
  const answers = await repo.answersOf(
    db,
    entries.map((e) => e.id),
  );
  const byEntry = new Map<string, typeof answers>();
  for (const answer of answers) byEntry.set(answer.entryId, [...(byEntry.get(answer.entryId) ?? []), answer]);
  const names = await entrantNames(db, [...new Set(entries.flatMap((e) => (e.userId ? [e.userId] : [])))]);
  const scored = entries.map((entry) => {
    const entryKeys = (entry.questionIds ?? []).flatMap((id) => keys.get(id) ?? []);
    return {
      id: entry.id,
      number: entry.number,
      userId: entry.userId,
      correct: correctCount(entryKeys, byEntry.get(entry.id) ?? []),
      total: entryKeys.length,
      timeMs: measuredMs({ startedAt: entry.startedAt!, deadline: entry.deadline!, submittedAt: entry.submittedAt }),
      firstName: firstNameOf(entry.userId ? names.get(entry.userId)?.name : undefined),
      district: (entry.userId ? names.get(entry.userId)?.district : null) ?? null,
    };
  });
  return rankEntries(scored);
}

/** A text in the language asked for, else in English; with the language it is in. */
export function inLanguage<T extends { lang: string }>(
  rows: readonly T[],
  lang: LanguageCode,
): { row: T; lang: LanguageCode } | undefined {
  const own = rows.find((r) => r.lang === lang);
  if (own) return { row: own, lang };
  const english = rows.find((r) => r.lang === DEFAULT_LANGUAGE);
  return english ? { row: english, lang: DEFAULT_LANGUAGE } : undefined;
}

/** Computes the ranking and stores it with the entries (in the caller's transaction). */
export async function storeRanking(db: DbOrTx, eventId: string): Promise<void> {
  const ranked = await rankedEntries(db, eventId);
  await repo.storeResults(db, eventId, ranked);
}

/** The stored ranking with first names: the leaderboard's and the results file's rows. */
export async function storedRanking(db: DbOrTx, eventId: string): Promise<RankedEntry[]> {
  const rows = await repo.storedResults(db, eventId);
  const names = await entrantNames(db, [...new Set(rows.flatMap((r) => (r.userId ? [r.userId] : [])))]);
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    userId: r.userId,
    correct: r.correct ?? 0,
    total: 0,
    timeMs: r.timeMs ?? 0,
    rank: r.rank!,
    firstName: firstNameOf(r.userId ? names.get(r.userId)?.name : undefined),
    district: (r.userId ? names.get(r.userId)?.district : null) ?? null,
  }));
}
