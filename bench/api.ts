// npm run bench:api — the API's speed on PostgreSQL with a generated population.
//
// 1. Creates a fresh database bench_<time> on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432),
//    migrates it and imports the sample content from sample-content/.
// 2. Generates learners with set-based SQL (generate_series): 100,000 learners (BENCH_LEARNERS), one
//    session each, enrolments, at least 1,000,000 completion rows and quiz attempts.
// 3. Runs the server and a bare Fastify "hello" in child processes and autocannon against each for
//    BENCH_SECONDS (10): every public read and every call a signed-in learner makes all day, each as
//    requests per second, the ratio to the bare server (measured in BENCH_ROUNDS (5) turns with that
//    endpoint) and p99 latency, against the targets (ADR 39: a public read at least 0.5 of a bare
//    answer of the same size; a learner's calls at least 0.2 of a bare "hello" with p99 under 25 ms).
//    The learner calls come from a pool of BENCH_LEARNER_POOL (1,000) learners enrolled in the course,
//    in turn. Then the pages a learner opens, as a browser asks for them (HTML, Brotli): a lesson
//    rendered on the server against a page the browser renders (the shell), both signed in; the
//    lesson's rate at least 0.5 of the shell's. The web app is built first when it is not.
// 4. Records every SQL statement the learner calls issue and prints, from EXPLAIN, whether each is
//    served by an index (a sequential scan of a table that grows with learners is flagged).
// BENCH_PROFILE=1 runs the application with V8's CPU profiler and prints the functions it spent the
// most time in (the profile is kept in bench/results/profiles for a flame graph viewer).
// The database is dropped at the end, unless BENCH_KEEP=1; BENCH_DATABASE=<name> measures a kept one
// again (its learners have then made the calls of the earlier runs too), and BENCH_ONLY=<regular
// expression> measures only the endpoints whose names match, to look at a few calls quickly.
import { createHash, randomBytes } from 'node:crypto';
import { spawnSync, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { schema } from '../server/db/all-tables';
import type { Db } from '../server/db/client';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/plugins/config';
import { newestProfile, topFrames } from './cpu-profile';
import { admin, migrateWithSampleContent, root, serverUrl, startChild, stopChild, timed as timedStep } from './shared';
import { table } from './table';

const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 100_000);
const COMPLETIONS_TARGET = Number(process.env.BENCH_COMPLETIONS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const LEARNER_POOL = Number(process.env.BENCH_LEARNER_POOL ?? 1000);
const KEEP = process.env.BENCH_KEEP === '1';
const REUSE = process.env.BENCH_DATABASE;
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
const PROFILE = process.env.BENCH_PROFILE === '1';
const PROFILE_DIR = path.join(root, 'bench/results/profiles');
/** The issue's targets: a public read at least half of bare; a learner's call a fifth, with p99 under 25 ms. */
const PUBLIC_TARGET = 0.5;
const LEARNER_TARGET = 0.2;
const LEARNER_P99_MS = 25;
/** A rendered lesson at least half the rate of the page the browser renders (the shell). */
const PAGE_TARGET = 0.5;
/** Tables whose size grows with learners: a sequential scan of one of these on a learner call is a defect. */
const LEARNER_TABLES = new Set([
  'users',
  'sessions',
  'enrolments',
  'completions',
  'quiz_attempts',
  'journal_entries',
  'course_ratings',
  'certificates',
  'otp_challenges',
]);

const log = (message: string) => console.log(`[bench] ${message}`);
const timed = <T>(label: string, fn: () => Promise<T>) => timedStep(log, label, fn);

async function generatePopulation(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Bulk load: foreign keys are known good here, so their per-row triggers are skipped.
    await client.query(`set session_replication_role = replica`);
    await timed(`${LEARNERS.toLocaleString('en')} learners`, () =>
      client.query(
        `insert into users (mobile, name, age, gender, active, created_at)
         select '91' || (6000000000 + g)::text, 'Learner ' || g, 18 + g % 60,
                (array['Male','Female','Other'])[1 + g % 3], g % 50 <> 0, now() - (g % 365) * interval '1 day'
         from generate_series(1, $1::int) g`,
        [LEARNERS],
      ),
    );
    await timed('one session per learner', () =>
      client.query(
        `insert into sessions (token_hash, user_id, expires_at)
         select encode(sha256(convert_to('bench-' || id::text, 'UTF8')), 'hex'), id, now() + interval '30 days' from users`,
      ),
    );
    // Every learner takes the English course and the course of a "home" language.
    await client.query(`create temp table bench_courses as
      select id, lang, (row_number() over (order by lang, slug) - 1)::int as n from courses where published`);
    await timed('enrolments', () =>
      client.query(
        `insert into enrolments (user_id, course_id, created_at)
         select u.id, c.id, now() - random() * interval '90 days'
         from (select id, row_number() over (order by mobile) as g from users) u
         join bench_courses c on c.lang = 'en' or c.n = u.g % (select count(*) from bench_courses)
         on conflict do nothing`,
      ),
    );
    const candidates = await client.query<{ n: string }>(
      `select (select count(*) from enrolments e join lessons l on l.course_id = e.course_id)
            + (select count(*) from enrolments e join course_videos v on v.course_id = e.course_id) as n`,
    );
    const p = Math.min(1, (COMPLETIONS_TARGET * 1.08) / Number(candidates.rows[0]!.n));
    await timed(`completions (each candidate with probability ${p.toFixed(3)})`, async () => {
      await client.query(
        `insert into completions (user_id, course_id, lesson_id, created_at)
         select e.user_id, e.course_id, l.id, now() - random() * interval '60 days'
         from enrolments e join lessons l on l.course_id = e.course_id where random() < $1`,
        [p],
      );
      await client.query(
        `insert into completions (user_id, course_id, video_id, created_at)
         select e.user_id, e.course_id, v.id, now() - random() * interval '60 days'
         from enrolments e join course_videos v on v.course_id = e.course_id where random() < $1`,
        [p],
      );
    });
    await timed('quiz attempts', () =>
      client.query(
        `insert into quiz_attempts (user_id, course_id, quiz_id, score, passed, answers, created_at)
         select e.user_id, e.course_id, q.id, s.score, s.score >= q.passing_criteria, '[]'::jsonb, now() - random() * interval '60 days'
         from enrolments e join quizzes q on q.course_id = e.course_id
         cross join lateral (select (random() * 100)::int as score) s
         where random() < 0.4`,
      ),
    );
    await timed('journal entries and ratings', async () => {
      await client.query(
        `insert into journal_entries (user_id, course_id, text)
         select user_id, course_id, 'I will save a little every week.' from enrolments where random() < 0.2`,
      );
      await client.query(
        `insert into course_ratings (user_id, course_id, rating)
         select user_id, course_id, 1 + (random() * 4)::int from enrolments where random() < 0.3`,
      );
      await client.query(
        `update courses c set rating_count = r.n, rating_total = r.total
         from (select course_id, count(*) as n, sum(rating) as total from course_ratings group by course_id) r where r.course_id = c.id`,
      );
    });
    await timed('enrolments at 100% marked completed', () =>
      client.query(
        `update enrolments e set completed_at = now()
         from (select c.id,
                 (select count(*) from lessons where course_id = c.id) + (select count(*) from course_videos where course_id = c.id)
                 + (select count(*) from quizzes where course_id = c.id) as items
               from courses c) t
         where t.id = e.course_id and t.items > 0 and t.items =
           (select count(*) from completions x where x.user_id = e.user_id and x.course_id = e.course_id)
           + (select count(distinct quiz_id) from quiz_attempts a where a.user_id = e.user_id and a.course_id = e.course_id and a.passed)`,
      ),
    );
    await client.query(`set session_replication_role = origin`);
    await timed('vacuum analyze', () => client.query('vacuum analyze'));
  } finally {
    await client.end();
  }
}

async function populationCounts(url: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const counts = await client.query<Record<string, string>>(
      `select (select count(*) from users) as users, (select count(*) from sessions) as sessions,
              (select count(*) from enrolments) as enrolments, (select count(*) from completions) as completions,
              (select count(*) from quiz_attempts) as quiz_attempts`,
    );
    return counts.rows[0]!;
  } finally {
    await client.end();
  }
}

interface Fixture {
  courseId: string;
  quizId: string;
  answers: { questionId: string; selectedOptions: string[] }[];
  chapterId: string;
  lessonId: string;
  videoId: string;
  blogId: string;
  storyId: string;
  titleId: string;
  cookie: string;
  /** Session cookies of learners enrolled in the course (the population's sessions: token bench-<id>). */
  learnerCookies: string[];
}

async function benchFixture(url: string): Promise<Fixture> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const course = await client.query<{ id: string }>(
      `select id from courses where lang = 'en' and published order by created_at, slug limit 1`,
    );
    const courseId = course.rows[0]!.id;
    const quiz = await client.query<{ id: string }>(
      `select id from quizzes where course_id = $1 order by position limit 1`,
      [courseId],
    );
    const quizId = quiz.rows[0]!.id;
    const key = await client.query<{ question_id: string; option_id: string }>(
      `select q.id as question_id, o.id as option_id from questions q join options o on o.question_id = q.id
       where q.quiz_id = $1 and o.is_correct order by q.position, o.position`,
      [quizId],
    );
    const byQuestion = new Map<string, string[]>();
    for (const row of key.rows)
      byQuestion.set(row.question_id, [...(byQuestion.get(row.question_id) ?? []), row.option_id]);
    const lesson = await client.query<{ id: string; chapter_id: string }>(
      `select id, chapter_id from lessons where course_id = $1 order by position limit 1`,
      [courseId],
    );
    // A learner from the middle of the population, enrolled in the course, signed in with a known token.
    const learner = await client.query<{ id: string }>(
      `select e.user_id as id from enrolments e join users u on u.id = e.user_id
       where e.course_id = $1 and u.active order by u.mobile offset $2 limit 1`,
      [courseId, Math.floor(LEARNERS / 2)],
    );
    const token = randomBytes(32).toString('base64url');
    await client.query(
      `insert into sessions (token_hash, user_id, expires_at) values ($1, $2, now() + interval '1 day')`,
      [createHash('sha256').update(token).digest('hex'), learner.rows[0]!.id],
    );
    // generatePopulation gave each learner a session whose token is bench-<user id>.
    const pool = await client.query<{ id: string }>(
      `select e.user_id as id from enrolments e join users u on u.id = e.user_id
       where e.course_id = $1 and u.active order by u.mobile limit $2`,
      [courseId, LEARNER_POOL],
    );
    const first = async (query: string, params: unknown[] = []) =>
      (await client.query<{ id: string }>(query, params)).rows[0]!.id;
    return {
      courseId,
      quizId,
      answers: [...byQuestion].map(([questionId, selectedOptions]) => ({ questionId, selectedOptions })),
      chapterId: lesson.rows[0]!.chapter_id,
      lessonId: lesson.rows[0]!.id,
      videoId: await first(`select id from course_videos where course_id = $1 order by position limit 1`, [courseId]),
      blogId: await first(`select id from blogs where published order by created_at desc limit 1`),
      storyId: await first(`select id from success_stories where published order by created_at desc limit 1`),
      titleId: await first(`select id from gallery_titles order by position limit 1`),
      cookie: `sid=${token}`,
      learnerCookies: pool.rows.map((row) => `sid=bench-${row.id}`),
    };
  } finally {
    await client.end();
  }
}

interface Target {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Each request signed in as the next learner of the pool. */
  cookies?: string[];
  /** The target it is held to: public read, learner call, or a page (held against the shell). */
  group?: 'public' | 'learner' | 'page';
  /** The bare server's path it is measured against ("hello" unless set). */
  bare?: string;
}

let addressCounter = 0;
/**
 * Requests come from a pool of 2,000 addresses, as from many learners each making a few requests:
 * the per-address limit (600 a minute) stays out of the way, and its counters see a realistic mix.
 */
function nextAddress(): string {
  addressCounter = (addressCounter + 1) % 2000;
  return `10.0.${addressCounter >> 8}.${addressCounter & 255}`;
}

async function run(port: number, target: Target, seconds: number) {
  let nextCookie = 0;
  const cookies = target.cookies;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: target.method ?? 'GET',
        path: target.path,
        headers: target.headers ?? {},
        body: target.body,
        setupRequest: (request) => {
          const cookie = cookies?.length ? { cookie: cookies[nextCookie++ % cookies.length]! } : {};
          return { ...request, headers: { ...request.headers, 'x-forwarded-for': nextAddress(), ...cookie } };
        },
      },
    ],
  });
  const ok = result['2xx'];
  const bad = result.non2xx + result.errors + result.timeouts;
  return { rps: result.requests.average, p99: result.latency.p99, ok, bad };
}

/**
 * The size in bytes of a read's answer as the benchmark's requests get it (no compression asked),
 * asked until it answers 200 (a server just started may shed a call).
 */
async function answerSize(port: number, path: string): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const { status, size } = await new Promise<{ status: number; size: number }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path, headers: { 'x-forwarded-for': nextAddress() } }, (res) => {
          let size = 0;
          res.on('data', (chunk: Buffer) => (size += chunk.length));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, size }));
        })
        .on('error', reject);
    });
    if (status === 200) {
      log(`${path}: ${size.toLocaleString('en')} bytes`);
      return size;
    }
    if (attempt === 20) throw new Error(`${path} answered ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * The bare server and an endpoint in turns (ROUNDS turns of SECONDS / ROUNDS each), so that both see
 * the same moments of a shared machine: requests per second over all turns, the median turn's p99.
 */
async function runAgainstBare(barePort: number, apiPort: number, target: Target) {
  const slice = SECONDS / ROUNDS;
  const bare: Awaited<ReturnType<typeof run>>[] = [];
  const api: Awaited<ReturnType<typeof run>>[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    bare.push(await run(barePort, { name: 'bare', path: target.bare ?? '/' }, slice));
    api.push(await run(apiPort, target, slice));
  }
  const sum = (results: typeof bare, field: 'ok' | 'bad' | 'rps') => results.reduce((total, r) => total + r[field], 0);
  if (sum(bare, 'bad')) throw new Error(`the bare server answered ${sum(bare, 'bad')} requests with an error`);
  return {
    bareRps: sum(bare, 'rps') / ROUNDS,
    rps: sum(api, 'rps') / ROUNDS,
    p99: median(api.map((r) => r.p99)),
    ok: sum(api, 'ok'),
    bad: sum(api, 'bad'),
  };
}

interface Plan {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: Plan[];
}

function walk(plan: Plan, seq: Set<string>, indexes: Set<string>) {
  if (plan['Node Type'] === 'Seq Scan' && plan['Relation Name']) seq.add(plan['Relation Name']);
  if (plan['Index Name']) indexes.add(plan['Index Name']);
  for (const child of plan.Plans ?? []) walk(child, seq, indexes);
}

/** Calls each learner endpoint once through an app whose database logs its statements, then EXPLAINs them. */
async function explainLearnerCalls(url: string, fixture: Fixture) {
  const captured: { sql: string; params: unknown[] }[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (sql: string, params: unknown[]) => captured.push({ sql, params }) },
  }) as unknown as Db;
  const config = loadConfig({
    NODE_ENV: 'development',
    DATABASE_URL: url,
    DATA_DIR: path.join(os.tmpdir(), 'jgk-bench-data'),
    LOG_LEVEL: 'error',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
    // It records statements, it is not measured: a busy machine's pause while it starts must not shed its calls.
    LOAD_SHED_EVENT_LOOP_DELAY_MS: '0',
  });
  const app = await buildApp({ config, db, listen: null, logger: false });
  const base = `/api/progress/en/${fixture.courseId}`;
  const calls: { name: string; method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object }[] = [
    { name: 'session status', method: 'GET', url: '/api/user/session-status' },
    { name: 'enrol (again)', method: 'POST', url: base },
    { name: 'progress record', method: 'GET', url: `${base}/progress` },
    {
      name: 'lesson complete',
      method: 'POST',
      url: `${base}/chapters/${fixture.chapterId}/lessons/${fixture.lessonId}/complete`,
    },
    { name: 'video complete', method: 'POST', url: `${base}/videos/${fixture.videoId}/complete` },
    {
      name: 'quiz submission',
      method: 'POST',
      url: `${base}/quiz/${fixture.quizId}/complete`,
      payload: { answers: fixture.answers },
    },
    { name: 'progress list', method: 'GET', url: '/api/progress/en/progress' },
    { name: 'stats', method: 'GET', url: '/api/progress/en/stats' },
    { name: 'journal read', method: 'GET', url: `${base}/journal` },
    { name: 'rating read', method: 'GET', url: `/api/course/en/${fixture.courseId}/rating` },
  ];
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const rows: { call: string; statements: number; verdict: string; indexes: string }[] = [];
  try {
    for (const call of calls) {
      captured.length = 0;
      const res = await app.inject({
        method: call.method,
        url: call.url,
        headers: { cookie: fixture.cookie },
        payload: call.payload,
      });
      if (res.statusCode >= 400) throw new Error(`${call.name}: ${res.statusCode} ${res.body}`);
      const seq = new Set<string>();
      const indexes = new Set<string>();
      let statements = 0;
      for (const { sql, params } of captured) {
        if (!/^\s*(select|insert|update|delete|with)\b/i.test(sql)) continue;
        statements += 1;
        const plan = await client.query(`explain (format json) ${sql}`, params as unknown[]);
        walk((plan.rows[0] as { 'QUERY PLAN': { Plan: Plan }[] })['QUERY PLAN'][0]!.Plan, seq, indexes);
      }
      const learnerSeq = [...seq].filter((table) => LEARNER_TABLES.has(table));
      rows.push({
        call: call.name,
        statements,
        verdict: learnerSeq.length ? `NO: sequential scan of ${learnerSeq.join(', ')}` : 'yes',
        indexes: [...indexes].sort().join(' '),
      });
    }
  } finally {
    await client.end();
    await app.close();
    await pool.end();
  }
  return rows;
}

async function main() {
  const name = REUSE ?? `bench_${Date.now()}`;
  const url = `${serverUrl}/${name}`;
  if (!REUSE) {
    await admin((client) => client.query(`create database ${name}`));
    log(`database ${name} created`);
  }
  const children: ChildProcess[] = [];
  try {
    if (!REUSE) {
      await migrateWithSampleContent(url, name, log);
      await generatePopulation(url);
    }
    const counts = await populationCounts(url);
    log(
      `population: ${Object.entries(counts)
        .map(([k, v]) => `${k} ${Number(v).toLocaleString('en')}`)
        .join(', ')}`,
    );
    const fixture = await benchFixture(url);

    const explained = await explainLearnerCalls(url, fixture);

    // Both servers run throughout, and each endpoint is measured in turns with the bare server: on a
    // shared machine the bare figure alone moved from 5,000 to 28,000 req/s within a minute.
    // The pages are measured on the built web app.
    const built = spawnSync('node', ['scripts/build-if-needed.mjs'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('the web app could not be built');
    const bare = await startChild({ BENCH_BARE: '1' });
    children.push(bare.child);
    const api = await startChild(
      { BENCH_DATABASE_URL: url },
      PROFILE ? ['--cpu-prof', '--cpu-prof-dir', PROFILE_DIR] : [],
    );
    children.push(api.child);
    const json = { 'content-type': 'application/json' };
    const signedIn = { cookies: fixture.learnerCookies, group: 'learner' as const };
    const base = `/api/progress/en/${fixture.courseId}`;
    const targets: Target[] = [
      { name: 'GET /api/course/public', path: '/api/course/public?lang=en' },
      { name: 'GET /api/course/public/en/{courseId}', path: `/api/course/public/en/${fixture.courseId}` },
      {
        name: 'GET /api/chapter/public/en/{courseId}/chapters/{chapterId}',
        path: `/api/chapter/public/en/${fixture.courseId}/chapters/${fixture.chapterId}`,
      },
      {
        name: 'GET /api/quiz/public/en/{courseId}/quiz/{quizId}',
        path: `/api/quiz/public/en/${fixture.courseId}/quiz/${fixture.quizId}`,
      },
      { name: 'GET /api/blog/public', path: '/api/blog/public' },
      { name: 'GET /api/blog/public/recent', path: '/api/blog/public/recent' },
      { name: 'GET /api/blog/public/{blogId}', path: `/api/blog/public/${fixture.blogId}` },
      { name: 'GET /api/successstories/public', path: '/api/successstories/public' },
      { name: 'GET /api/successstories/public/recent', path: '/api/successstories/public/recent' },
      { name: 'GET /api/successstories/public/{storyId}', path: `/api/successstories/public/${fixture.storyId}` },
      { name: 'GET /api/media/public/titles', path: '/api/media/public/titles' },
      { name: 'GET /api/media/public/{titleId}', path: `/api/media/public/${fixture.titleId}` },
      { name: 'GET /api/media/public/banner', path: '/api/media/public/banner' },
      ...[
        { name: 'GET /api/user/session-status (signed in)', path: '/api/user/session-status' },
        { name: 'GET /api/progress/en/{courseId}/progress', path: `${base}/progress` },
        {
          name: 'POST .../chapters/{chapterId}/lessons/{lessonId}/complete',
          method: 'POST' as const,
          path: `${base}/chapters/${fixture.chapterId}/lessons/${fixture.lessonId}/complete`,
        },
        {
          name: 'POST .../videos/{videoId}/complete',
          method: 'POST' as const,
          path: `${base}/videos/${fixture.videoId}/complete`,
        },
        {
          name: 'POST .../quiz/{quizId}/complete',
          method: 'POST' as const,
          path: `${base}/quiz/${fixture.quizId}/complete`,
          headers: json,
          body: JSON.stringify({ answers: fixture.answers }),
        },
        { name: 'GET /api/progress/en/progress', path: '/api/progress/en/progress' },
        { name: 'GET /api/progress/en/stats', path: '/api/progress/en/stats' },
      ].map((target) => ({ ...target, ...signedIn })),
    ];
    const asBrowser = { accept: 'text/html', 'accept-encoding': 'br' };
    const pages: Target[] = [
      {
        name: 'GET lesson page (rendered on the server, signed in)',
        path: `/courses/en/${fixture.courseId}/chapter/${fixture.chapterId}/lesson/${fixture.lessonId}`,
        headers: asBrowser,
        cookies: fixture.learnerCookies,
        group: 'page',
      },
      {
        name: 'GET /user-profile (the shell: rendered by the browser, signed in)',
        path: '/user-profile',
        headers: asBrowser,
        cookies: fixture.learnerCookies,
        group: 'page',
      },
    ];
    targets.push(...pages);
    // A public read is held against a bare answer of its own size: the bytes sent cost the same to both.
    for (const target of targets) {
      if (target.group) continue;
      target.bare = `/sized/${await answerSize(api.port, target.path)}`;
    }
    const measured: ({ target: Target } & Awaited<ReturnType<typeof runAgainstBare>>)[] = [];
    for (const target of targets
      .filter((t) => !ONLY || ONLY.test(t.name))
      .map((t) => ({ group: 'public' as const, ...t }))) {
      log(`${target.name} and bare Fastify in ${ROUNDS} turns, ${SECONDS} s each in all`);
      measured.push({ target, ...(await runAgainstBare(bare.port, api.port, target)) });
    }
    await stopChild(api.child);
    await stopChild(bare.child);
    const bareRates = measured.map((m) => m.bareRps);
    const verdict = (target: Target, ratio: number, p99: number) =>
      target.group === 'learner'
        ? ratio >= LEARNER_TARGET && p99 < LEARNER_P99_MS
          ? 'yes'
          : `no (${LEARNER_TARGET}, p99 < ${LEARNER_P99_MS})`
        : target.group === 'public'
          ? ratio >= PUBLIC_TARGET
            ? 'yes'
            : `no (${PUBLIC_TARGET})`
          : '';
    const results: string[][] = measured.map(({ target, bareRps, rps, p99, ok, bad }) => [
      `${target.group === 'learner' ? '[learner] ' : target.group === 'page' ? '[page] ' : ''}${target.name}`,
      rps.toFixed(0),
      `${bareRps.toFixed(0)}${target.bare ? ` (${target.bare.replace('/sized/', '')} B)` : ''}`,
      (rps / bareRps).toFixed(2),
      p99.toFixed(0),
      `${ok}/${bad}`,
      verdict(target, rps / bareRps, p99),
    ]);

    console.log(
      `\nPopulation: ${Object.entries(counts)
        .map(([k, v]) => `${k} ${Number(v).toLocaleString('en')}`)
        .join(', ')}`,
    );
    console.log(
      `autocannon: ${CONNECTIONS} connections, ${SECONDS} s each; ${os.cpus().length} CPUs shared by server, database and client\n`,
    );
    console.log(`learner calls signed in as ${fixture.learnerCookies.length.toLocaleString('en')} learners in turn`);
    console.log(
      `bare Fastify "hello", measured in turns with each endpoint (${ROUNDS} turns): ${Math.min(...bareRates).toFixed(0)} to ${Math.max(...bareRates).toFixed(0)} req/s; p99 of the median turn\n`,
    );
    console.log(
      table(['endpoint', 'req/s', 'bare req/s', 'ratio to bare', 'p99 ms', '2xx/other', 'target met'], results),
    );
    const [lesson, shell] = pages.map((page) => measured.find((m) => m.target === page || m.target.name === page.name));
    if (lesson && shell) {
      const ratio = lesson.rps / shell.rps;
      console.log(
        `\nA rendered lesson: ${lesson.rps.toFixed(0)} views/s against the shell's ${shell.rps.toFixed(0)}: ${ratio.toFixed(2)} of it (target ${PAGE_TARGET}: ${ratio >= PAGE_TARGET ? 'met' : 'not met'})`,
      );
    }
    console.log('\nLearner calls: is every statement served by an index? (EXPLAIN of the statements each call issues,');
    console.log('the session read afresh as on its first call to an instance; the first, enrol, also reads the');
    console.log('course structure the others then find in memory)\n');
    console.log(
      table(
        ['call', 'statements', 'index only', 'indexes used'],
        explained.map((r) => [r.call, String(r.statements), r.verdict, r.indexes]),
      ),
    );
    const profile = PROFILE ? newestProfile(PROFILE_DIR) : undefined;
    if (profile) {
      console.log(`\nWhere the application's time went (self time, ${path.relative(root, profile)}):\n`);
      console.log(
        table(
          ['function', 'share'],
          topFrames(profile, root).map(({ frame, percent }) => [frame, `${percent.toFixed(1)} %`]),
        ),
      );
    }
  } finally {
    for (const child of children) await stopChild(child).catch(() => {});
    if (KEEP || REUSE) {
      log(`database ${name} kept: BENCH_DATABASE=${name} measures it again`);
    } else {
      await admin((client) => client.query(`drop database if exists ${name} with (force)`));
      log(`database ${name} dropped`);
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
