// Fault: PostgreSQL goes away under load and comes back, twice: once stopped in order (pg_ctl stop
// -m fast: sessions ended, as in a restart for maintenance) and once at once (-m immediate: no
// checkpoint, crash recovery at the next start, as when its machine or container dies). What must
// hold: the server keeps running, answers 503 serviceUnavailable with Retry-After while the
// database is away (never a 500, never a hang), answers 2xx again by itself within seconds of the
// database's return, /health/ready follows, and every write it acknowledged (2xx) before, during
// or after is in the database afterwards.
//
// How: a PostgreSQL server of this script's own (a new cluster in a temporary folder on a free
// port, lib/private-postgres.ts), since the machine's shared one cannot be restarted safely. A TCP
// proxy cut would only imitate the network; stopping the real server also shows PostgreSQL's own
// refusals (57P01 terminating connection, 57P03 starting up) and that a commit acknowledged before
// a crash survives its recovery.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { learners, learningMap } from './lib/learner';
import { describeOutcomes, enrolEverywhere, newTraffic, storedInPostgres, work, type Record } from './lib/load';
import { createPrivatePostgres } from './lib/private-postgres';
import { check, found, onCleanup, quantile, runScript, sleep, step } from './lib/report';
import { startServer, tail } from './lib/server-process';
import { learnerName } from '../../server/test/learner-names';

const LEARNERS = 40;
const AWAY_SECONDS = 6;
/** The server must answer 2xx again within this long after the database accepts connections. */
const RECOVERY_LIMIT_SECONDS = 10;

runScript('PostgreSQL restarted under load', 240, async () => {
  step('creating a PostgreSQL server of our own (initdb in a temporary folder)');
  const postgres = await createPrivatePostgres();
  onCleanup(() => postgres.destroy());
  await postgres.start();
  found(`${postgres.version} on 127.0.0.1:${postgres.port}, data in ${postgres.dataDir}`);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jgk-fault-pg-server-'));
  onCleanup(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  step('starting the server on it');
  const server = await startServer({
    DATABASE_URL: postgres.url,
    DATA_DIR: dataDir,
    // Forty learners from one address make a thousand calls a minute each on a fast machine; the
    // limits have tests of their own, and a 429 here would hide what this script looks for.
    API_RATE_LIMIT_PER_MINUTE: '100000',
    API_ADDRESS_LIMIT_PER_MINUTE: '1000000',
  });
  onCleanup(() => void server.stop('SIGKILL'));
  found(`ready in ${await server.waitReady(120_000)} ms`);

  const map = await learningMap(server.url);
  const people = learners(server.url, LEARNERS);
  step(`signing in ${LEARNERS} learners and enrolling them in ${map.courses.length} courses`);
  for (const [i, learner] of people.entries()) await learner.signIn(server, learnerName(i));
  await enrolEverywhere(people, map);

  // /health/ready as a load balancer asks it, four times a second.
  const readiness: { at: number; status: number }[] = [];
  let finished = false;
  const polling = (async () => {
    while (!finished) {
      const at = performance.now();
      const status = await fetch(`${server.url}/health/ready`, { signal: AbortSignal.timeout(5000) }).then(
        (r) => r.status,
        () => 0,
      );
      readiness.push({ at, status });
      await sleep(250);
    }
  })();

  step(`${LEARNERS} learners completing lessons, submitting quizzes and reading progress`);
  const traffic = newTraffic();
  const load = work(people, map, traffic, () => finished, 100);
  await sleep(4000);

  // downAt: the stop begins; stoppedAt: pg_ctl says it has stopped; startingAt: pg_ctl start begins;
  // upAt: it accepts connections again; firstOkAt: the server's first 2xx after that.
  const outages: {
    mode: 'fast' | 'immediate';
    downAt: number;
    stoppedAt: number;
    startingAt: number;
    upAt: number;
    firstOkAt: number;
  }[] = [];
  for (const mode of ['fast', 'immediate'] as const) {
    step(`stopping PostgreSQL (pg_ctl stop -m ${mode}) for ${AWAY_SECONDS} s`);
    const downAt = performance.now();
    await postgres.stop(mode);
    const stoppedAt = performance.now();
    await sleep(AWAY_SECONDS * 1000);
    step('starting PostgreSQL again');
    const startingAt = performance.now();
    await postgres.start();
    const upAt = performance.now();
    found(`accepting connections ${((upAt - downAt) / 1000).toFixed(1)} s after the stop began`);
    // The first acknowledged call sent after the database was back.
    let firstOkAt = 0;
    const deadline = upAt + RECOVERY_LIMIT_SECONDS * 3 * 1000;
    while (!firstOkAt && performance.now() < deadline) {
      firstOkAt = traffic.records.find((r) => r.sentAt >= upAt && r.status >= 200 && r.status < 300)?.answeredAt ?? 0;
      if (!firstOkAt) await sleep(50);
    }
    outages.push({ mode, downAt, stoppedAt, startingAt, upAt, firstOkAt });
    await sleep(4000);
  }
  finished = true;
  await load;
  await polling;

  const inOutage = (r: Record) => outages.find((o) => r.sentAt >= o.downAt && r.answeredAt <= o.upAt);
  for (const o of outages) {
    const away = traffic.records.filter((r) => r.sentAt >= o.downAt && r.answeredAt <= o.upAt);
    // Calls sent once PostgreSQL had stopped and answered before it began to start again.
    const surelyAway = away.filter((r) => r.sentAt >= o.stoppedAt && r.answeredAt <= o.startingAt);
    const latencies = away.map((r) => r.answeredAt - r.sentAt);
    const recovery = o.firstOkAt ? (o.firstOkAt - o.upAt) / 1000 : Infinity;
    const readyWhileAway = readiness.filter((r) => r.at >= o.stoppedAt && r.at <= o.startingAt);
    const readyAfter = readiness.filter((r) => r.at >= o.upAt);
    const readyAgain = readyAfter.find((r) => r.status === 200);
    step(`while PostgreSQL was away (-m ${mode(o.mode)})`);
    found(
      `${away.length} calls: ${describeOutcomes(away)}; answered in p50 ${quantile(latencies, 0.5).toFixed(0)} ms, max ${Math.max(0, ...latencies).toFixed(0)} ms`,
    );
    found(
      `/health/ready while away: ${summarise(readyWhileAway.map((r) => r.status))}; 200 again ${readyAgain ? `${((readyAgain.at - o.upAt) / 1000).toFixed(1)} s` : 'never'} after the database was back`,
    );
    check(
      surelyAway.length > 0 &&
        surelyAway.every((r) => r.status === 503 && r.code === 'serviceUnavailable' && r.retryAfter !== null),
      'every call while the database was away was answered 503 serviceUnavailable with Retry-After',
      describeOutcomes(surelyAway),
    );
    check(
      away.every((r) => r.status !== 0 && r.status !== 500),
      'none was a 500, a hang or a broken connection',
      `exceptions: ${describeOutcomes(away.filter((r) => r.status === 0 || r.status === 500))}`,
    );
    check(
      readyWhileAway.length > 0 && readyWhileAway.every((r) => r.status === 503),
      '/health/ready answered 503 while it was away',
    );
    check(
      recovery <= RECOVERY_LIMIT_SECONDS,
      `the server answered 2xx again within ${RECOVERY_LIMIT_SECONDS} s of the database's return, by itself`,
      `${recovery.toFixed(1)} s`,
    );
    check(
      readyAgain !== undefined && readyAgain.at - o.upAt <= RECOVERY_LIMIT_SECONDS * 1000,
      '/health/ready answered 200 again as soon',
    );
  }

  step('all calls');
  const outside = traffic.records.filter((r) => !inOutage(r));
  found(`${traffic.records.length} calls in all: ${describeOutcomes(traffic.records)}`);
  found(`outside the outages: ${describeOutcomes(outside)}`);
  check(
    traffic.records.every((r) => r.error !== 'timeout'),
    `no call hung (no answer within 15 s)`,
  );
  check(
    traffic.records.every((r) => r.status !== 500),
    'no call was answered 500',
  );
  const settled = traffic.records.filter((r) =>
    outages.every((o) => r.answeredAt < o.downAt || r.sentAt > (o.firstOkAt || Infinity) + 1000),
  );
  check(
    settled.every((r) => r.status >= 200 && r.status < 300),
    'every call answered before a stop began, or sent from a second after the recovery, succeeded',
    `${settled.length} calls; exceptions: ${describeOutcomes(settled.filter((r) => r.status < 200 || r.status >= 300))}`,
  );
  const alive = check(
    server.child.exitCode === null && server.child.signalCode === null,
    'the server process kept running throughout',
  );
  if (!alive)
    found(
      `it exited with ${server.child.exitCode ?? server.child.signalCode}; its last words:\n${tail(server.log, 60)}`,
    );
  const unreachable = server.logged(/^Database unreachable/);
  const reachable = server.logged(/^Database reachable again/);
  found(
    `log: ${unreachable.length} "Database unreachable" lines (${unreachable.map((l) => l.kind).join(', ')}), ${reachable.length} "Database reachable again"`,
  );
  check(reachable.length === outages.length, 'the log says when the database was reachable again, once per outage');
  const errorLines = server.log.filter((l) => (l.level ?? 0) >= 50).length;
  check(
    errorLines <= unreachable.length + 4 * outages.length,
    'the log is not flooded (a few error lines per outage, not one per request)',
    `${errorLines} error lines`,
  );

  step('looking for every acknowledged write in the database');
  const stored = await storedInPostgres(postgres.url);
  const missing = traffic.ledger.missingFrom(stored);
  check(
    missing.completions.length === 0 && missing.quizAttempts.length === 0,
    'every acknowledged write is in the database',
    `${traffic.ledger.completionCount} completions and ${traffic.ledger.quizAttemptCount} quiz attempts acknowledged; missing: ${missing.completions.length} completions${missing.completions.length ? ` (${missing.completions.slice(0, 3).join(', ')})` : ''}, ${missing.quizAttempts.length} learners' quiz attempts`,
  );

  const exit = await server.stop('SIGTERM');
  check(exit.code === 0, 'the server stops cleanly afterwards', `code ${exit.code}`);
});

function mode(m: string): string {
  return m === 'fast' ? 'fast: stopped in order' : 'immediate: stopped as in a crash';
}

function summarise(statuses: number[]): string {
  const counts = new Map<number, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts].map(([s, n]) => `${s}: ${n}`).join(', ') || 'not asked';
}
