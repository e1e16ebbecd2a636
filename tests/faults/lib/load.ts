// Learners at work while a fault happens: each completes lessons and videos, submits quizzes and
// reads its progress in a loop. Every answer is recorded (status or failure kind, when sent and
// answered), and every write the server acknowledged (2xx) goes into a ledger that is checked
// against the database afterwards: an acknowledged write must never be lost.
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Answer, Learner, LearningMap } from './learner';
import { sleep } from './report';

export type CallKind = 'complete' | 'quiz' | 'read';

export interface Record {
  kind: CallKind;
  status: number;
  error?: string;
  detail?: string;
  sentAt: number;
  answeredAt: number;
  retryAfter: string | null;
  code?: string;
}

/** The writes the server acknowledged, per learner's mobile number. */
export class Ledger {
  readonly completions = new Map<string, Set<string>>();
  readonly quizAttempts = new Map<string, number>();

  acknowledge(kind: CallKind, mobile: string, id: string): void {
    if (kind === 'complete') {
      let set = this.completions.get(mobile);
      if (!set) this.completions.set(mobile, (set = new Set()));
      set.add(id);
    } else if (kind === 'quiz') {
      this.quizAttempts.set(mobile, (this.quizAttempts.get(mobile) ?? 0) + 1);
    }
  }

  get completionCount(): number {
    let n = 0;
    for (const set of this.completions.values()) n += set.size;
    return n;
  }

  get quizAttemptCount(): number {
    let n = 0;
    for (const count of this.quizAttempts.values()) n += count;
    return n;
  }

  /** What the database lacks of the acknowledged writes: missing completions and quiz attempts. */
  missingFrom(stored: StoredWrites): { completions: string[]; quizAttempts: string[] } {
    const completions: string[] = [];
    for (const [mobile, ids] of this.completions) {
      const have = stored.completions.get(mobile);
      for (const id of ids) if (!have?.has(id)) completions.push(`${mobile}/${id}`);
    }
    const quizAttempts: string[] = [];
    for (const [mobile, count] of this.quizAttempts) {
      const have = stored.quizAttempts.get(mobile) ?? 0;
      if (have < count) quizAttempts.push(`${mobile}: ${count} acknowledged, ${have} stored`);
    }
    return { completions, quizAttempts };
  }
}

export interface StoredWrites {
  completions: Map<string, Set<string>>;
  quizAttempts: Map<string, number>;
}

const COMPLETIONS_SQL = `select u.mobile, coalesce(c.lesson_id, c.video_id)::text as id
  from completions c join users u on u.id = c.user_id`;
const QUIZ_ATTEMPTS_SQL = `select u.mobile, count(*)::int as n from quiz_attempts a join users u on u.id = a.user_id group by u.mobile`;

function toStored(
  completions: { mobile: string; id: string }[],
  attempts: { mobile: string; n: number }[],
): StoredWrites {
  const stored: StoredWrites = { completions: new Map(), quizAttempts: new Map() };
  for (const { mobile, id } of completions) {
    let set = stored.completions.get(mobile);
    if (!set) stored.completions.set(mobile, (set = new Set()));
    set.add(id);
  }
  for (const { mobile, n } of attempts) stored.quizAttempts.set(mobile, Number(n));
  return stored;
}

/** The writes stored in a PostgreSQL database. */
export async function storedInPostgres(url: string): Promise<StoredWrites> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const completions = await client.query<{ mobile: string; id: string }>(COMPLETIONS_SQL);
    const attempts = await client.query<{ mobile: string; n: number }>(QUIZ_ATTEMPTS_SQL);
    return toStored(completions.rows, attempts.rows);
  } finally {
    await client.end();
  }
}

/** Opens an embedded database folder (no server may hold it), reads the stored writes, closes it. */
export async function storedInPglite(pgdata: string): Promise<StoredWrites & { tables: number }> {
  const db = new PGlite(pgdata);
  try {
    await db.waitReady;
    const completions = await db.query<{ mobile: string; id: string }>(COMPLETIONS_SQL);
    const attempts = await db.query<{ mobile: string; n: number }>(QUIZ_ATTEMPTS_SQL);
    const tables = await db.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname = 'public'`,
    );
    return { ...toStored(completions.rows, attempts.rows), tables: tables.rows[0]!.n };
  } finally {
    await db.close();
  }
}

/** The writes stored, as the server tells each learner (the DPDP copy of their data, GET /api/user/me/export). */
export async function storedThroughServer(learners: Learner[]): Promise<StoredWrites> {
  const completions: { mobile: string; id: string }[] = [];
  const attempts: { mobile: string; n: number }[] = [];
  for (const learner of learners) {
    const answer = await learner.call('GET', '/api/user/me/export');
    if (answer.status !== 200)
      throw new Error(`export of ${learner.mobile}: ${answer.status} ${answer.error ?? JSON.stringify(answer.body)}`);
    const data = answer.body as {
      completions: { lessonId: string | null; videoId: string | null }[];
      quizAttempts: unknown[];
    };
    for (const c of data.completions) completions.push({ mobile: learner.mobile, id: (c.lessonId ?? c.videoId)! });
    attempts.push({ mobile: learner.mobile, n: data.quizAttempts.length });
  }
  return toStored(completions, attempts);
}

export interface Traffic {
  records: Record[];
  ledger: Ledger;
  /** Where each learner is in the map, so work carries on where it stopped (new lessons, not the same ones). */
  places: Map<string, { step: number; next: number; quiz: number }>;
}

export function newTraffic(): Traffic {
  return { records: [], ledger: new Ledger(), places: new Map() };
}

function record(traffic: Traffic, kind: CallKind, answer: Answer): Record {
  const entry: Record = {
    kind,
    status: answer.status,
    sentAt: answer.sentAt,
    answeredAt: answer.answeredAt,
    retryAfter: answer.headers?.get('retry-after') ?? null,
  };
  if (answer.error) {
    entry.error = answer.error;
    entry.detail = answer.detail;
  }
  const code = (answer.body as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string') entry.code = code;
  traffic.records.push(entry);
  return entry;
}

/** Enrols every learner in every course (before the fault: enrolment is not what is measured). */
export async function enrolEverywhere(learners: Learner[], map: LearningMap): Promise<void> {
  await Promise.all(
    learners.map(async (learner) => {
      for (const { lang, courseId } of map.courses) {
        const answer = await learner.call('POST', `/api/progress/${lang}/${courseId}`);
        if (answer.status !== 200 && answer.status !== 201) {
          throw new Error(
            `enrolling ${learner.mobile} in ${lang}/${courseId}: ${answer.status} ${answer.error ?? JSON.stringify(answer.body)}`,
          );
        }
      }
    }),
  );
}

/**
 * Every learner works until `stop()` says so: two completions, a quiz submission and a progress
 * read, over and over, each learner starting at its own place in the map. After an answer that is
 * not 2xx it waits `pauseAfterFailureMs`, as a person would before trying again.
 */
export async function work(
  learners: Learner[],
  map: LearningMap,
  traffic: Traffic,
  stop: () => boolean,
  pauseAfterFailureMs = 200,
): Promise<void> {
  await Promise.all(
    learners.map(async (learner, index) => {
      let place = traffic.places.get(learner.mobile);
      if (!place)
        traffic.places.set(
          learner.mobile,
          (place = { step: 0, next: (index * 7) % map.completables.length, quiz: index % map.quizzes.length }),
        );
      for (; !stop(); place.step++) {
        const step = place.step;
        let entry: Record;
        switch (step % 4) {
          case 0:
          case 1: {
            const item = map.completables[place.next]!;
            place.next = (place.next + 1) % map.completables.length;
            entry = record(traffic, 'complete', await learner.call('POST', item.path));
            if (entry.status >= 200 && entry.status < 300)
              traffic.ledger.acknowledge('complete', learner.mobile, item.id);
            break;
          }
          case 2: {
            const target = map.quizzes[place.quiz]!;
            place.quiz = (place.quiz + 1) % map.quizzes.length;
            entry = record(traffic, 'quiz', await learner.call('POST', target.path, { answers: target.answers }));
            if (entry.status >= 200 && entry.status < 300)
              traffic.ledger.acknowledge('quiz', learner.mobile, target.quizId);
            break;
          }
          default: {
            const course = map.courses[step % map.courses.length]!;
            entry = record(
              traffic,
              'read',
              await learner.call('GET', `/api/progress/${course.lang}/${course.courseId}/progress`),
            );
          }
        }
        if (entry.status < 200 || entry.status >= 300) await sleep(pauseAfterFailureMs);
      }
    }),
  );
}

/** Counts of records by outcome: "200", "503", "timeout", ... */
export function outcomes(records: Record[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of records) {
    const key = r.error ?? String(r.status);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

export function describeOutcomes(records: Record[]): string {
  const counts = [...outcomes(records)].sort(([a], [b]) => a.localeCompare(b));
  return counts.length ? counts.map(([key, n]) => `${key}: ${n}`).join(', ') : 'none';
}

/** The slowest calls, for a failure's figures: kind, outcome and how long each took. */
export function slowest(records: Record[], n = 3): string {
  return [...records]
    .sort((a, b) => b.answeredAt - b.sentAt - (a.answeredAt - a.sentAt))
    .slice(0, n)
    .map((r) => `${r.kind} ${r.error ?? r.status} in ${((r.answeredAt - r.sentAt) / 1000).toFixed(1)} s`)
    .join(', ');
}
