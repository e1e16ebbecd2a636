// A child process of bench/api.ts and bench/contest.ts: the real application on the benchmark's
// PostgreSQL database (BENCH_DATABASE_URL) or, without one, on PGlite in BENCH_DATA_DIR (with the web
// build, when there is one), or (BENCH_BARE=1) a bare Fastify for the baseline: "hello" at /, and at
// /sized/<bytes> a JSON answer of that many bytes, made once, to hold an answer of the same size
// against. BENCH_EVENT_ROUNDS=1 runs the event entries' closing rounds as main.ts does. Prints
// "LISTENING <port>" when ready.
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../server/app';
import { databaseOptions, openDatabase } from '../server/db/client';
import { startEntryClosing } from '../server/modules/events/scheduler';
import { loadConfig } from '../server/plugins/config';
import { root } from './shared';

// Stopped by the benchmark, it exits as a program does, so a CPU profile (--cpu-prof) is written.
process.on('SIGTERM', () => process.exit(0));

async function main() {
  if (process.env.BENCH_BARE === '1') {
    const bare = Fastify({ logger: false });
    bare.get('/', async () => ({ hello: 'world' }));
    const sized = new Map<number, Buffer>();
    bare.get<{ Params: { bytes: string } }>('/sized/:bytes', async (request, reply) => {
      const bytes = Number(request.params.bytes);
      let body = sized.get(bytes);
      if (!body) {
        body = Buffer.from(JSON.stringify({ data: 'x'.repeat(Math.max(0, bytes - 11)) }));
        sized.set(bytes, body);
      }
      return reply.type('application/json; charset=utf-8').send(body);
    });
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const address = bare.server.address();
    console.log(`LISTENING ${typeof address === 'object' && address ? address.port : 0}`);
    return;
  }
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? '';
  const config = loadConfig({
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    DATA_DIR: process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), 'jgk-bench-data'),
    LOG_LEVEL: 'error',
    // The benchmark client speaks for many learners behind one proxy, each with its own address.
    TRUST_PROXY: 'true',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
  });
  const database = await openDatabase(databaseOptions(config, 20));
  const webDir = path.join(root, 'dist/web');
  const app = await buildApp({ config, db: database.db, listen: database.listen, logger: false, webDir });
  if (process.env.BENCH_EVENT_ROUNDS === '1') startEntryClosing(database.db, app.log);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  console.log(`LISTENING ${typeof address === 'object' && address ? address.port : 0}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
