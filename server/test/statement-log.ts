// The app on an in-memory PGlite whose SQL statements are recorded, so a test can hold a learner's
// call to the number of statements it issues (npm run bench:api measures their speed and plans).
// The statements are the app's own, so this always runs on PGlite. A transaction's begin and commit
// are not among them: PGlite opens and ends it itself, unseen by this log (on PostgreSQL each
// transaction adds those two round trips).
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { listenOnPglite, migrationsFolder, type Db } from '../db/client';
import { schema } from '../db/all-tables';
import { testConfig, testPgliteImage } from './test-app';

export interface StatementLoggingApp {
  app: FastifyInstance;
  /** Every statement the app sent since the list was last emptied (begin and commit not included). */
  statements: string[];
  close(): Promise<void>;
}

export async function createStatementLoggingApp(env: Record<string, string> = {}): Promise<StatementLoggingApp> {
  const client = await PGlite.create({ loadDataDir: await testPgliteImage() });
  const statements: string[] = [];
  const db = drizzle(client, { schema, logger: { logQuery: (query) => statements.push(query) } }) as unknown as Db;
  await migrate(db as never, { migrationsFolder });
  // Listening as a server does, so sessions are held when the environment holds them.
  const app = await buildApp({ config: testConfig(env), db, listen: listenOnPglite(client), logger: false });
  statements.length = 0;
  return {
    app,
    statements,
    async close() {
      await app.close();
      await client.close();
    },
  };
}
