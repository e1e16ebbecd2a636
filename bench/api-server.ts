// A child process of bench/api.ts: the real application on the benchmark's PostgreSQL database, or
// (BENCH_BARE=1) a bare Fastify "hello" for the baseline. Prints "LISTENING <port>" when ready.
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/client';
import { loadConfig } from '../server/plugins/config';

async function main() {
  if (process.env.BENCH_BARE === '1') {
    const bare = Fastify({ logger: false });
    bare.get('/', async () => ({ hello: 'world' }));
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const address = bare.server.address();
    console.log(`LISTENING ${typeof address === 'object' && address ? address.port : 0}`);
    return;
  }
  const databaseUrl = process.env.BENCH_DATABASE_URL!;
  const config = loadConfig({
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.join(os.tmpdir(), 'jgk-bench-data'),
    LOG_LEVEL: 'error',
    // The benchmark client speaks for many learners behind one proxy, each with its own address.
    TRUST_PROXY: 'true',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
  });
  const database = await openDatabase({ databaseUrl, poolSize: 20 });
  const app = await buildApp({ config, db: database.db, listen: database.listen, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  console.log(`LISTENING ${typeof address === 'object' && address ? address.port : 0}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
