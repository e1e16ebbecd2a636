// Fault: the server is told to stop (SIGTERM, as an orchestrator or `kill` does) while learners are
// writing. What must hold: every request already in flight is finished and answered (here five quiz
// submissions whose bodies are still arriving when the signal comes, and the learners' calls under
// way), new requests are refused cleanly (a new connection is refused, a request on an open one is
// answered 503 with Retry-After and the connection closed; never a 500, a hang or a half answer),
// a client that stalls half-way cannot hold the stop for ever, the process exits 0 and releases the
// data folder, and every acknowledged write is in the database afterwards.
//
// On the embedded database (the default), where closing it cleanly matters most.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { learners, learningMap } from './lib/learner';
import { describeOutcomes, enrolEverywhere, newTraffic, slowest, storedInPglite, work } from './lib/load';
import { newConnectionGet, slowRequest, type RawAnswer } from './lib/raw-request';
import { check, found, onCleanup, runScript, sleep, step } from './lib/report';
import { startServer } from './lib/server-process';
import { waitFor } from '../../server/test/ports';
import { learnerName } from '../../server/test/learner-names';

const LEARNERS = 20;
const SLOW_REQUESTS = 5;
const GRACE_SECONDS = 5;

runScript('Graceful shutdown under load (SIGTERM, embedded database)', 180, async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jgk-fault-shutdown-'));
  onCleanup(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  step(`starting the server on a new embedded database in ${dataDir}`);
  const server = await startServer({ DATA_DIR: dataDir, SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS) });
  onCleanup(() => void server.stop('SIGKILL'));
  found(`ready in ${await server.waitReady()} ms`);

  const map = await learningMap(server.url);
  const people = learners(server.url, LEARNERS);
  step(`signing in ${LEARNERS} learners and enrolling them in ${map.courses.length} courses`);
  for (const [i, learner] of people.entries()) await learner.signIn(server, learnerName(i));
  await enrolEverywhere(people, map);

  step(`${LEARNERS} learners completing lessons, submitting quizzes and reading progress`);
  const traffic = newTraffic();
  let stopped = false;
  const load = work(people, map, traffic, () => stopped, 50);
  await sleep(3000);

  // Requests in flight when the signal comes: quiz submissions whose headers and first half the
  // server has received (it logged them), the rest sent a second after the signal. One more stops
  // half-way and never finishes. Each comes from an address of its own, to find it in the log.
  const quiz = map.quizzes[0]!;
  const slowAddress = (i: number) => `10.255.0.${i + 1}`;
  const submission = (i: number) =>
    slowRequest(`${server.url}${quiz.path}`, {
      method: 'POST',
      headers: { cookie: people[i]!.cookie, 'x-forwarded-for': slowAddress(i) },
      body: JSON.stringify({ answers: quiz.answers }),
      sentPart: 0.5,
    });
  const slow = Array.from({ length: SLOW_REQUESTS }, (_, i) => submission(i));
  const stalled = submission(SLOW_REQUESTS);
  const slowAddresses = new Set(Array.from({ length: SLOW_REQUESTS + 1 }, (_, i) => slowAddress(i)));
  await waitFor(
    () =>
      server.log.filter(
        (line) =>
          line.msg === 'incoming request' &&
          slowAddresses.has((line.req as { remoteAddress?: string })?.remoteAddress ?? ''),
      ).length === slowAddresses.size,
    20_000,
    'the server to receive the slow submissions',
  );

  step('SIGTERM');
  const signalledAt = performance.now();
  server.child.kill('SIGTERM');

  // Newcomers after the signal, each on a new connection, every 100 ms until the server is gone.
  const newcomers: RawAnswer[] = [];
  let exitedAt = 0;
  const exit = server.exited.then((value) => {
    exitedAt = performance.now();
    return value;
  });
  const probing = (async () => {
    await sleep(100);
    while (!exitedAt) {
      newcomers.push(await newConnectionGet(`${server.url}/api/course/public?lang=en`));
      await sleep(100);
    }
  })();

  await sleep(1000);
  step(`sending the rest of the ${SLOW_REQUESTS} slow quiz submissions (one client stays stalled)`);
  for (const request of slow) request.finish();
  const slowAnswers = await Promise.all(slow.map((request) => request.answer));

  const { code, signal } = await exit;
  stopped = true;
  await load;
  await probing;
  const stalledAnswer = await stalled.answer;
  const secondsToExit = (exitedAt - signalledAt) / 1000;
  found(
    `the server exited ${code === null ? `by ${signal}` : `with code ${code}`} ${secondsToExit.toFixed(1)} s after SIGTERM`,
  );

  const before = traffic.records.filter((r) => r.answeredAt < signalledAt);
  const after = traffic.records.filter((r) => r.answeredAt >= signalledAt);
  found(`learners' calls answered before the signal: ${describeOutcomes(before)}`);
  found(`learners' calls ending after the signal: ${describeOutcomes(after)}`);
  const inFlight = after.filter((r) => r.sentAt < signalledAt);
  found(`of these, sent before the signal (in flight): ${describeOutcomes(inFlight)}`);
  found(`slow submissions in flight: ${slowAnswers.map((a) => a.error ?? a.status).join(', ')}`);
  found(`the stalled submission: ${stalledAnswer.error ?? stalledAnswer.status}`);
  const newcomerOutcomes = new Map<string, number>();
  for (const a of newcomers) {
    const key = a.error ? a.error.split(' ')[0]! : String(a.status);
    newcomerOutcomes.set(key, (newcomerOutcomes.get(key) ?? 0) + 1);
  }
  found(
    `newcomers on new connections after the signal: ${[...newcomerOutcomes].map(([k, n]) => `${k}: ${n}`).join(', ') || 'none'}`,
  );

  check(code === 0, 'the server exits with code 0', `code ${code}, signal ${signal}`);
  check(
    secondsToExit < GRACE_SECONDS + 5,
    `the server is gone within its grace period (SHUTDOWN_GRACE_SECONDS=${GRACE_SECONDS}) and 5 s, the stalled client notwithstanding`,
    `${secondsToExit.toFixed(1)} s`,
  );
  check(
    server.logged(/grace period/).length === 1,
    'the log says the connections still open after the grace period were closed',
  );
  check(!fs.existsSync(path.join(dataDir, 'server.lock')), 'the data folder is released (no server.lock left)');
  check(
    before.every((r) => r.status >= 200 && r.status < 300),
    'every call before the signal succeeded',
    `${describeOutcomes(before)}; slowest: ${slowest(before)}`,
  );
  check(
    slowAnswers.every((a) => a.status === 200),
    `the ${SLOW_REQUESTS} quiz submissions in flight at the signal were finished and answered 200`,
    slowAnswers.map((a) => a.error ?? a.status).join(', '),
  );
  // A reset is a connection the server never took: one still in the listen queue when the server
  // stopped listening (the kernel resets those). Nothing of it was read, and the log check below
  // proves that every request the server did receive was answered.
  const refusedCleanly = (r: { status: number; error?: string; code?: string; retryAfter: string | null }) =>
    (r.status >= 200 && r.status < 300) ||
    (r.status === 503 && r.code === 'serviceUnavailable' && r.retryAfter !== null) ||
    r.error === 'refused' ||
    r.error === 'reset';
  check(
    after.every(refusedCleanly),
    'every call after the signal was finished (2xx) or refused cleanly (503 serviceUnavailable with Retry-After, connection refused or never taken)',
    `exceptions: ${describeOutcomes(after.filter((r) => !refusedCleanly(r)))}`,
  );
  check(
    after.every((r) => r.error !== 'timeout' && r.error !== 'truncated' && r.error !== 'other' && r.status !== 500),
    'no call hung, got half an answer or a 500',
  );
  const newcomersClean = newcomers.every(
    (a) =>
      /^(ECONNREFUSED|ECONNRESET)/.test(a.error ?? '') || (a.status === 503 && a.headers['retry-after'] !== undefined),
  );
  check(
    newcomers.length > 0 && newcomersClean,
    'every newcomer was refused (connection refused or never taken, or 503 with Retry-After)',
    [...newcomerOutcomes].map(([k, n]) => `${k}: ${n}`).join(', '),
  );
  // The server's own account: every API request it logged as received has its answer logged, but
  // the stalled one, whose body never came.
  const received = new Map<string, string>();
  for (const line of server.log) {
    if (line.msg === 'incoming request')
      received.set(String(line.reqId), (line.req as { remoteAddress?: string })?.remoteAddress ?? '');
    if (line.msg === 'request completed') received.delete(String(line.reqId));
  }
  const unanswered = [...received.values()];
  check(
    unanswered.length === 1 && unanswered[0] === slowAddress(SLOW_REQUESTS),
    'the server answered every request it received but the stalled one',
    `${unanswered.length} unanswered: ${unanswered.join(', ')}`,
  );
  check(
    stalledAnswer.status !== 200,
    'the stalled client was cut off rather than waited for',
    stalledAnswer.error ?? String(stalledAnswer.status),
  );

  step('opening the data folder after the stop and looking for every acknowledged write');
  for (const [i, a] of slowAnswers.entries())
    if (a.status === 200) traffic.ledger.acknowledge('quiz', people[i]!.mobile, quiz.quizId);
  const stored = await storedInPglite(path.join(dataDir, 'pgdata'));
  const missing = traffic.ledger.missingFrom(stored);
  check(
    missing.completions.length === 0 && missing.quizAttempts.length === 0,
    'every acknowledged write is in the database',
    `${traffic.ledger.completionCount} completions and ${traffic.ledger.quizAttemptCount} quiz attempts acknowledged; missing: ${missing.completions.length} completions, ${missing.quizAttempts.length} learners' quiz attempts`,
  );

  step('starting the server again on the same folder');
  const again = await startServer({ DATA_DIR: dataDir });
  onCleanup(() => void again.stop('SIGKILL'));
  found(`ready in ${await again.waitReady()} ms`);
  const exitAgain = await again.stop('SIGTERM');
  check(exitAgain.code === 0, 'it starts and stops again cleanly', `code ${exitAgain.code}`);
});
