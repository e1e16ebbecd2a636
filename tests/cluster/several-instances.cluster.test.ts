// Two instances of the built server behind nginx, on one new PostgreSQL database and Redis
// (tests/cluster/cluster.ts), each case through the balancer as learners and staff reach the site:
// limits, sign-out and deactivation, and publishing agree on every instance; a scheduled publication
// and the analytics refresh run once in all; an instance killed under load costs only the requests
// it held, and a rolling restart costs none. Which instance answered is nginx's X-Upstream header.
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';
import { SCHEDULE_CHECK_MS } from '../../server/modules/authoring/scheduler';
import { blogBody } from '../../server/modules/authoring/authoring-test-helpers';
import { learnerName } from '../../server/test/learner-names';
import { signInAsStaff, type SignInTarget } from '../../server/test/sign-in';
import { Learner, learners, learningMap, type Answer } from '../faults/lib/learner';
import { describeOutcomes, enrolEverywhere, newTraffic, work, type Record as Call } from '../faults/lib/load';
import { sleep } from '../faults/lib/report';
import { tail } from '../faults/lib/server-process';
import { startCluster, type Cluster } from './cluster';

/**
 * Two instances: each case needs "another instance", and a third would add a server's start to a
 * rolling restart on a two-core CI machine without showing anything two do not.
 */
const INSTANCES = 2;
const OTP_PER_NUMBER_LIMIT = 5;
/** How soon a change on one instance must hold on every other. */
const WITHIN_MS = 1000;

let cluster: Cluster;
let database: Database;
let target: SignInTarget;
const stamp = Date.now() % 1_000_000;
/** A number of this run's own: 91 9 then eight digits. */
const mobile = (n: number) => `919${String(stamp * 100 + n).padStart(9, '0')}`;
/** The client addresses of this run (Redis keeps per-address counts across runs for a minute). */
const address = (n: number) => `10.${(stamp >> 8) & 255}.${stamp & 255}.${n}`;
const say = (message: string) => console.log(`    ${message}`);

/** The instance that answered (the last one nginx tried). */
const upstreamOf = (answer: Answer) => answer.headers?.get('x-upstream')?.split(',').pop()?.trim() ?? '?';

interface Seen {
  /** When the instance first answered as expected, and last answered otherwise, in ms after the change. */
  first?: number;
  lastOther?: number;
  answers: number;
}

/**
 * Calls through the balancer for `forMs` after a change and tells, per instance, when it first
 * answered as expected and when it last did not.
 */
async function watch(
  call: () => Promise<Answer>,
  expected: (answer: Answer) => boolean,
  since: number,
  forMs = WITHIN_MS + 300,
): Promise<Map<string, Seen>> {
  const seen = new Map<string, Seen>(cluster.instances.map((instance) => [instance.address, { answers: 0 }]));
  while (performance.now() - since < forMs) {
    const answer = await call();
    const at = answer.answeredAt - since;
    const entry = seen.get(upstreamOf(answer)) ?? { answers: 0 };
    seen.set(upstreamOf(answer), entry);
    entry.answers++;
    if (expected(answer)) entry.first ??= at;
    else entry.lastOther = at;
  }
  return seen;
}

/** Calls through the balancer until every instance has answered (at most 40 calls); what each answered. */
async function onEveryInstance(call: () => Promise<Answer>): Promise<Map<string, number[]>> {
  const answers = new Map<string, number[]>();
  for (let i = 0; i < 40 && answers.size < cluster.instances.length; i++) {
    const answer = await call();
    answers.set(upstreamOf(answer), [...(answers.get(upstreamOf(answer)) ?? []), answer.status]);
  }
  return answers;
}

/** nginx's complaints, counted by kind (an instance refused a connection, closed one early...). */
function balancerComplaints(): string {
  const counts = new Map<string, number>();
  for (const line of cluster.balancer.errorLog().split('\n')) {
    const kind = /\[(?:error|warn)\] \d+#\d+: \*?\d* ?([^,(]+)/.exec(line)?.[1]?.trim();
    if (kind) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return [...counts].map(([kind, n]) => `${kind}: ${n}`).join('; ') || 'none';
}

function describeSeen(seen: Map<string, Seen>): string {
  return [...seen]
    .map(
      ([at, s]) =>
        `${at}: ${s.answers} answers, first as expected after ${s.first?.toFixed(0) ?? 'never'} ms, otherwise last at ${s.lastOther?.toFixed(0) ?? 'never'} ms`,
    )
    .join('; ');
}

/** Every instance answered as expected, and none otherwise later than WITHIN_MS after the change. */
function expectEverywhereWithin(seen: Map<string, Seen>) {
  for (const instance of cluster.instances) {
    const s = seen.get(instance.address)!;
    expect(s.first, `${instance.address} never answered as expected: ${describeSeen(seen)}`).toBeDefined();
    expect(s.lastOther ?? -1, describeSeen(seen)).toBeLessThan(WITHIN_MS);
  }
}

const scheduledSlug = `cluster-scheduled-${stamp}`;
const scheduledTitle = `Scheduled ${stamp}`;
let scheduled: { id: string; dueAt: number };
const startedAt = Date.now();

beforeAll(async () => {
  cluster = await startCluster({ instances: INSTANCES, log: say });
  database = await openDatabase({ databaseUrl: cluster.databaseUrl, poolSize: 2 });
  target = { db: database.db, config: { secret: cluster.secret } };
  // A publication scheduled two seconds ahead, checked at the end, after every instance has looked.
  const editor = await staff(['editor'], 'Sita Scheduler');
  const created = await editor.call('POST', '/api/staff/content', {
    kind: 'blog',
    slug: scheduledSlug,
    body: { ...blogBody(), title: scheduledTitle },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = (created.body as { item: { id: string } }).item.id;
  const dueAt = Date.now() + 2000;
  const publish = await editor.call('POST', `/api/staff/content/${id}/en/publish`, {
    at: new Date(dueAt).toISOString(),
  });
  expect(publish.status, JSON.stringify(publish.body)).toBe(200);
  scheduled = { id, dueAt };
});

afterAll(async () => {
  await database?.close();
  await cluster?.stop();
});

/** A member of staff with these roles, signed in (second factor confirmed), calling through the balancer. */
async function staff(roles: Parameters<typeof signInAsStaff>[1], name: string) {
  const signedIn = await signInAsStaff(target, roles, { name });
  const person = new Learner(cluster.url, signedIn.mobile, address(200 + roles.length));
  person.cookie = signedIn.headers.cookie;
  return Object.assign(person, { userId: signedIn.userId });
}

describe('one-time passwords', () => {
  it('are limited per number on every instance together', async () => {
    const learner = new Learner(cluster.url, mobile(1), address(1));
    const sent: Answer[] = [];
    for (let i = 0; i < OTP_PER_NUMBER_LIMIT; i++)
      sent.push(await learner.call('POST', '/api/user/send-otp', { mobile: learner.mobile }));
    const over = await learner.call('POST', '/api/user/send-otp', { mobile: learner.mobile });
    say(
      `sends answered ${sent.map((a) => `${a.status} by ${upstreamOf(a)}`).join(', ')}; the next ${over.status} by ${upstreamOf(over)}`,
    );
    // 404 notRegistered: the code is sent, for a new account (register).
    expect(sent.map((a) => a.status)).toEqual(Array(OTP_PER_NUMBER_LIMIT).fill(404));
    expect(new Set(sent.map(upstreamOf)).size).toBe(cluster.instances.length);
    expect(over.status).toBe(429);
  });

  it('allow five wrong tries of a code in all, whichever instance checks them', async () => {
    const learner = new Learner(cluster.url, mobile(2), address(2));
    expect((await learner.call('POST', '/api/user/send-otp', { mobile: learner.mobile })).status).toBe(404);
    const code = await cluster.otpFor(learner.mobile);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const tries: Answer[] = [];
    for (let i = 0; i < 5; i++)
      tries.push(
        await learner.call('POST', '/api/user/register', { mobile: learner.mobile, otp: wrong, name: 'Ravi' }),
      );
    const right = await learner.call('POST', '/api/user/register', { mobile: learner.mobile, otp: code, name: 'Ravi' });
    say(
      `wrong codes answered ${tries.map((a) => `${a.status} by ${upstreamOf(a)}`).join(', ')}; the right one then ${right.status} (${(right.body as { code?: string }).code}) by ${upstreamOf(right)}`,
    );
    expect(tries.every((a) => a.status === 400)).toBe(true);
    expect(new Set(tries.map(upstreamOf)).size).toBe(cluster.instances.length);
    expect(right.status).not.toBe(200);
  });
});

describe('a session ended on one instance', () => {
  it('is refused by every instance within a second of signing out', async () => {
    const learner = new Learner(cluster.url, mobile(3), address(3));
    await learner.signIn(cluster, 'Meena');
    const cookie = learner.cookie;
    const holder = new Learner(cluster.url, learner.mobile, learner.address);
    const me = () => {
      holder.cookie = cookie;
      return holder.call('GET', '/api/user/me');
    };
    const before = await onEveryInstance(me);
    expect([...before.values()].flat().every((status) => status === 200)).toBe(true);
    expect(before.size).toBe(cluster.instances.length);

    const out = await learner.call('POST', '/api/user/logout');
    expect(out.status).toBe(200);
    const seen = await watch(me, (a) => a.status === 401, out.answeredAt);
    say(`signed out on ${upstreamOf(out)}; then ${describeSeen(seen)}`);
    expectEverywhereWithin(seen);
  });

  it('is refused to a deactivated member of staff by every instance within a second', async () => {
    const admin = await staff(['admin'], 'Asha Admin');
    const editor = await staff(['editor'], 'Esha Editor');
    const staffMe = () => editor.call('GET', '/api/staff/me');
    const before = await onEveryInstance(staffMe);
    expect([...before.values()].flat().every((status) => status === 200)).toBe(true);
    expect(before.size).toBe(cluster.instances.length);

    const deactivated = await admin.call('POST', `/api/staff/members/${editor.userId}/deactivate`);
    expect(deactivated.status, JSON.stringify(deactivated.body)).toBe(200);
    const seen = await watch(staffMe, (a) => a.status === 401 || a.status === 403, deactivated.answeredAt);
    say(`deactivated on ${upstreamOf(deactivated)}; then ${describeSeen(seen)}`);
    expectEverywhereWithin(seen);
  });
});

describe('publishing', () => {
  it('is visible on every instance within a second, their caches of the list notwithstanding', async () => {
    const editor = await staff(['editor'], 'Pooja Editor');
    const visitor = new Learner(cluster.url, mobile(4), address(4));
    const list = () => visitor.call('GET', '/api/blog/public?lang=en');
    const slug = `cluster-now-${stamp}`;
    // Every instance has the list in its cache.
    const warm = await onEveryInstance(list);
    expect([...warm.values()].flat().every((status) => status === 200)).toBe(true);
    expect(warm.size).toBe(cluster.instances.length);

    const title = `Published ${stamp}`;
    const created = await editor.call('POST', '/api/staff/content', {
      kind: 'blog',
      slug,
      body: { ...blogBody(), title },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = (created.body as { item: { id: string } }).item.id;
    const published = await editor.call('POST', `/api/staff/content/${id}/en/publish`, {});
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const seen = await watch(list, (a) => JSON.stringify(a.body).includes(title), published.answeredAt);
    say(`published on ${upstreamOf(published)}; then ${describeSeen(seen)}`);
    expectEverywhereWithin(seen);
  });
});

/** Learners at work (completions, quiz submissions, progress reads) and visitors reading public pages. */
async function underLoad(during: () => Promise<void>, people: Learner[], map: Awaited<ReturnType<typeof learningMap>>) {
  const traffic = newTraffic();
  let stopped = false;
  const load = work(people, map, traffic, () => stopped, 50);
  const visitors = Array.from({ length: 6 }, (_, i) => new Learner(cluster.url, mobile(50 + i), address(50 + i)));
  const pages = ['/api/course/public?lang=en', '/api/blog/public?lang=hi', '/', '/courses'];
  const reading = Promise.all(
    visitors.map(async (visitor, i) => {
      for (let n = i; !stopped; n++) {
        const answer = await visitor.call('GET', pages[n % pages.length]!);
        traffic.records.push({
          kind: 'read',
          status: answer.status,
          error: answer.error,
          sentAt: answer.sentAt,
          answeredAt: answer.answeredAt,
          retryAfter: null,
        });
      }
    }),
  );
  try {
    await sleep(1500);
    await during();
    await sleep(1500);
  } finally {
    stopped = true;
    await Promise.all([load, reading]);
  }
  return traffic.records;
}

/** Waits until nginx sends requests to the instance again. */
async function backInRotation(instanceAddress: string): Promise<void> {
  const probe = new Learner(cluster.url, mobile(60), address(60));
  const deadline = performance.now() + 15_000;
  while (performance.now() < deadline) {
    if (upstreamOf(await probe.call('GET', '/api/course/public?lang=en')) === instanceAddress) return;
    await sleep(100);
  }
  throw new Error(`nginx did not send requests to ${instanceAddress} again within 15 s`);
}

const failed = (records: Call[]) => records.filter((r) => r.status < 200 || r.status >= 300);

describe('an instance lost', () => {
  let people: Learner[];
  let map: Awaited<ReturnType<typeof learningMap>>;
  beforeAll(async () => {
    map = await learningMap(cluster.url);
    people = learners(cluster.url, 24, stamp * 10);
    await Promise.all(people.map((learner, i) => learner.signIn(cluster, learnerName(i))));
    await enrolEverywhere(people, map);
  });

  it('killed under load costs only the writes it held; the others carry on', async () => {
    const victim = cluster.instances[0]!;
    // In flight at the kill: sent before the instance was seen gone (its exit reported) and
    // answered after the signal.
    let killedAt = 0;
    let goneAt = 0;
    const records = await underLoad(
      async () => {
        killedAt = performance.now();
        await cluster.lose(victim);
        goneAt = performance.now();
        await sleep(1500);
      },
      people,
      map,
    );
    const after = records.filter((r) => r.sentAt >= goneAt);
    const inFlight = records.filter((r) => r.sentAt < goneAt && r.answeredAt >= killedAt);
    say(
      `${records.length} calls; in flight at the kill: ${inFlight.length} (${describeOutcomes(inFlight)}); sent after it: ${after.length} (${describeOutcomes(after)}); failed: ${failed(records).length} (${failed(
        records,
      )
        .map((r) => `${r.kind} ${r.error ?? r.status}`)
        .join(', ')})`,
    );
    say(`nginx: ${balancerComplaints()}`);
    expect(after.length).toBeGreaterThan(50);
    expect(failed(after)).toEqual([]);
    // What failed was in flight on the instance when it died, and was a write: reads are tried again.
    expect(failed(records).every((r) => inFlight.includes(r) && r.kind !== 'read')).toBe(true);
    await cluster.restart(victim);
  });

  it('restarted one instance at a time (SIGTERM, start, ready) costs no request at all', async () => {
    const restarts: string[] = [];
    const restartTimes: string[] = [];
    const records = await underLoad(
      async () => {
        for (const instance of cluster.instances) {
          const start = performance.now();
          restartTimes.push(`SIGTERM to ${instance.address} at ${new Date().toISOString()}`);
          const exit = await instance.process.stop('SIGTERM');
          restartTimes.push(`its exit at ${new Date().toISOString()}`);
          const stopped = performance.now();
          expect(exit, tail(instance.process.log, 30)).toEqual({ code: 0, signal: null });
          await cluster.restart(instance);
          const ready = performance.now();
          // nginx learns that an instance is back only by trying it again (at most fail_timeout
          // after its last failure): stopping the next one before then would leave it none to use.
          await backInRotation(instance.address);
          restarts.push(
            `${instance.address} stopped in ${((stopped - start) / 1000).toFixed(1)} s, ready again in ${((ready - stopped) / 1000).toFixed(1)} s, answering through nginx ${((performance.now() - ready) / 1000).toFixed(1)} s later`,
          );
        }
      },
      people,
      map,
    );
    say(`${restarts.join('; ')}`);
    say(`${records.length} calls: ${describeOutcomes(records)}; failed: ${failed(records).length}`);
    if (failed(records).length > 0)
      say(
        `the stops and starts: ${restartTimes.join(', ')}; nginx's last failures:\n${cluster.balancer
          .errorLog()
          .split('\n')
          .filter((line) => /\[error\]/.test(line))
          .slice(-6)
          .join('\n')}`,
      );
    say(`nginx: ${balancerComplaints()}`);
    expect(records.length).toBeGreaterThan(100);
    expect(failed(records)).toEqual([]);
  });
});

describe('jobs of the whole site', () => {
  it('publishes a scheduled item once, though every instance looks for due ones', async () => {
    // Every instance (and every restarted one) has looked at least once since it fell due.
    const lookedBy = scheduled.dueAt + SCHEDULE_CHECK_MS + 2000;
    if (Date.now() < lookedBy) await sleep(lookedBy - Date.now());
    const audits = await cluster.query<{ n: number }>(
      `select count(*)::int as n from audit_log where entity_id = $1 and action = 'content.publish'`,
      [scheduled.id],
    );
    const publishedBy = cluster.logged(/^scheduled content published$/);
    say(
      `audit entries of its publication: ${audits[0]!.n}; instances that logged publishing scheduled content: ${publishedBy.map((l) => `${l.address} (${String(l.line.published)})`).join(', ')}`,
    );
    expect(audits[0]!.n).toBe(1);
    expect(publishedBy.reduce((n, l) => n + Number(l.line.published), 0)).toBe(1);
    const list = await new Learner(cluster.url, mobile(5), address(5)).call('GET', '/api/blog/public?lang=en');
    expect(JSON.stringify(list.body)).toContain(scheduledTitle);
  });

  it('refreshes the analytics once, though every instance started looks whether they are due', async () => {
    const refreshed = cluster.logged(/^analytics refreshed$/);
    const starts = cluster.logged(/^database ready$/).length;
    const [row] = await cluster.query<{ refreshed_at: Date }>('select refreshed_at from analytics_refreshes');
    say(
      `${starts} starts of an instance; refreshes logged: ${refreshed.map((l) => `${l.address} at ${new Date(Number(l.line.time)).toISOString()}`).join(', ')}; the figures computed at ${row?.refreshed_at.toISOString()}`,
    );
    expect(starts).toBeGreaterThanOrEqual(cluster.instances.length);
    // On the run's new database the figures were due at the first start; on a kept one
    // (CLUSTER_DATABASE) they may still have been fresh.
    expect(refreshed).toHaveLength(row!.refreshed_at.getTime() >= startedAt ? 1 : 0);
  });
});
