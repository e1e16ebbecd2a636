// A database that cannot be reached: every request answers 503 with Retry-After and a plain message,
// the log gets one line per kind of failure and never a query's parameters, and the server notices
// by itself when the database answers again.
import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { DrizzleQueryError } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase, type Db } from '../db/client';
import { serializeError } from '../lib/error-log';
import { captureLog, type LogCapture } from '../test/log-capture';
import { freePort, waitFor } from '../test/ports';
import { relayTo } from '../test/relay';
import { createTestApp, createTestDatabase, type TestApp } from '../test/test-app';
import { signInAs } from '../test/sign-in';
import { loadConfig } from './config';
import { unavailabilityKind } from './database-faults';
import { messageBody } from '../../contract/messages';
import type { FastifyInstance } from 'fastify';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('unavailabilityKind', () => {
  it('finds the database unreachable behind a failed query', () => {
    const refused = new DrizzleQueryError(
      'select 1',
      [],
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
    );
    expect(unavailabilityKind(refused)).toBe('ECONNREFUSED');
    expect(unavailabilityKind(withCode('the database system is starting up', '57P03'))).toBe('57P03');
    expect(unavailabilityKind(withCode('connection failure', '08006'))).toBe('08006');
    expect(unavailabilityKind(new Error('Connection terminated unexpectedly'))).toBe('connection terminated');
    expect(unavailabilityKind(new DrizzleQueryError('select 1', [], new Error('PGlite is closed')))).toBe(
      'embedded database closed',
    );
    expect(unavailabilityKind(new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')]))).toBe(
      'ECONNREFUSED',
    );
  });

  it('leaves every other error alone', () => {
    expect(
      unavailabilityKind(new DrizzleQueryError('insert', [], withCode('duplicate key value', '23505'))),
    ).toBeNull();
    expect(unavailabilityKind(new Error('boom'))).toBeNull();
    expect(unavailabilityKind('text')).toBeNull();
  });
});

describe('serializeError', () => {
  it('logs a failed query without its parameters or the values PostgreSQL repeats', () => {
    const hash = createHash('sha256').update('token').digest('hex');
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "sessions_token_hash_unique"'),
      {
        code: '23505',
        constraint: 'sessions_token_hash_unique',
        detail: `Key (token_hash)=(${hash}) already exists.`,
      },
    );
    const logged = serializeError(
      new DrizzleQueryError('insert into "sessions" ("token_hash") values ($1)', [hash], cause),
    );
    const text = JSON.stringify(logged);
    expect(text).not.toContain(hash);
    expect(logged.message).toBe('Failed query: insert into "sessions" ("token_hash") values ($1)');
    expect(logged.stack).toContain('Failed query: insert into "sessions"');
    expect(logged.cause).toMatchObject({ code: '23505', constraint: 'sessions_token_hash_unique' });
  });
});

/** The requests a visitor and a learner make, with a session cookie whose hash must not be logged. */
async function visit(app: FastifyInstance, cookie: string) {
  const answers = [];
  for (const url of [
    '/api/health',
    '/api/blog/public',
    '/api/user/me',
    '/api/user/session-status',
    '/api/progress/en/progress',
  ]) {
    for (let i = 0; i < 3; i++)
      answers.push({ url, res: await app.inject({ method: 'GET', url, headers: { cookie } }) });
  }
  return answers;
}

function expectAllUnavailable(answers: Awaited<ReturnType<typeof visit>>) {
  for (const { url, res } of answers) {
    expect(res.statusCode, url).toBe(503);
    expect(res.headers['retry-after'], url).toBe('5');
    expect(res.json(), url).toEqual(messageBody('serviceUnavailable'));
  }
}

function expectQuietLog(log: LogCapture, token: string) {
  const hash = createHash('sha256').update(token).digest('hex');
  const text = log.lines.map((line) => JSON.stringify(line)).join('\n');
  expect(text).not.toContain(hash);
  expect(text).not.toContain('params');
  expect(text).not.toContain('"stack"');
}

const errorLines = (log: LogCapture) => log.lines.filter((line) => line.level >= 50);

describe('PostgreSQL unreachable (nothing listens on its port)', () => {
  let app: FastifyInstance;
  let pool: pg.Pool;
  const log = captureLog();
  beforeAll(async () => {
    pool = new pg.Pool({
      connectionString: `postgres://postgres@127.0.0.1:${await freePort()}/jgk`,
      connectionTimeoutMillis: 2000,
    });
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: path.join(os.tmpdir(), `jgk-test-${randomBytes(4).toString('hex')}`),
    });
    app = await buildApp({ config, db: drizzle(pool) as unknown as Db, listen: null, logger: log.logger });
  });
  afterAll(async () => {
    await app.close();
    await pool.end();
  });

  it('answers 503 with Retry-After to every request, logs one line for it, and no token hash', async () => {
    const token = randomBytes(32).toString('base64url');
    expectAllUnavailable(await visit(app, `sid=${token}`));
    expect(errorLines(log)).toHaveLength(1);
    expect(errorLines(log)[0]).toMatchObject({
      kind: 'ECONNREFUSED',
      msg: expect.stringMatching(/^Database unreachable/),
    });
    expect(log.matching(/^Database unreachable/)).toHaveLength(1);
    expectQuietLog(log, token);
    expect(app.databaseHealth.state()).toBe('down');
  });
});

describe('the database closed under a running server', () => {
  let t: TestApp;
  const log = captureLog();
  beforeAll(async () => {
    t = await createTestApp({}, { logger: log.logger });
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('answers 503 instead of 500, signed in or not, with one log line and no token hash', async () => {
    const learner = await signInAs(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/me', headers: learner.headers })).statusCode).toBe(200);
    await t.database.close();
    expectAllUnavailable(await visit(t.app, learner.headers.cookie));
    expect(errorLines(log)).toHaveLength(1);
    expectQuietLog(log, learner.headers.cookie.slice('sid='.length));
  });

  it('is alive but not ready', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe('5');
    expect(ready.json()).toEqual({ status: 'unavailable', database: 'down', migrations: 'unknown', redis: 'off' });
    expect(errorLines(log)).toHaveLength(1);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL lost and back', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let relay: Awaited<ReturnType<typeof relayTo>>;
  let app: FastifyInstance;
  let relayed: Awaited<ReturnType<typeof openDatabase>>;
  const log = captureLog();
  beforeAll(async () => {
    database = await createTestDatabase();
    const url = new URL((database.db as unknown as { $client: pg.Pool }).$client.options.connectionString!);
    relay = await relayTo({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = '127.0.0.1';
    url.port = String(relay.port);
    relayed = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: path.join(os.tmpdir(), `jgk-test-${randomBytes(4).toString('hex')}`),
    });
    app = await buildApp({ config, db: relayed.db, listen: relayed.listen, logger: log.logger });
  });
  afterAll(async () => {
    await app.close();
    await relayed.close();
    await database.close();
  });

  it('answers 503 while it is away and recovers by itself, logging each change once', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await relay.down();
    for (let i = 0; i < 5; i++)
      expect((await app.inject({ method: 'GET', url: '/api/blog/public' })).statusCode).toBe(503);
    expect(errorLines(log)).toHaveLength(1);
    await relay.up();
    await waitFor(() => app.databaseHealth.state() === 'up', 10_000, 'the server to notice the database is back');
    expect(log.matching(/^Database reachable again/)).toHaveLength(1);
    expect((await app.inject({ method: 'GET', url: '/health/ready' })).json()).toMatchObject({
      status: 'ready',
      database: 'up',
    });
    expect((await app.inject({ method: 'GET', url: '/api/blog/public' })).statusCode).toBe(200);
    expect(errorLines(log)).toHaveLength(1);
  });
});
