// The PostgreSQL client under a database restart: PostgreSQL ends every session (57P01), including
// one the server holds in the middle of a transaction; the process must survive it.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { unavailabilityKind } from '../plugins/database-faults';
import { createTestDatabase } from '../test/test-app';

describe.skipIf(!process.env.TEST_DATABASE_URL)('a PostgreSQL session ended under a transaction', () => {
  it('fails that transaction as unreachable, without an unhandled error, and the pool serves the next query', async () => {
    const database = await createTestDatabase();
    const admin = new pg.Client({
      connectionString: (database.db as unknown as { $client: pg.Pool }).$client.options.connectionString,
    });
    await admin.connect();
    try {
      const outcome = await database.db
        .transaction(async (tx) => {
          const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
            rows: { pid: number }[];
          };
          // As a restart does to every session: the FATAL 57P01 arrives while this client is checked
          // out and waiting between two statements.
          await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
          await new Promise((resolve) => setTimeout(resolve, 300));
          await tx.execute(sql`select 1`);
        })
        .then(
          () => 'committed',
          (error: unknown) => unavailabilityKind(error),
        );
      expect(outcome).not.toBe('committed');
      expect(outcome).not.toBeNull();
      expect(
        ((await database.db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] }).rows[0]!.one,
      ).toBe(1);
    } finally {
      await admin.end();
      await database.close();
    }
  });
});
