// One migrated database a run, copied for every test file that needs a database, instead of every
// file applying all the migrations to an empty one (seconds a file on a busy two-core machine).
//
// Vitest's global setup (server/test/global-setup.ts) makes the template once a run and passes its
// name to the test workers, where createTestDatabase() (server/test/test-app.ts) copies it:
// - PGlite (the default): the migrated data folder, dumped to a file that each file's in-memory
//   PGlite starts from;
// - PostgreSQL (TEST_DATABASE_URL): a migrated database that `CREATE DATABASE ... TEMPLATE` copies.
// A file run without the global setup (a script, another runner) migrates its own database as before.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder, openDatabase } from '../db/client';

/** What the global setup hands the workers (through Vitest's provide/inject). */
export interface DatabaseTemplate {
  /** The file holding the migrated PGlite data folder. */
  pgliteImage?: string;
  /** The name of the migrated PostgreSQL database to copy, on TEST_DATABASE_URL's server. */
  postgresTemplate?: string;
}

/** Makes the run's template on PGlite, or on the PostgreSQL server named; the returned function removes it. */
export async function createDatabaseTemplate(
  postgresUrl: string | undefined,
): Promise<{ template: DatabaseTemplate; remove(): Promise<void> }> {
  if (postgresUrl) return createPostgresTemplate(postgresUrl);
  const client = await PGlite.create();
  await migrate(drizzle(client), { migrationsFolder });
  const image = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(os.tmpdir(), `jgk-test-template-${randomBytes(6).toString('hex')}.tar`);
  await fs.writeFile(file, new Uint8Array(await image.arrayBuffer()));
  return { template: { pgliteImage: file }, remove: () => fs.rm(file, { force: true }) };
}

async function createPostgresTemplate(serverUrl: string) {
  const name = `test_template_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const database = await openDatabase({ databaseUrl: databaseUrl(serverUrl, name), poolSize: 1 });
  // A template can be copied only while nobody is connected to it.
  await database.close();
  return {
    template: { postgresTemplate: name },
    remove: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

/** The PGlite image the workers were given, read once a worker. */
let image: Promise<Blob> | undefined;
export function pgliteImage(file: string): Promise<Blob> {
  image ??= fs.readFile(file).then((bytes) => new Blob([new Uint8Array(bytes)]));
  return image;
}

/** The address of database `name` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the server's default database (creating or dropping a database). */
export async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
