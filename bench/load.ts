// npm run bench:load — 500 learners at once for 60 s against the real server (server/main.ts in a
// child process), on PostgreSQL and on the embedded default. Each learner signs up with a one-time
// password (the console SMS provider's log line, as in development), enrols in the course of its
// language, then reads its progress, completes lessons and submits quizzes, call after call without
// pause (BENCH_THINK_MS to add one), each from an address of its own (X-Forwarded-For, the bench as
// the trusted proxy, so the server's own per-address limits apply as behind a load balancer).
//
// Prints, per database: calls by kind with p50/p99, errors (any answer but the expected 2xx, or 404
// for a new number asking for a code) and timeouts (no answer within 20 s), the writes acknowledged
// and whether every one is in the database afterwards, and the server's memory (RSS) before and
// after. Not a test: figures to compare, not thresholds.
//
// BENCH_LEARNERS (500), BENCH_SECONDS (60), BENCH_THINK_MS (0), BENCH_TARGETS (postgres,embedded),
// BENCH_PG_URL (postgres://postgres@127.0.0.1:5432: a database load_<time> is created and dropped).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { Learner, learners, learningMap, type Answer, type LearningMap } from '../tests/faults/lib/learner';
import { Ledger, storedInPglite, storedInPostgres, type StoredWrites } from '../tests/faults/lib/load';
import { quantile, sleep } from '../tests/faults/lib/report';
import { startServer, type ServerProcess } from '../tests/faults/lib/server-process';
import { learnerName } from '../server/test/learner-names';
import { table } from './table';

const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 0);
const TARGETS = (process.env.BENCH_TARGETS ?? 'postgres,embedded').split(',').map((t) => t.trim());
const PG_SERVER = (process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');
const TIMEOUT_MS = 20_000;

type Kind = 'send code' | 'register' | 'enrol' | 'progress' | 'complete' | 'quiz';
const KINDS: Kind[] = ['send code', 'register', 'enrol', 'progress', 'complete', 'quiz'];

interface Call {
  kind: Kind;
  ms: number;
  ok: boolean;
  outcome: string;
}

const log = (message: string) => console.log(`[load] ${message}`);

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** One learner's hour, compressed: sign up, enrol, then progress, lesson, lesson, quiz, ... until the end. */
async function learnerRun(
  server: ServerProcess,
  learner: Learner,
  index: number,
  map: LearningMap,
  endAt: number,
  calls: Call[],
  ledger: Ledger,
) {
  const record = (kind: Kind, answer: Answer, expected: number[]) => {
    const ok = expected.includes(answer.status);
    calls.push({ kind, ms: answer.answeredAt - answer.sentAt, ok, outcome: answer.error ?? String(answer.status) });
    return ok;
  };
  const sent = await learner.call('POST', '/api/user/send-otp', { mobile: learner.mobile });
  if (!record('send code', sent, [404])) return;
  let otp: string;
  try {
    otp = await server.otpFor(learner.mobile, TIMEOUT_MS);
  } catch {
    calls.push({ kind: 'send code', ms: TIMEOUT_MS, ok: false, outcome: 'no code logged' });
    return;
  }
  if (
    !record(
      'register',
      await learner.call('POST', '/api/user/register', { mobile: learner.mobile, otp, name: learnerName(index) }),
      [200],
    )
  )
    return;
  const course = map.courses[index % map.courses.length]!;
  const base = `/api/progress/${course.lang}/${course.courseId}`;
  if (!record('enrol', await learner.call('POST', base), [201])) return;
  const items = map.completables.filter((c) => c.courseId === course.courseId);
  const quizzes = map.quizzes.filter((q) => q.courseId === course.courseId);
  for (let step = 0; performance.now() < endAt; step++) {
    if (step % 4 === 0) {
      record('progress', await learner.call('GET', `${base}/progress`), [200]);
    } else if (step % 4 === 3) {
      const quiz = quizzes[step % quizzes.length]!;
      if (record('quiz', await learner.call('POST', quiz.path, { answers: quiz.answers }), [200]))
        ledger.acknowledge('quiz', learner.mobile, quiz.quizId);
    } else {
      const item = items[step % items.length]!;
      if (record('complete', await learner.call('POST', item.path), [200]))
        ledger.acknowledge('complete', learner.mobile, item.id);
    }
    if (THINK_MS) await sleep(THINK_MS);
  }
}

interface Result {
  target: string;
  calls: Call[];
  seconds: number;
  rssBefore: number;
  rssAfter: number;
  acknowledged: string;
  missing: number;
  load: string;
}

async function runAgainst(target: string): Promise<Result> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `jgk-load-${target}-`));
  let databaseName: string | undefined;
  let databaseUrl = '';
  if (target === 'postgres') {
    databaseName = `load_${Date.now()}`;
    const admin = new pg.Client({ connectionString: `${PG_SERVER}/postgres` });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    databaseUrl = `${PG_SERVER}/${databaseName}`;
  } else if (target !== 'embedded') {
    throw new Error(`BENCH_TARGETS: unknown target ${target} (postgres, embedded)`);
  }
  const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  try {
    log(`${target}: server ready in ${await server.waitReady(180_000)} ms (pid ${server.pid})`);
    const map = await learningMap(server.url);
    await sleep(2000);
    const rssBefore = rssMb(server.pid);
    const loadBefore = os.loadavg()[0]!.toFixed(1);
    log(
      `${target}: ${LEARNERS} learners for ${SECONDS} s (machine load average ${loadBefore} on ${os.cpus().length} cores)`,
    );
    const calls: Call[] = [];
    const ledger = new Ledger();
    const people = learners(server.url, LEARNERS).map((l) => new Learner(l.baseUrl, l.mobile, l.address, TIMEOUT_MS));
    const start = performance.now();
    const endAt = start + SECONDS * 1000;
    await Promise.all(people.map((learner, i) => learnerRun(server, learner, i, map, endAt, calls, ledger)));
    const seconds = (performance.now() - start) / 1000;
    const rssAfter = rssMb(server.pid);

    let stored: StoredWrites;
    if (target === 'postgres') {
      stored = await storedInPostgres(databaseUrl);
      await server.stop('SIGTERM');
    } else {
      await server.stop('SIGTERM');
      stored = await storedInPglite(path.join(dataDir, 'pgdata'));
    }
    const missing = ledger.missingFrom(stored);
    return {
      target,
      calls,
      seconds,
      rssBefore,
      rssAfter,
      acknowledged: `${ledger.completionCount} completions, ${ledger.quizAttemptCount} quiz attempts`,
      missing: missing.completions.length + missing.quizAttempts.length,
      load: `${loadBefore} -> ${os.loadavg()[0]!.toFixed(1)}`,
    };
  } finally {
    await server.stop('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseName) {
      const admin = new pg.Client({ connectionString: `${PG_SERVER}/postgres` });
      await admin.connect();
      await admin.query(`drop database if exists ${databaseName} with (force)`);
      await admin.end();
    }
  }
}

function report(result: Result) {
  const { calls } = result;
  const ms = (list: Call[], q: number) =>
    `${quantile(
      list.map((c) => c.ms),
      q,
    ).toFixed(0)} ms`;
  const rows = KINDS.map((kind) => {
    const of = calls.filter((c) => c.kind === kind);
    return [kind, String(of.length), String(of.filter((c) => !c.ok).length), ms(of, 0.5), ms(of, 0.99)];
  });
  rows.push(['all', String(calls.length), String(calls.filter((c) => !c.ok).length), ms(calls, 0.5), ms(calls, 0.99)]);
  const errors = calls.filter((c) => !c.ok);
  const outcomes = new Map<string, number>();
  for (const c of errors) outcomes.set(`${c.kind} ${c.outcome}`, (outcomes.get(`${c.kind} ${c.outcome}`) ?? 0) + 1);
  console.log(
    `\n${result.target}: ${LEARNERS} learners, ${result.seconds.toFixed(1)} s, ${(calls.length / result.seconds).toFixed(0)} calls/s (machine load ${result.load})`,
  );
  console.log(table(['call', 'calls', 'errors', 'p50', 'p99'], rows));
  console.log(
    `errors: ${errors.length}${errors.length ? ` (${[...outcomes].map(([k, n]) => `${k}: ${n}`).join(', ')})` : ''}`,
  );
  console.log(`timeouts (no answer in ${TIMEOUT_MS / 1000} s): ${calls.filter((c) => c.outcome === 'timeout').length}`);
  console.log(`writes acknowledged: ${result.acknowledged}; missing from the database afterwards: ${result.missing}`);
  console.log(`server memory (RSS): ${result.rssBefore.toFixed(0)} MB before, ${result.rssAfter.toFixed(0)} MB after`);
}

const results: Result[] = [];
for (const target of TARGETS) {
  results.push(await runAgainst(target));
  report(results.at(-1)!);
}
process.exit(0);
