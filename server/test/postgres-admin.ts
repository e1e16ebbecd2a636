// A connection to a PostgreSQL server's `postgres` database, for the scripts that make and drop
// databases of their own there (the benchmarks, the cluster tests).
import pg from 'pg';

export async function onPostgresServer<T>(serverUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: `${serverUrl.replace(/\/+$/, '')}/postgres` });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
