// npm run bench:campaign — a campaign's crowd on the site as production runs it: nginx balancing
// instances of `npm start` on one PostgreSQL database and Redis (tests/cluster/cluster.ts), first one
// instance, then two. The crowd grows step by step (BENCH_STEPS concurrent learners, each step
// BENCH_STEP_SECONDS long); the newcomers of a step arrive over its first third and stay to the end:
//
// - learners sign up with a one-time password (the console SMS provider's log line), enrol in the
//   course of their language, then read their progress, open a lesson's page (rendered on the
//   server, signed in), complete it, open and complete the next, submit a quiz, and so on;
// - visitors (BENCH_VISITORS_PER_LEARNER of them per learner) read the home page, the course list,
//   the blog and the public API's lists, in every language;
// - a few editors (BENCH_STAFF) write and publish a blog post every BENCH_PUBLISH_EVERY_S, which
//   empties the public caches of every instance as publishing does.
//
// Everyone pauses between calls as a person does (BENCH_THINK_MS on average, half to one and a half
// times it), a person's minutes compressed into seconds, and comes from an address of its own
// (X-Forwarded-For, which nginx passes on and the instances believe of it). Traffic goes only to
// 127.0.0.1; each run stops by itself after its last step and the calls still under way (15 s at most).
//
// Prints, per run and step: each call's rate, p50, p99 and errors; the cores each part of the
// machine used (the instances, PostgreSQL, nginx, Redis, this script); and the step where the site
// tipped over (p99 of all calls above BENCH_P99_LIMIT_MS, or errors above BENCH_ERROR_LIMIT). Then
// one instance against two. Not a test: figures for docs/capacity.md.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { LANGUAGE_CODES } from '../contract/languages';
import { openDatabase, type Database } from '../server/db/client';
import { blogBody } from '../server/modules/authoring/authoring-test-helpers';
import { learnerName } from '../server/test/learner-names';
import { signInAsStaff } from '../server/test/sign-in';
import { startCluster, type Cluster } from '../tests/cluster/cluster';
import {
  CALL_TIMEOUT_MS,
  Learner,
  learners,
  learningMap,
  type Answer,
  type LearningMap,
} from '../tests/faults/lib/learner';
import { quantile, sleep } from '../tests/faults/lib/report';
import { cpuSecondsNamed, cpuSecondsOf } from './process-cpu';
import { table } from './table';

function numbers(name: string, fallback: string): number[] {
  const list = (process.env[name] ?? fallback).split(',').map((n) => Number(n.trim()));
  if (!list.length || list.some((n) => !Number.isFinite(n) || n <= 0))
    throw new Error(`${name}: positive numbers, comma-separated`);
  return list;
}
const number = (name: string, fallback: number) => numbers(name, String(fallback))[0]!;

const STEPS = numbers('BENCH_STEPS', '250,500,1000,2000,5000');
const STEP_SECONDS = number('BENCH_STEP_SECONDS', 20);
const INSTANCES = numbers('BENCH_INSTANCES', '1,2');
const THINK_MS = number('BENCH_THINK_MS', 5000);
const VISITORS_PER_LEARNER = Number(process.env.BENCH_VISITORS_PER_LEARNER ?? 0.5);
const STAFF = Number(process.env.BENCH_STAFF ?? 2);
const PUBLISH_EVERY_MS = number('BENCH_PUBLISH_EVERY_S', 10) * 1000;
const P99_LIMIT_MS = number('BENCH_P99_LIMIT_MS', 1000);
const ERROR_LIMIT = number('BENCH_ERROR_LIMIT', 0.01);

/** Settings on top of the cluster's own. */
const CAMPAIGN_ENV = {
  // The SMS budget: a campaign raises it to the sign-ups it expects. The default (2,000 codes an
  // hour, counted in Redis across runs) would refuse most of this crowd's codes.
  OTP_PER_HOUR_LIMIT: '1000000',
  // Load shedding at the server's own default, as in production (the cluster's fault scripts turn it
  // off): an instance whose event loop lags answers 503 at once rather than late.
  LOAD_SHED_EVENT_LOOP_DELAY_MS: '',
};

const log = (message: string) => console.log(`[campaign] ${message}`);

interface Call {
  kind: string;
  sentAt: number;
  ms: number;
  ok: boolean;
  outcome: string;
}

/** One run's crowd: its calls, and whether it has been told to go home. */
class Crowd {
  readonly calls: Call[] = [];
  stopped = false;

  record(kind: string, answer: Answer, expected: number[]): boolean {
    const ok = expected.includes(answer.status);
    this.calls.push({
      kind,
      sentAt: answer.sentAt,
      ms: answer.answeredAt - answer.sentAt,
      ok,
      outcome: answer.error ?? String(answer.status),
    });
    return ok;
  }

  /** A person's pause between two calls; false once the run is over. */
  async think(): Promise<boolean> {
    await sleep(THINK_MS * (0.5 + Math.random()));
    return !this.stopped;
  }
}

/** Signs in with a one-time password: registers a new number, logs in one registered already. */
async function signIn(crowd: Crowd, cluster: Cluster, learner: Learner, index: number): Promise<boolean> {
  const sent = await learner.call('POST', '/api/user/send-otp', { mobile: learner.mobile });
  // 404: a number not yet registered, which is sent a code to register with; 200: one that is.
  if (!crowd.record('sign-in: send code', sent, [200, 404])) return false;
  let otp: string;
  try {
    otp = await cluster.otpFor(learner.mobile, CALL_TIMEOUT_MS);
  } catch {
    crowd.calls.push({
      kind: 'sign-in: send code',
      sentAt: sent.sentAt,
      ms: CALL_TIMEOUT_MS,
      ok: false,
      outcome: 'no code logged',
    });
    return false;
  }
  const signedIn =
    sent.status === 404
      ? await learner.call('POST', '/api/user/register', { mobile: learner.mobile, otp, name: learnerName(index) })
      : await learner.call('POST', '/api/user/login', { mobile: learner.mobile, otp });
  return crowd.record(sent.status === 404 ? 'sign-in: register' : 'sign-in: log in', signedIn, [200]);
}

/**
 * Signs in and enrols (trying again after a pause, as a person does, when a call fails), then
 * studies until the run ends: progress, lesson page, complete, page, complete, quiz, and again.
 */
async function learnerLife(crowd: Crowd, cluster: Cluster, learner: Learner, index: number, map: LearningMap) {
  while (!(await signIn(crowd, cluster, learner, index))) if (!(await crowd.think())) return;
  const course = map.courses[index % map.courses.length]!;
  const base = `/api/progress/${course.lang}/${course.courseId}`;
  do if (!(await crowd.think())) return;
  while (!crowd.record('enrol', await learner.call('POST', base), [200, 201]));
  const items = map.completables.filter((c) => c.courseId === course.courseId && c.lang === course.lang);
  const quizzes = map.quizzes.filter((q) => q.courseId === course.courseId && q.lang === course.lang);
  for (let step = 0; await crowd.think(); step++) {
    const cycle = Math.floor(step / 6);
    const item = items[(index + 2 * cycle + (step % 6 >= 3 ? 1 : 0)) % items.length]!;
    switch (step % 6) {
      case 0:
        crowd.record('progress', await learner.call('GET', `${base}/progress`), [200]);
        break;
      case 1:
      case 3:
        // A video has no page of its own: the learner completes it from the course page.
        if (item.page) crowd.record('lesson page (signed in)', await learner.call('GET', item.page), [200]);
        break;
      case 2:
      case 4:
        crowd.record('complete', await learner.call('POST', item.path), [200]);
        break;
      default: {
        const quiz = quizzes[(index + cycle) % quizzes.length]!;
        crowd.record('quiz', await learner.call('POST', quiz.path, { answers: quiz.answers }), [200]);
      }
    }
  }
}

/** Reads the public site until the run ends, in a language of its own. */
async function visitorLife(crowd: Crowd, visitor: Learner, index: number) {
  const lang = LANGUAGE_CODES[index % LANGUAGE_CODES.length]!;
  const reads: [string, string][] = [
    ['page /', '/'],
    ['page /courses', '/courses'],
    ['page /blogs', '/blogs'],
    ['GET /api/course/public', `/api/course/public?lang=${lang}`],
    ['GET /api/blog/public', `/api/blog/public?lang=${lang}`],
  ];
  for (let n = index; await crowd.think(); n++) {
    const [kind, path] = reads[n % reads.length]!;
    crowd.record(kind, await visitor.call('GET', path), [200]);
  }
}

/** An editor who writes and publishes a blog post now and then, which every instance's public caches must see. */
async function editorLife(crowd: Crowd, editor: Learner, stamp: string) {
  for (let n = 0; !crowd.stopped; n++) {
    await sleep(PUBLISH_EVERY_MS * (0.5 + Math.random()));
    if (crowd.stopped) return;
    const created = await editor.call('POST', '/api/staff/content', {
      kind: 'blog',
      slug: `campaign-${stamp}-${n}`,
      body: { ...blogBody(), title: `Campaign update ${stamp} ${n}` },
    });
    if (!crowd.record('staff: write a post', created, [201])) continue;
    const id = (created.body as { item: { id: string } }).item.id;
    crowd.record('staff: publish', await editor.call('POST', `/api/staff/content/${id}/en/publish`, {}), [200]);
  }
}

/** Cores used by each part of the machine between two readings. */
interface CpuReading {
  at: number;
  instances: number;
  postgres: number;
  nginx: number;
  redis: number;
  script: number;
}

function readCpu(cluster: Cluster): CpuReading {
  const own = process.cpuUsage();
  return {
    at: performance.now(),
    instances: cluster.instances.reduce((sum, instance) => sum + cpuSecondsOf(instance.process.pid), 0),
    postgres: cpuSecondsNamed('postgres'),
    nginx: cpuSecondsNamed('nginx'),
    redis: cpuSecondsNamed('redis-server'),
    script: (own.user + own.system) / 1e6,
  };
}

function coresBetween(a: CpuReading, b: CpuReading): string {
  const seconds = (b.at - a.at) / 1000;
  const cores = (key: Exclude<keyof CpuReading, 'at'>) => ((b[key] - a[key]) / seconds).toFixed(2);
  return `instances ${cores('instances')}, PostgreSQL ${cores('postgres')}, nginx ${cores('nginx')}, Redis ${cores('redis')}, this script ${cores('script')}`;
}

interface Step {
  learners: number;
  visitors: number;
  start: number;
  cpu: string;
  load: string;
}

interface StepFigures {
  step: Step;
  calls: Call[];
  rate: number;
  p50: number;
  p99: number;
  errorShare: number;
  tipped: boolean;
}

interface RunResult {
  instances: number;
  steps: StepFigures[];
}

const ms = (calls: Call[], q: number) =>
  quantile(
    calls.map((c) => c.ms),
    q,
  );

function figures(step: Step, calls: Call[]): StepFigures {
  const errors = calls.filter((c) => !c.ok).length;
  const p99 = ms(calls, 0.99);
  const errorShare = calls.length ? errors / calls.length : 0;
  return {
    step,
    calls,
    rate: calls.length / STEP_SECONDS,
    p50: ms(calls, 0.5),
    p99,
    errorShare,
    tipped: p99 > P99_LIMIT_MS || errorShare > ERROR_LIMIT,
  };
}

const percent = (share: number) => `${(share * 100).toFixed(share && share < 0.001 ? 2 : 1)} %`;

function printStep(instances: number, f: StepFigures) {
  const kinds = [...new Set(f.calls.map((c) => c.kind))].sort();
  const rows = kinds.map((kind) => {
    const of = f.calls.filter((c) => c.kind === kind);
    const failed = of.filter((c) => !c.ok);
    const outcomes = new Map<string, number>();
    for (const c of failed) outcomes.set(c.outcome, (outcomes.get(c.outcome) ?? 0) + 1);
    return [
      kind,
      (of.length / STEP_SECONDS).toFixed(1),
      `${ms(of, 0.5).toFixed(0)} ms`,
      `${ms(of, 0.99).toFixed(0)} ms`,
      `${failed.length}${failed.length ? ` (${[...outcomes].map(([k, n]) => `${k}: ${n}`).join(', ')})` : ''}`,
    ];
  });
  rows.push([
    'all',
    f.rate.toFixed(1),
    `${f.p50.toFixed(0)} ms`,
    `${f.p99.toFixed(0)} ms`,
    `${f.calls.filter((c) => !c.ok).length} (${percent(f.errorShare)})`,
  ]);
  console.log(
    `\n${instances} instance${instances > 1 ? 's' : ''}, ${f.step.learners} learners and ${f.step.visitors} visitors, ${STEP_SECONDS} s${f.tipped ? ' — TIPPED OVER' : ''}`,
  );
  console.log(`cores used: ${f.step.cpu} (of ${os.cpus().length}); machine load average ${f.step.load}`);
  console.log(table(['call', 'calls/s', 'p50', 'p99', 'errors'], rows));
}

function summary(result: RunResult): string {
  const tip = result.steps.find((s) => s.tipped);
  const carried = result.steps.filter((s) => !s.tipped && (!tip || s.step.start < tip.step.start)).at(-1);
  return `${result.instances} instance${result.instances > 1 ? 's' : ''}: ${
    tip
      ? `tipped over at ${tip.step.learners} learners (p99 ${tip.p99.toFixed(0)} ms, errors ${percent(tip.errorShare)})`
      : `did not tip over up to ${STEPS.at(-1)} learners`
  }; ${carried ? `carried ${carried.step.learners} learners at ${carried.rate.toFixed(0)} calls/s, p99 ${carried.p99.toFixed(0)} ms, errors ${percent(carried.errorShare)}` : 'carried no step within the limits'}`;
}

/** The tables a learner fills: their rows and size on disk with indexes, after the run (what the database's growth is reckoned from). */
async function databaseFigures(cluster: Cluster): Promise<string> {
  const tables = ['users', 'sessions', 'enrolments', 'completions', 'quiz_attempts'];
  const rows = await Promise.all(
    tables.map(async (name) => {
      const [row] = await cluster.query<{ n: number; bytes: string }>(
        `select count(*)::int as n, pg_total_relation_size('${name}')::text as bytes from ${name}`,
      );
      const bytes = Number(row!.bytes);
      return [
        name,
        String(row!.n),
        `${(bytes / 1024 / 1024).toFixed(1)} MB`,
        row!.n ? `${(bytes / row!.n).toFixed(0)} B` : '-',
      ];
    }),
  );
  const [database] = await cluster.query<{ bytes: string }>(
    'select pg_database_size(current_database())::text as bytes',
  );
  return `database after the run: ${(Number(database!.bytes) / 1024 / 1024).toFixed(0)} MB in all\n${table(['table', 'rows', 'with indexes', 'per row'], rows)}`;
}

async function run(instances: number, runIndex: number): Promise<RunResult> {
  const cluster = await startCluster({ instances, env: CAMPAIGN_ENV, log });
  let database: Database | undefined;
  const crowd = new Crowd();
  const lives: Promise<void>[] = [];
  try {
    const map = await learningMap(cluster.url);
    // Numbers and addresses of this run's own: Redis keeps per-number and per-address counts for an hour.
    const first = ((Math.floor(Date.now() / 1000) % 20_000) * 2 + runIndex) * 20_000;
    const most = Math.max(...STEPS);
    const people = learners(cluster.url, most, first);
    const visitors = learners(cluster.url, Math.ceil(most * VISITORS_PER_LEARNER), first + most);
    database = await openDatabase({ databaseUrl: cluster.databaseUrl, poolSize: 2 });
    const target = { db: database.db, config: { secret: cluster.secret } };
    const stamp = `${Date.now()}-${runIndex}`;
    for (let i = 0; i < STAFF; i++) {
      const signedIn = await signInAsStaff(target, ['editor'], { name: `Campaign Editor ${i + 1}` });
      const editor = new Learner(cluster.url, signedIn.mobile, `10.254.${runIndex}.${i + 1}`);
      editor.cookie = signedIn.headers.cookie;
      lives.push(editorLife(crowd, editor, `${stamp}-${i}`));
    }
    log(
      `${instances} instance${instances > 1 ? 's' : ''}: steps of ${STEPS.join(', ')} learners (and ${VISITORS_PER_LEARNER} visitors each), ${STEP_SECONDS} s each, ${THINK_MS} ms between a person's calls on average, ${STAFF} editors publishing; machine load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
    );
    const steps: Step[] = [];
    let learnersIn = 0;
    let visitorsIn = 0;
    for (const size of STEPS) {
      const start = performance.now();
      const before = readCpu(cluster);
      // The step's newcomers arrive over its first third.
      const arriving = (life: () => Promise<void>) =>
        lives.push(sleep(Math.random() * STEP_SECONDS * 333).then(() => (crowd.stopped ? undefined : life())));
      for (; learnersIn < size; learnersIn++) {
        const index = learnersIn;
        arriving(() => learnerLife(crowd, cluster, people[index]!, index, map));
      }
      for (; visitorsIn < Math.ceil(size * VISITORS_PER_LEARNER); visitorsIn++) {
        const index = visitorsIn;
        arriving(() => visitorLife(crowd, visitors[index]!, index));
      }
      await sleep(start + STEP_SECONDS * 1000 - performance.now());
      const cpu = coresBetween(before, readCpu(cluster));
      steps.push({ learners: learnersIn, visitors: visitorsIn, start, cpu, load: os.loadavg()[0]!.toFixed(1) });
      log(`${learnersIn} learners: ${crowd.calls.length} calls answered so far`);
    }
    crowd.stopped = true;
    // Calls under way finish (each within CALL_TIMEOUT_MS): they belong to the step that sent them.
    await Promise.all(lives);
    const result: RunResult = {
      instances,
      steps: steps.map((step, i) =>
        figures(
          step,
          crowd.calls.filter(
            (c) => c.sentAt >= step.start && (i === steps.length - 1 || c.sentAt < steps[i + 1]!.start),
          ),
        ),
      ),
    };
    for (const step of result.steps) printStep(instances, step);
    console.log(`\n${await databaseFigures(cluster)}`);
    console.log(`\n${summary(result)}`);
    return result;
  } finally {
    crowd.stopped = true;
    await Promise.allSettled(lives);
    await database?.close();
    await cluster.stop();
  }
}

const results: RunResult[] = [];
for (const [i, instances] of INSTANCES.entries()) results.push(await run(instances, i));

console.log(
  `\nTipping over: p99 of all calls above ${P99_LIMIT_MS} ms or errors above ${percent(ERROR_LIMIT)} in a step.`,
);
console.log(
  table(
    ['learners', ...results.map((r) => `${r.instances} instance${r.instances > 1 ? 's' : ''}: calls/s, p99, errors`)],
    STEPS.map((size, i) => [
      String(size),
      ...results.map((r) => {
        const s = r.steps[i]!;
        return `${s.rate.toFixed(0)}/s, ${s.p99.toFixed(0)} ms, ${percent(s.errorShare)}${s.tipped ? ' (tipped)' : ''}`;
      }),
    ]),
  ),
);
for (const result of results) console.log(summary(result));
process.exit(0);
