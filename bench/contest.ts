// npm run bench:contest — the event quiz's rush (design section 6, issue 26): BENCH_ENTRANTS (2,000)
// entrants start their entry within BENCH_ARRIVAL_SECONDS (60) and answer, against the real
// application on one machine, first on PostgreSQL and then on PGlite (BENCH_DATABASES=postgres,pglite).
//
// For each database: a fresh one (PostgreSQL: bench_contest_<time> on BENCH_PG_URL, default
// postgres://postgres@127.0.0.1:5432; PGlite: a temporary data folder), migrated, with the entrants
// (an account and a session each, written in one statement as bench:api does) and an event open now
// (a pool of BENCH_POOL (30) questions, BENCH_QUESTIONS (10) per entry, 15 minutes each). The
// application runs in a child process (bench/api-server.ts, with the entries' closing rounds as
// main.ts runs them). Each entrant arrives at a random moment of the arrival minute, starts its
// entry (POST /api/events/{key}/entry), then answers its questions one by one, pausing
// BENCH_THINK_MS (4,000) on average between answers (half to one and a half times it, as a person
// reads), and submits. Each comes from an address of its own (X-Forwarded-For, as behind a carrier's
// proxy), so no per-address limit is what is measured.
//
// Prints, per database: the start's, each answer's and the submission's count, errors, p50, p99 and
// longest; the answers' p50 and p99 by their place in the entry; the busiest second's calls; the CPU
// seconds of the application, PostgreSQL and this script; and the verdict against the target (p99
// under 500 ms). Bounded: the arrival minute plus the answers (each call gives up after 30 s, the
// whole run after BENCH_MAX_SECONDS (300)); traffic goes only to 127.0.0.1; the database and the data
// folder are removed at the end (BENCH_KEEP=1 keeps them). BENCH_PROFILE=1 runs the application with
// V8's CPU profiler and prints where its time went. The machine is shared: run it on a quiet one and
// read the figures with its load in mind.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase, type Database } from '../server/db/client';
import { sessions } from '../server/db/schema/auth';
import { users } from '../server/db/schema/users';
import { createTestEvent } from '../server/modules/events/event-test-helpers';
import type { EntryAnswer } from '../contract/events';
import { quantile, sleep } from '../tests/faults/lib/report';
import { newestProfile, topFrames } from './cpu-profile';
import { cpuSecondsNamed, cpuSecondsOf } from './process-cpu';
import { admin, root, serverUrl, startChild, stopChild, timed as timedStep } from './shared';
import { table } from './table';

const positive = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name}: a positive number`);
  return value;
};
const ENTRANTS = Math.round(positive('BENCH_ENTRANTS', 2000));
const ARRIVAL_MS = positive('BENCH_ARRIVAL_SECONDS', 60) * 1000;
const THINK_MS = positive('BENCH_THINK_MS', 4000);
const POOL = Math.round(positive('BENCH_POOL', 30));
const QUESTIONS = Math.round(positive('BENCH_QUESTIONS', 10));
const MAX_MS = positive('BENCH_MAX_SECONDS', 300) * 1000;
const CALL_TIMEOUT_MS = 30_000;
const P99_TARGET_MS = 500;
const KEEP = process.env.BENCH_KEEP === '1';
const PROFILE = process.env.BENCH_PROFILE === '1';
const PROFILE_DIR = path.join(root, 'bench/results/profiles');
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',').map((d) => d.trim());
if (DATABASES.some((d) => d !== 'postgres' && d !== 'pglite')) throw new Error('BENCH_DATABASES: postgres, pglite');
if (QUESTIONS > POOL) throw new Error('BENCH_QUESTIONS cannot be more than BENCH_POOL');

const log = (message: string) => console.log(`[bench:contest] ${message}`);
const timed = <T>(label: string, fn: () => Promise<T>) => timedStep(log, label, fn);

interface Call {
  kind: 'start' | 'answer' | 'submit';
  /** The answer's place in the entry (1 for the first), for answers. */
  place: number;
  sentAt: number;
  ms: number;
  status: number | 'timeout' | 'error';
  /** A refusal's message code (or the answer's first words), to say what went wrong. */
  code?: string;
}

/** The entrants' accounts and sessions (token `contest-<n>`, its SHA-256 stored as sign-in stores it), and the open event. */
async function prepare(database: Database): Promise<{ key: string; cookies: string[] }> {
  const { db } = database;
  const tokens = Array.from({ length: ENTRANTS }, (_, n) => `contest-${n}-${Date.now()}`);
  const rows = await db
    .insert(users)
    .values(tokens.map((_, n) => ({ mobile: `91${7_000_000_000 + n}`, name: `Entrant ${n}` })))
    .returning({ id: users.id });
  const expiresAt = new Date(Date.now() + 86_400_000);
  await db.insert(sessions).values(
    rows.map((row, n) => ({
      tokenHash: createHash('sha256').update(tokens[n]!).digest('hex'),
      userId: row.id,
      expiresAt,
    })),
  );
  // Open all day from yesterday to tomorrow (IST), so the run never meets a closing time.
  const event = await createTestEvent(db, {
    poolSize: POOL,
    questionsPerEntry: QUESTIONS,
    timeLimitSeconds: 900,
    minorsAllowed: true,
  });
  return { key: event.key, cookies: tokens.map((token) => `sid=${token}`) };
}

/** One call, timed from the request to the whole answer read. */
async function call(
  origin: string,
  method: string,
  url: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<{ ms: number; status: Call['status']; json: unknown; code?: string }> {
  const sentAt = performance.now();
  try {
    const response = await fetch(`${origin}${url}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    const text = await response.text();
    const ms = performance.now() - sentAt;
    let json: unknown = undefined;
    try {
      json = JSON.parse(text);
    } catch {
      // Not JSON: kept as undefined, the status says the rest.
    }
    const code = response.ok ? undefined : ((json as { code?: string } | undefined)?.code ?? text.slice(0, 40));
    return { ms, status: response.status, json, code };
  } catch (error) {
    const ms = performance.now() - sentAt;
    return { ms, status: (error as Error).name === 'TimeoutError' ? 'timeout' : 'error', json: undefined };
  }
}

/** An entrant: arrives, starts, answers each question after a pause, submits. */
async function entrant(
  origin: string,
  key: string,
  cookie: string,
  index: number,
  arriveAt: number,
  begun: number,
  calls: Call[],
  stopAt: number,
) {
  await sleep(Math.max(0, begun + arriveAt - performance.now()));
  const headers = { cookie, 'x-forwarded-for': `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}` };
  const record = (
    kind: Call['kind'],
    place: number,
    sentAt: number,
    answer: { ms: number; status: Call['status']; code?: string },
  ) => calls.push({ kind, place, sentAt: sentAt - begun, ms: answer.ms, status: answer.status, code: answer.code });

  let sentAt = performance.now();
  const started = await call(origin, 'POST', `/api/events/${key}/entry`, headers, { lang: 'en', age: 30 });
  record('start', 0, sentAt, started);
  if (started.status !== 200) return;
  const { entry } = started.json as EntryAnswer;
  for (const [i, question] of entry.questions.entries()) {
    await sleep(THINK_MS * (0.5 + Math.random()));
    if (performance.now() > stopAt) return;
    // A single answer picks one option; a multi answer the first two: a valid answer, right or not.
    const selected = question.options.slice(0, question.type === 'multi' ? 2 : 1).map((o) => o.id);
    sentAt = performance.now();
    const answered = await call(origin, 'POST', `/api/events/${key}/entry/answers`, headers, {
      questionId: question.id,
      selected,
    });
    record('answer', i + 1, sentAt, answered);
  }
  sentAt = performance.now();
  record('submit', 0, sentAt, await call(origin, 'POST', `/api/events/${key}/entry/submit`, headers, undefined));
}

const ms = (value: number) => `${Math.round(value)}`;

function report(name: string, calls: Call[], wallMs: number, cpu: Record<string, number>, loadBefore: number) {
  const rows = (['start', 'answer', 'submit'] as const).map((kind) => {
    const of = calls.filter((c) => c.kind === kind);
    const times = of.map((c) => c.ms);
    const errors = of.filter((c) => c.status !== 200);
    return [
      kind === 'answer' ? 'each answer' : kind,
      String(of.length),
      String(errors.length),
      ms(quantile(times, 0.5)),
      ms(quantile(times, 0.99)),
      ms(Math.max(0, ...times)),
    ];
  });
  console.log(
    `\n### ${name}: ${ENTRANTS} entrants starting within ${ARRIVAL_MS / 1000} s, ${QUESTIONS} answers each\n`,
  );
  console.log(table(['call', 'calls', 'errors', 'p50 ms', 'p99 ms', 'longest ms'], rows));
  const places = Array.from({ length: QUESTIONS }, (_, i) => {
    const times = calls.filter((c) => c.kind === 'answer' && c.place === i + 1).map((c) => c.ms);
    return [`answer ${i + 1}`, String(times.length), ms(quantile(times, 0.5)), ms(quantile(times, 0.99))];
  });
  console.log(`\n${table(['answer by place', 'calls', 'p50 ms', 'p99 ms'], places)}`);
  // The run in stretches of 15 s: whether the slow answers are the arrival minute's rush or spread out.
  const stretches = new Map<number, number[]>();
  for (const c of calls) {
    if (c.kind === 'submit') continue;
    const at = Math.floor(c.sentAt / 15_000);
    stretches.set(at, [...(stretches.get(at) ?? []), c.ms]);
  }
  console.log(
    `\n${table(
      ['seconds from the first arrival', 'starts and answers', 'a second', 'p50 ms', 'p99 ms'],
      [...stretches.entries()]
        .sort(([a], [b]) => a - b)
        .map(([at, times]) => [
          `${at * 15}–${at * 15 + 15}`,
          String(times.length),
          (times.length / 15).toFixed(0),
          ms(quantile(times, 0.5)),
          ms(quantile(times, 0.99)),
        ]),
    )}`,
  );
  const perSecond = new Map<number, number>();
  for (const c of calls)
    perSecond.set(Math.floor(c.sentAt / 1000), (perSecond.get(Math.floor(c.sentAt / 1000)) ?? 0) + 1);
  const busiest = Math.max(0, ...perSecond.values());
  console.log(
    `\nwall time ${(wallMs / 1000).toFixed(1)} s; ${calls.length} calls, ${(calls.length / (wallMs / 1000)).toFixed(0)} a second on average, ${busiest} in the busiest second`,
  );
  console.log(
    `the machine's load average (1 min) before and after: ${loadBefore.toFixed(1)}, ${os.loadavg()[0]!.toFixed(1)}`,
  );
  console.log(
    `CPU seconds: ${Object.entries(cpu)
      .map(([part, seconds]) => `${part} ${seconds.toFixed(1)}`)
      .join(', ')} (the machine has ${os.cpus().length} cores)`,
  );
  const failures = new Map<string, number>();
  for (const c of calls)
    if (c.status !== 200) {
      const what = `${c.kind} ${c.status}${c.code ? ` ${c.code}` : ''}`;
      failures.set(what, (failures.get(what) ?? 0) + 1);
    }
  if (failures.size) console.log(`errors: ${[...failures].map(([what, count]) => `${what} × ${count}`).join(', ')}`);
  const worst = Math.max(
    ...(['start', 'answer'] as const).map((kind) =>
      quantile(
        calls.filter((c) => c.kind === kind).map((c) => c.ms),
        0.99,
      ),
    ),
  );
  const verdict = worst < P99_TARGET_MS && failures.size === 0 ? 'within' : 'OVER';
  console.log(`verdict: ${verdict} the target (start and answer p99 under ${P99_TARGET_MS} ms, no errors)`);
}

async function run(kind: 'postgres' | 'pglite') {
  const stamp = `${Date.now()}`;
  const dbName = `bench_contest_${stamp}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jgk-bench-contest-'));
  const databaseUrl = kind === 'postgres' ? `${serverUrl}/${dbName}` : '';
  if (kind === 'postgres') await admin((client) => client.query(`create database ${dbName}`));
  let child: Awaited<ReturnType<typeof startChild>>['child'] | undefined;
  try {
    const database = await timed(`${kind}: migrated`, () =>
      openDatabase(kind === 'postgres' ? { databaseUrl, poolSize: 4 } : { pgliteDir: path.join(dataDir, 'pgdata') }),
    );
    let prepared: { key: string; cookies: string[] };
    try {
      prepared = await timed(`${kind}: ${ENTRANTS} entrants signed in, an event of ${POOL} questions open`, () =>
        prepare(database),
      );
    } finally {
      await database.close();
    }
    const started = await startChild(
      {
        ...(kind === 'postgres' ? { BENCH_DATABASE_URL: databaseUrl } : { BENCH_DATA_DIR: dataDir }),
        BENCH_EVENT_ROUNDS: '1',
        API_RATE_LIMIT_PER_MINUTE: '600',
      },
      PROFILE ? ['--cpu-prof', '--cpu-prof-dir', PROFILE_DIR] : [],
    );
    child = started.child;
    const origin = `http://127.0.0.1:${started.port}`;
    // A few reads first, so the first entrants do not pay for the process's warm-up alone.
    for (let i = 0; i < 20; i++) await fetch(`${origin}/api/events/public/en/${prepared.key}`);

    const loadBefore = os.loadavg()[0]!;
    const cpuBefore = {
      application: cpuSecondsOf(child.pid!),
      postgres: cpuSecondsNamed('postgres'),
      script: process.cpuUsage(),
    };
    const calls: Call[] = [];
    const begun = performance.now();
    const stopAt = begun + MAX_MS;
    log(`${kind}: ${ENTRANTS} entrants arriving over ${ARRIVAL_MS / 1000} s…`);
    await Promise.race([
      Promise.all(
        prepared.cookies.map((cookie, index) =>
          entrant(origin, prepared.key, cookie, index, Math.random() * ARRIVAL_MS, begun, calls, stopAt),
        ),
      ),
      sleep(MAX_MS + CALL_TIMEOUT_MS),
    ]);
    const wallMs = performance.now() - begun;
    const script = process.cpuUsage(cpuBefore.script);
    report(
      kind === 'postgres' ? 'PostgreSQL' : 'PGlite',
      [...calls],
      wallMs,
      {
        application: cpuSecondsOf(child.pid!) - cpuBefore.application,
        ...(kind === 'postgres' ? { postgres: cpuSecondsNamed('postgres') - cpuBefore.postgres } : {}),
        'this script': (script.user + script.system) / 1e6,
      },
      loadBefore,
    );
  } finally {
    if (child) await stopChild(child);
    const profile = PROFILE ? newestProfile(PROFILE_DIR) : undefined;
    if (profile) {
      console.log(`\nthe application's CPU by function (self time; ${path.relative(root, profile)}):`);
      for (const { frame, percent } of topFrames(profile, root, 20))
        console.log(`${percent.toFixed(1).padStart(5)}%  ${frame}`);
    }
    if (!KEEP) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (kind === 'postgres') await admin((client) => client.query(`drop database if exists ${dbName} with (force)`));
    } else log(`kept: ${kind === 'postgres' ? dbName : dataDir}`);
  }
}

log(
  `${ENTRANTS} entrants over ${ARRIVAL_MS / 1000} s, ${QUESTIONS} of ${POOL} questions each, ${THINK_MS} ms between answers on average; databases: ${DATABASES.join(', ')}`,
);
for (const kind of DATABASES) await run(kind as 'postgres' | 'pglite');
process.exit(0);
