// Fault: the server on its embedded database (PGlite in DATA_DIR, the default) is killed with
// kill -9 while learners are writing, five times: no chance to close the database or release the
// data folder. What must hold each time: the server starts again on the same folder by itself
// (taking over the lock the dead one left), every write it acknowledged (2xx) before the kill is
// there, as the server tells each learner (their data copy), and the folder is never left unusable;
// at the end the folder also opens directly in PGlite and holds every acknowledged write.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from '../../server/test/ports';
import { learners, learningMap } from './lib/learner';
import { describeOutcomes, enrolEverywhere, newTraffic, storedInPglite, storedThroughServer, work } from './lib/load';
import { check, found, onCleanup, runScript, sleep, step } from './lib/report';
import { startServer, type ServerProcess } from './lib/server-process';
import { learnerName } from '../../server/test/learner-names';

const ROUNDS = 5;
const LEARNERS = 20;

runScript(`Embedded database killed with kill -9 during writes, ${ROUNDS} times`, 300, async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jgk-fault-kill-'));
  onCleanup(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  // The same address every time, so the learners find the server again after each restart.
  const port = await freePort();
  let server: ServerProcess | undefined;
  onCleanup(() => void server?.stop('SIGKILL'));

  step(`starting the server on a new embedded database in ${dataDir}`);
  server = await startServer({ DATA_DIR: dataDir }, port);
  found(`ready in ${await server.waitReady(120_000)} ms`);
  const map = await learningMap(server.url);
  const people = learners(server.url, LEARNERS);
  step(`signing in ${LEARNERS} learners and enrolling them in ${map.courses.length} courses`);
  for (const [i, learner] of people.entries()) await learner.signIn(server, learnerName(i));
  await enrolEverywhere(people, map);

  const traffic = newTraffic();
  for (let round = 1; round <= ROUNDS; round++) {
    const writingMs = 2000 + Math.floor(Math.random() * 2000);
    step(`round ${round}: ${LEARNERS} learners writing for ${(writingMs / 1000).toFixed(1)} s, then kill -9`);
    const start = traffic.records.length;
    let stopped = false;
    const load = work(people, map, traffic, () => stopped, 100);
    await sleep(writingMs);
    const killedAt = performance.now();
    server.child.kill('SIGKILL');
    const exit = await server.exited;
    stopped = true;
    await load;
    const calls = traffic.records.slice(start);
    const inFlight = calls.filter((r) => r.sentAt < killedAt && r.answeredAt >= killedAt);
    found(`killed (${exit.signal}); calls this round: ${describeOutcomes(calls)}`);
    found(`${inFlight.length} calls were in flight at the kill: ${describeOutcomes(inFlight)}`);
    check(
      calls.some((r) => r.status === 200 && r.kind !== 'read'),
      'writes were acknowledged this round',
    );
    check(inFlight.length > 0, 'the kill came while calls were in flight');
    check(fs.existsSync(path.join(dataDir, 'server.lock')), 'the dead server left its lock behind, as a crash does');

    step(`round ${round}: starting the server again on the same folder`);
    server = await startServer({ DATA_DIR: dataDir }, port);
    let readyMs = -1;
    try {
      readyMs = await server.waitReady(120_000);
    } catch (error) {
      found((error as Error).message);
    }
    check(readyMs >= 0, 'the server started again on the folder', `ready in ${readyMs} ms`);
    if (readyMs < 0) return;
    const stored = await storedThroughServer(people);
    const missing = traffic.ledger.missingFrom(stored);
    check(
      missing.completions.length === 0 && missing.quizAttempts.length === 0,
      'every write acknowledged so far is there',
      `${traffic.ledger.completionCount} completions and ${traffic.ledger.quizAttemptCount} quiz attempts acknowledged; missing: ${missing.completions.length} completions, ${missing.quizAttempts.length} learners' quiz attempts`,
    );
  }

  step('stopping the server (SIGTERM) and opening the folder directly in PGlite');
  const exit = await server.stop('SIGTERM');
  check(exit.code === 0, 'the server stops cleanly after the five kills', `code ${exit.code}`);
  const stored = await storedInPglite(path.join(dataDir, 'pgdata'));
  const missing = traffic.ledger.missingFrom(stored);
  check(
    stored.tables > 0 && missing.completions.length === 0 && missing.quizAttempts.length === 0,
    'the folder opens in PGlite and holds every acknowledged write',
    `${stored.tables} tables; ${traffic.ledger.completionCount} completions and ${traffic.ledger.quizAttemptCount} quiz attempts acknowledged in all; missing: ${missing.completions.length} completions, ${missing.quizAttempts.length} learners' quiz attempts`,
  );
});
