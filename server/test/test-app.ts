// Builds the real app on a fresh, migrated database for one test file: in-memory PGlite by default,
// or a new database on the PostgreSQL server named by TEST_DATABASE_URL (dropped afterwards).
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type AppOptions } from '../app';
import { openDatabase, type Database } from '../db/client';
import { loadConfig, type Config } from '../plugins/config';
import { adminQuery, databaseUrl, pgliteImage, type DatabaseTemplate } from './database-template';

/** A test's database; url is set on PostgreSQL, so a second connection (another instance) can reach it. */
export interface TestDatabase extends Database {
  url: string | undefined;
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

/**
 * A fresh database; on PostgreSQL with its address, so a test can open a second connection pool to it.
 * Under Vitest it is a copy of the run's migrated template (server/test/database-template.ts).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.JGK_TEST_KIND === 'unit') {
    throw new Error('A unit test has no database: a test file that needs one is named *.api.test.ts (docs/testing.md)');
  }
  const template = runTemplate();
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { ...(await openDatabase({ pgliteImage: await testPgliteImage() })), url: undefined };
  const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const copy = template?.postgresTemplate ? ` template ${template.postgresTemplate}` : '';
  await adminQuery(serverUrl, `create database ${name}${copy}`);
  const url = databaseUrl(serverUrl, name);
  const database = await openDatabase({ databaseUrl: url, poolSize: 4 });
  return {
    ...database,
    url,
    async close() {
      await database.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** The run's migrated PGlite database to start from, when the global setup made one. */
export async function testPgliteImage(): Promise<Blob | undefined> {
  const file = runTemplate()?.pgliteImage;
  return file ? pgliteImage(file) : undefined;
}

/** The template the global setup made, when this file runs under it. */
function runTemplate(): DatabaseTemplate | undefined {
  try {
    return inject('databaseTemplate');
  } catch {
    // Outside a Vitest worker (inject throws): no template, the database migrates itself.
    return undefined;
  }
}

/** The configuration of a test app, with the given environment variables on top. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: path.join(os.tmpdir(), `jgk-test-${randomBytes(4).toString('hex')}`),
    SESSION_SECRET: 'test-secret-test-secret-test-secret!',
    // No load shedding, whatever NODE_ENV a test chooses: a busy CI machine must not shed the
    // requests of tests about other things (load-shedding.test.ts sets its own threshold).
    LOAD_SHED_EVENT_LOOP_DELAY_MS: '0',
    ...env,
  });
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: { logger?: AppOptions['logger'] } = {},
): Promise<TestApp> {
  const config = testConfig(env);
  const database = await createTestDatabase();
  const app = await buildApp({ config, db: database.db, listen: database.listen, logger: options.logger ?? false });
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * The test app of a test file, or of the describe block that calls this: built before its tests (and
 * before the hooks declared after this call) and closed after them. Read its fields inside hooks and
 * tests, not at the top level.
 */
export function testAppPerFile(env: Record<string, string> = {}): TestApp {
  let built: TestApp | undefined;
  const current = () => {
    if (!built) throw new Error('the test app is built before the tests run; read it inside a hook or a test');
    return built;
  };
  beforeAll(async () => {
    built = await createTestApp(env);
  });
  afterAll(async () => {
    await built?.close();
  });
  return {
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
    get config() {
      return current().config;
    },
    close: () => current().close(),
  };
}
