// What the PostgreSQL benchmarks (bench:api, bench:analytics) share: the server's admin connection,
// timing a step, and the application in a child process (bench/api-server.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { onPostgresServer } from '../server/test/postgres-admin';
import { projectRoot } from '../server/lib/project-root';
import { openDatabase } from '../server/db/client';
import { importContent } from '../server/modules/sample-content/service';

export const root = projectRoot(fileURLToPath(import.meta.url));

/** The PostgreSQL server the benchmarks make their databases on. */
export const serverUrl = (process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');

/** A connection to the server's `postgres` database (to create and drop the benchmark's own). */
export function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  return onPostgresServer(serverUrl, fn);
}

/** Runs a step and logs how long it took. */
export async function timed<T>(log: (message: string) => void, label: string, fn: () => Promise<T>): Promise<T> {
  const start = Date.now();
  const result = await fn();
  log(`${label} (${((Date.now() - start) / 1000).toFixed(1)} s)`);
  return result;
}

/** bench/api-server.ts in a child process with these variables; resolves once it listens. */
export function startChild(
  env: Record<string, string>,
  /** Node's own options for the child (`--cpu-prof`). */
  nodeOptions: string[] = [],
): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeOptions, '--import', 'tsx', path.join(root, 'bench/api-server.ts')], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const match = /LISTENING (\d+)/.exec(buffer);
      if (match) resolve({ child, port: Number(match[1]) });
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

export async function stopChild(child: ChildProcess): Promise<void> {
  // A child stopped by a signal keeps exitCode null: waiting for its exit again would never end,
  // and the benchmark's database would be left behind.
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Migrates the benchmark's fresh database and imports the sample content (a course in each language). */
export async function migrateWithSampleContent(
  url: string,
  name: string,
  log: (message: string) => void,
): Promise<void> {
  const database = await openDatabase({ databaseUrl: url, poolSize: 4 });
  try {
    await timed(log, 'sample content imported', () =>
      importContent({
        db: database.db,
        contentDir: path.join(root, 'sample-content'),
        uploadsDir: path.join(os.tmpdir(), `jgk-bench-uploads-${name}`),
        log: { info: () => {}, warn: (message) => log(`content: ${message}`) },
      }),
    );
  } finally {
    await database.close();
  }
}
