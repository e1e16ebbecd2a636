// npm run bench:analytics — the staff's analytics at a national programme's size, on PostgreSQL.
//
// 1. Creates a fresh database bench_analytics_<time> on BENCH_PG_URL, migrates it, imports the
//    sample content (one course in each of ten languages) and generates, with set-based SQL, two
//    years of a programme: BENCH_LEARNERS (1,000,000) learners, their enrolments, about
//    BENCH_COMPLETIONS (10,000,000) completions with learners dropping off along each course, about
//    BENCH_ATTEMPTS (2,000,000) quiz attempts with real answers (some wrong first), certificates,
//    journal entries and ratings.
// 2. Runs the server (bench/api-server.ts) on it, refreshes the figures once (POST
//    /api/staff/analytics/refresh, timed), then times every dashboard call BENCH_RUNS (5) times with
//    several filters, against the one-second budget.
// 3. Measures a learner's progress read with autocannon alone, while an analyst keeps reading the
//    dashboard, and while the figures are refreshed, and prints the three side by side.
// The database is dropped at the end unless BENCH_KEEP=1; BENCH_DATABASE=<name> measures a kept one.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import autocannon from 'autocannon';
import pg from 'pg';
import { admin, migrateWithSampleContent, serverUrl, startChild, stopChild, timed as timedStep } from './shared';
import { addDays, weekStart } from '../contract/analytics-rules';

const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 1_000_000);
const COMPLETIONS = Number(process.env.BENCH_COMPLETIONS ?? 10_000_000);
const ATTEMPTS = Number(process.env.BENCH_ATTEMPTS ?? 2_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const KEEP = process.env.BENCH_KEEP === '1';
const REUSE = process.env.BENCH_DATABASE;
const BUDGET_MS = 1000;

const log = (message: string) => console.log(`[bench:analytics] ${message}`);
const timed = <T>(label: string, fn: () => Promise<T>) => timedStep(log, label, fn);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function generate(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Bulk load: foreign keys are known good here, so their per-row triggers are skipped.
    await client.query(`set session_replication_role = replica`);
    await client.query(`set work_mem = '256MB'`);
    // Learners join over two years, more of them lately; a few are minors, some with a guardian's consent.
    await timed(`${LEARNERS.toLocaleString('en')} learners`, () =>
      client.query(
        `insert into users (mobile, name, age, gender, qualification, interface_lang, minor_until,
                            guardian_consent_at, guardian_consent_method, created_at, last_active_at)
         select '91' || (6000000000 + g)::text, 'Learner ' || g, a.age,
           case when g % 13 = 0 then null else (array['Female','Female','Male','Male','Other'])[1 + (g * 7) % 5] end,
           case when g % 11 = 0 then null else (array['Below 8th Std','8th Std','10th Std','10+2 or Diploma','Graduate','Post Graduate','Doctorate'])[1 + (g * 3) % 7] end,
           (array['hi','hi','hi','en','bn','gj','kn','ml','mh','od','tm','tl'])[1 + (g * 5) % 12],
           case when a.age < 18 then now() + (18 - a.age) * interval '1 year' end,
           case when a.age < 18 and g % 2 = 0 then t.at end,
           case when a.age < 18 and g % 2 = 0 then 'guardian-otp' end,
           t.at, t.at
         from generate_series(1, $1::int) g
         cross join lateral (select case when g % 17 = 0 then null when g % 29 = 0 then 12 + g % 6 else 18 + (g * 7) % 55 end as age) a
         -- (g * 0 ties the lateral to each row: an uncorrelated one would be computed once for all)
         cross join lateral (select now() - sqrt(random() + g * 0) * interval '730 days' as at) t`,
        [LEARNERS],
      ),
    );
    // Each learner takes the course of their language; half of the others the English one too.
    await timed('enrolments', () =>
      client.query(
        `insert into enrolments (user_id, course_id, created_at)
         select u.id, c.id, least(now(), u.created_at + random() * interval '2 days')
         from users u join courses c on c.lang = u.interface_lang and c.published
         union all
         select u.id, c.id, least(now(), u.created_at + random() * interval '60 days')
         from users u join courses c on c.lang = 'en' and c.published
         where u.interface_lang <> 'en' and random() < 0.5`,
      ),
    );
    // Each course's lessons (in chapter order) then videos, numbered; and each quiz's answers, all
    // right and with every question wrong.
    await client.query(`create temp table items as
      select course_id, id as item_id, kind, row_number() over (partition by course_id order by part, p1, p2) as ord,
             count(*) over (partition by course_id) as n
      from (select l.course_id, l.id, 'lesson' as kind, 0 as part, ch.position as p1, l.position as p2 from lessons l join chapters ch on ch.id = l.chapter_id
            union all select course_id, id, 'video', 1, 0, position from course_videos) i`);
    await client.query(`create temp table quiz_answers as
      select q.id as quiz_id, q.course_id, q.passing_criteria,
        (select jsonb_agg(jsonb_build_object('questionId', qs.id, 'selectedOptions',
           (select coalesce(jsonb_agg(o.id order by o.position), '[]'::jsonb) from options o where o.question_id = qs.id and o.is_correct)) order by qs.position)
         from questions qs where qs.quiz_id = q.id) as right_answers,
        (select jsonb_agg(jsonb_build_object('questionId', qs.id, 'selectedOptions',
           (select coalesce(jsonb_agg(o.id), '[]'::jsonb) from (select id from options o where o.question_id = qs.id and not o.is_correct order by o.position limit 1) o)) order by qs.position)
         from questions qs where qs.quiz_id = q.id) as wrong_answers
      from quizzes q`);
    // How far each enrolment got: a share finish, the rest stop along the way.
    const counts = await client.query<{ enrolments: string; items: string }>(
      `select (select count(*) from enrolments) as enrolments,
              (select avg(n) from (select e.course_id, max(i.n) as n from enrolments e join items i on i.course_id = e.course_id group by e.id, e.course_id) x) as items`,
    );
    const enrolments = Number(counts.rows[0]!.enrolments);
    const items = Number(counts.rows[0]!.items);
    const finishing = 0.18;
    // The mean depth of those who stop, so that the completions come to the target.
    const stopMean = Math.max(1, (COMPLETIONS / enrolments - finishing * items) / (1 - finishing));
    log(
      `${enrolments.toLocaleString('en')} enrolments, ${items.toFixed(1)} items a course; those who stop do about ${stopMean.toFixed(1)}`,
    );
    // 4 x the mean for a product of two uniform draws; the floor and the cap at the course's length
    // take some off, so the draw is scaled until the depths add up to the target (within 1%).
    let scale = stopMean * 4 * 1.12;
    for (let round = 0; round < 4; round++) {
      await client.query(`drop table if exists depth`);
      await client.query(`create temp table depth as
        select e.id, e.user_id, e.course_id, e.created_at, n.n,
          case when random() < ${finishing} then n.n else least(n.n - 1, floor(random() * random() * ${scale.toFixed(3)}))::int end as d
        from enrolments e join (select course_id, max(n) as n from items group by course_id) n on n.course_id = e.course_id`);
      const sums = await client.query<{ total: string; stopped: string }>(
        `select sum(d) as total, sum(d) filter (where d < n) as stopped from depth`,
      );
      const total = Number(sums.rows[0]!.total);
      const stopped = Number(sums.rows[0]!.stopped);
      if (Math.abs(total - COMPLETIONS) <= COMPLETIONS * 0.01 || stopped === 0) break;
      scale *= Math.max(0.2, (stopped + COMPLETIONS - total) / stopped);
    }
    await timed('completions', () =>
      client.query(
        `insert into completions (user_id, course_id, lesson_id, video_id, created_at)
         select d.user_id, d.course_id, case when i.kind = 'lesson' then i.item_id end, case when i.kind = 'video' then i.item_id end,
                least(now(), d.created_at + i.ord * random() * interval '20 hours')
         from depth d join items i on i.course_id = d.course_id and i.ord <= d.d`,
      ),
    );
    // Those past half a course try its quizzes: most pass at once, some after one to three wrong tries.
    await client.query(`create temp table tries as
      select d.user_id, d.course_id, q.quiz_id, d.created_at, d.d = d.n as finished,
        case when random() < 0.6 then 0 else 1 + floor(random() * random() * 4)::int end as wrong
      from depth d join quiz_answers q on q.course_id = d.course_id
      where d.d * 2 >= d.n and random() < ${Math.min(1, ATTEMPTS / Math.max(1, enrolments * 0.9)).toFixed(4)} * 2`);
    await timed('quiz attempts', () =>
      client.query(
        `insert into quiz_attempts (user_id, course_id, quiz_id, score, passed, answers, created_at)
         select t.user_id, t.course_id, t.quiz_id, case when k.k < t.wrong then 0 else 100 end, k.k >= t.wrong,
                case when k.k < t.wrong then q.wrong_answers else q.right_answers end,
                least(now(), t.created_at + (k.k + 1) * random() * interval '2 days')
         from tries t join quiz_answers q on q.quiz_id = t.quiz_id
         cross join lateral generate_series(0, t.wrong) k(k)`,
      ),
    );
    await timed('completed enrolments and certificates', async () => {
      await client.query(
        `update enrolments e set completed_at = x.at
         from (select d.id, (select max(c.created_at) from completions c where c.user_id = d.user_id and c.course_id = d.course_id) as at
               from depth d where d.d = d.n
                 and not exists (select 1 from quiz_answers q where q.course_id = d.course_id
                   and not exists (select 1 from tries t where t.user_id = d.user_id and t.quiz_id = q.quiz_id))) x
         where x.id = e.id`,
      );
      await client.query(
        `insert into certificates (number, user_id, lang, learner_name, course_title, completed_at, created_at)
         select 'JGK-B-' || lpad(row_number() over ()::text, 9, '0'), e.user_id, c.lang, u.name, c.title, e.completed_at,
                least(now(), e.completed_at + random() * interval '3 days')
         from enrolments e join courses c on c.id = e.course_id join users u on u.id = e.user_id
         where e.completed_at is not null`,
      );
    });
    await timed('journal entries and ratings', async () => {
      await client.query(
        `insert into journal_entries (user_id, course_id, text, created_at, updated_at)
         select user_id, course_id, 'I will save a little every week.', completed_at, completed_at from enrolments where completed_at is not null and random() < 0.3`,
      );
      await client.query(
        `insert into course_ratings (user_id, course_id, rating, created_at, updated_at)
         select user_id, course_id, 3 + (random() * 2)::int, created_at, created_at from depth where d > 0 and random() < 0.25`,
      );
    });
    await client.query(`set session_replication_role = origin`);
    await timed('vacuum analyze', () => client.query('vacuum analyze'));
  } finally {
    await client.end();
  }
}

async function counts(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const row = (
      await client.query<Record<string, string>>(
        `select (select count(*) from users) as learners, (select count(*) from enrolments) as enrolments,
                (select count(*) from completions) as completions, (select count(*) from quiz_attempts) as quiz_attempts,
                (select count(*) from certificates) as certificates, (select count(*) from journal_entries) as journal_entries,
                (select count(*) from course_ratings) as ratings`,
      )
    ).rows[0]!;
    return Object.entries(row)
      .map(([k, v]) => `${k} ${Number(v).toLocaleString('en')}`)
      .join(', ');
  } finally {
    await client.end();
  }
}

/** An analyst (no second factor needed) and 1,000 learners of the Hindi course, each with a session. */
async function sessions(url: string): Promise<{ analyst: string; learners: string[]; courseId: string }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const analystToken = randomBytes(32).toString('base64url');
    const user = await client.query<{ id: string }>(
      `insert into users (mobile, name) values ('915999999999', 'Bench Analyst') on conflict (mobile) do update set name = excluded.name returning id`,
    );
    const analystId = user.rows[0]!.id;
    await client.query(`insert into staff_members (user_id, roles) values ($1, '{analyst}') on conflict do nothing`, [
      analystId,
    ]);
    await client.query(
      `insert into sessions (token_hash, user_id, expires_at) values ($1, $2, now() + interval '1 day')`,
      [sha256(analystToken), analystId],
    );
    const course = await client.query<{ id: string }>(`select id from courses where lang = 'hi' and published limit 1`);
    const courseId = course.rows[0]!.id;
    // Learners who may learn: not a minor still waiting for a guardian's consent.
    const pool = await client.query<{ id: string }>(
      `select e.user_id as id from enrolments e join users u on u.id = e.user_id
       where e.course_id = $1 and e.completed_at is null and (u.minor_until is null or u.minor_until <= now() or u.guardian_consent_method is not null)
       limit 1000`,
      [courseId],
    );
    const learners: string[] = [];
    for (const row of pool.rows) {
      const token = randomBytes(24).toString('base64url');
      learners.push(`sid=${token}`);
      await client.query(
        `insert into sessions (token_hash, user_id, expires_at) values ($1, $2, now() + interval '1 day')`,
        [sha256(token), row.id],
      );
    }
    return { analyst: `sid=${analystToken}`, learners, courseId };
  } finally {
    await client.end();
  }
}

async function sqlOn(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** One call, timed; through node:http, which (unlike fetch) waits as long as a whole refresh takes. */
function timeCall(
  base: string,
  cookie: string,
  url: string,
  method = 'GET',
): Promise<{ ms: number; status: number; bytes: number; text: string }> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${url}`, { method, headers: { cookie, origin: base } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({
          ms: performance.now() - start,
          status: response.statusCode ?? 0,
          bytes: body.byteLength,
          text: body.toString('utf8'),
        });
      });
    });
    request.on('error', reject);
    request.end();
  });
}

/** A learner's progress read, as many as autocannon gets through in SECONDS. */
async function learnerReads(base: string, cookies: string[], courseId: string) {
  let next = 0;
  const result = await autocannon({
    url: base,
    connections: 10,
    duration: SECONDS,
    requests: [
      {
        method: 'GET',
        path: `/api/progress/hi/${courseId}/progress`,
        setupRequest: (request) => ({
          ...request,
          headers: {
            ...request.headers,
            cookie: cookies[next++ % cookies.length]!,
            'x-forwarded-for': `10.1.${(next >> 8) & 255}.${next & 255}`,
          },
        }),
      },
    ],
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    details: `${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} not 2xx`,
  };
}

async function main() {
  const name = REUSE ?? `bench_analytics_${Date.now()}`;
  const url = `${serverUrl}/${name}`;
  if (!REUSE) {
    await admin((client) => client.query(`create database ${name}`));
    log(`database ${name}`);
  }
  let child: Awaited<ReturnType<typeof startChild>>['child'] | undefined;
  try {
    if (!REUSE) {
      await migrateWithSampleContent(url, name, log);
      await timed('population generated', () => generate(url));
    }
    log(await counts(url));
    const who = await sessions(url);
    const server = await startChild({ BENCH_DATABASE_URL: url });
    child = server.child;
    const base = `http://127.0.0.1:${server.port}`;

    // A server just started may shed its first requests (503) while its event loop settles.
    for (
      let tries = 0;
      tries < 30 && (await timeCall(base, who.analyst, '/api/staff/analytics/learners')).status === 503;
      tries++
    )
      await new Promise((r) => setTimeout(r, 1000));
    // The first refresh recomputes everything (as the first of each day does), the one measured later only the recent periods.
    await sqlOn(
      url,
      `update analytics_refreshes set whole_at = null, refreshed_at = refreshed_at - interval '10 minutes'`,
    );
    const refresh = await timeCall(base, who.analyst, '/api/staff/analytics/refresh', 'POST');
    const first = await fetch(`${base}/api/staff/analytics/learners`, { headers: { cookie: who.analyst } });
    const frame = ((await first.json()) as { frame?: { computedAt: string | null } }).frame;
    log(
      `refresh of everything: answered ${refresh.status} in ${(refresh.ms / 1000).toFixed(1)} s (${refresh.text.slice(0, 200)}); figures computed at ${frame?.computedAt ?? `(learners answered ${first.status})`}`,
    );

    // Whole weeks that have ended (ADR 35): two years is the 104 weeks up to last Sunday.
    const thisMonday = weekStart(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date()));
    const today = addDays(thisMonday, -1);
    const twoYears = addDays(thisMonday, -7 * 104);
    const calls = [
      '/api/staff/analytics/learners',
      '/api/staff/analytics/learners?lang=hi',
      `/api/staff/analytics/learners?course=${who.courseId}`,
      `/api/staff/analytics/learners?from=${twoYears}&to=${today}`,
      '/api/staff/analytics/courses',
      `/api/staff/analytics/courses?from=${twoYears}&to=${today}`,
      `/api/staff/analytics/courses/${who.courseId}`,
      `/api/staff/analytics/courses/${who.courseId}?from=${twoYears}&to=${today}`,
      '/api/staff/analytics/certificates',
      `/api/staff/analytics/certificates?from=${twoYears}&to=${today}`,
      `/api/staff/analytics/export/learners?from=${twoYears}&to=${today}`,
      `/api/staff/analytics/export/course?course=${who.courseId}&from=${twoYears}&to=${today}`,
    ];
    console.log(`\n| call | status | median ms | max ms | KB | budget ${BUDGET_MS} ms |`);
    console.log('|---|---|---|---|---|---|');
    let failed = 0;
    for (const call of calls) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await timeCall(base, who.analyst, call));
      const ms = runs.map((r) => r.ms);
      const pass = runs.every((r) => r.status === 200) && Math.max(...ms) < BUDGET_MS;
      if (!pass) failed++;
      console.log(
        `| ${call} | ${runs[0]!.status} | ${median(ms).toFixed(0)} | ${Math.max(...ms).toFixed(0)} | ${(runs[0]!.bytes / 1024).toFixed(1)} | ${pass ? 'PASS' : 'FAIL'} |`,
      );
    }

    // Learners' reads alone, while an analyst keeps reading the dashboard, and during a refresh.
    const alone = await learnerReads(base, who.learners, who.courseId);
    // Analysts at work: a dashboard call every quarter second (several people clicking through
    // filters at once; one person makes a few calls a minute).
    let reading = true;
    const dashboard = (async () => {
      let n = 0;
      while (reading) {
        await timeCall(base, who.analyst, calls[n++ % calls.length]!);
        await new Promise((r) => setTimeout(r, 250));
      }
      return n;
    })();
    const withDashboard = await learnerReads(base, who.learners, who.courseId);
    reading = false;
    const dashboardCalls = await dashboard;
    // A refresh is allowed once a minute: make the last one look old, as the schedule would find it.
    await sqlOn(url, `update analytics_refreshes set refreshed_at = refreshed_at - interval '10 minutes'`);
    const refreshing = timeCall(base, who.analyst, '/api/staff/analytics/refresh', 'POST');
    const duringRefresh = await learnerReads(base, who.learners, who.courseId);
    const second = await refreshing;
    console.log(`\nA learner's progress read (autocannon, 10 connections, ${SECONDS} s each):`);
    console.log(`| while | req/s | p99 ms | errors | ratio to alone |`);
    console.log('|---|---|---|---|---|');
    for (const [label, r] of [
      ['alone', alone],
      [`the dashboard is read (${dashboardCalls} calls)`, withDashboard],
      ['the figures are refreshed', duringRefresh],
    ] as const) {
      console.log(
        `| ${label} | ${r.rps.toFixed(0)} | ${r.p99} | ${r.errors} (${r.details}) | ${(r.rps / alone.rps).toFixed(2)} |`,
      );
    }
    log(`second refresh (the recent periods; the first recomputed everything) took ${(second.ms / 1000).toFixed(1)} s`);
    log(failed ? `${failed} call(s) over the ${BUDGET_MS} ms budget` : `every call within ${BUDGET_MS} ms`);
    process.exitCode = failed ? 1 : 0;
  } finally {
    if (child) await stopChild(child);
    if (!KEEP && !REUSE) await admin((client) => client.query(`drop database if exists ${name} with (force)`));
  }
}

await main();
