// The PostgreSQL client under a database restart: PostgreSQL ends every session (57P01), including
// one the server holds in the middle of a transaction; the process must survive it. And behind a
// pooler: what needs a session of its own (the migrations under their lock, the listener, a lock
// held across work) goes to the direct address, never through the pooler.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { unavailabilityKind } from '../plugins/database-faults';
import { createTestDatabase } from '../test/test-app';
import { relayTo } from '../test/relay';
import { waitFor } from '../test/ports';
import { openDatabase } from './client';

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

describe.skipIf(!process.env.TEST_DATABASE_URL)('queries through a pooler, sessions on the direct address', () => {
  it('migrates, listens and locks through DATABASE_DIRECT_URL while the pooled address is away', async () => {
    const created = await createTestDatabase();
    const direct = (created.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
    // The "pooler": a relay to the same server, cut before the server opens the database.
    const url = new URL(direct);
    const pooler = await relayTo({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = '127.0.0.1';
    url.port = String(pooler.port);
    await pooler.down();

    const database = await openDatabase({ databaseUrl: url.toString(), directUrl: direct, poolSize: 1 });
    const heard: string[] = [];
    const notifier = new pg.Client({ connectionString: direct });
    await notifier.connect();
    try {
      const stop = await database.listen('direct_test', { notification: (payload) => heard.push(payload) });
      await notifier.query(`notify direct_test, 'heard'`);
      await waitFor(() => heard.length === 1, 5000, 'the notification');
      expect(heard).toEqual(['heard']);
      expect(await database.exclusively(7, async () => 'locked')).toBe('locked');
      await stop();
      // Queries do go through the pooler: with it away they fail, and with it back they answer.
      await expect(database.db.execute(sql`select 1`)).rejects.toThrow();
      await pooler.up();
      expect(
        ((await database.db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] }).rows[0]!.one,
      ).toBe(1);
    } finally {
      await notifier.end();
      await database.close();
      await pooler.down();
      await created.close();
    }
  });
});
