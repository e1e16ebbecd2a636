// One Drizzle database over either PostgreSQL (DATABASE_URL, a pg pool) or embedded PGlite (the
// data folder, or memory for tests). Both speak the same SQL and use the same migrations, and both
// deliver NOTIFY to a listener (listen()): on PostgreSQL through a connection of its own that comes
// back by itself after the database does, on PGlite inside its one process.
//
// On PostgreSQL what needs a session of its own, the listener and the migrations (under a lock, so
// that instances starting together migrate one after the other), goes to the direct address
// (DATABASE_DIRECT_URL), while queries may go through a pooler in transaction mode (DATABASE_URL):
// a pooler hands each transaction a server connection of its choosing, so a LISTEN or a session's
// lock through it would hold on to nothing.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { schema } from './all-tables';
import { projectRoot } from '../lib/project-root';
import type { Config } from '../plugins/config';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle or the database itself: repositories accept either. */
export type DbOrTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/** What a listener on a channel is told. */
export interface ListenHandlers {
  /** A notification on the channel, with its payload. */
  notification(payload: string): void;
  /** The listening connection is lost (or could not be made): notifications are missed until reconnected(). */
  lost?(error: Error): void;
  /** Listening again after a loss; what was announced in between was not delivered. */
  reconnected?(): void;
}

/** Listens on a channel until the returned function is called. */
export type Listen = (channel: string, handlers: ListenHandlers) => Promise<() => Promise<void>>;

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  listen: Listen;
  /**
   * Runs `work` while holding the lock `key` (a number every process uses for the same work) for
   * the database: another process asking for it waits until `work` is done. On PostgreSQL a session
   * lock on a direct connection of its own; PGlite's data folder has one process already.
   */
  exclusively<T>(key: number, work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Longest wait between two attempts to listen again on a lost PostgreSQL. */
const MAX_RELISTEN_DELAY_MS = 2000;

/**
 * Listens on PostgreSQL through a client of its own (a pooled connection cannot hold a LISTEN):
 * when the connection is lost (a database restart, a network cut) it connects again, every 100 ms
 * at first and then at most every 2 s, and reports the loss and the return. The promise settles
 * after the first attempt, whether or not it succeeded, so a start is never held up by it.
 */
export function listenOnPostgres(
  connectionString: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<() => Promise<void>> {
  let current: pg.Client | null = null;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let lost = false;
  let attempts = 0;
  const stop = async () => {
    stopped = true;
    clearTimeout(timer);
    const client = current;
    current = null;
    await client?.end().catch(() => {});
  };
  return new Promise((resolve) => {
    let settled = false;
    const settle = () => {
      if (!settled) resolve(stop);
      settled = true;
    };
    const connect = () => {
      if (stopped) return;
      const client = new pg.Client({
        connectionString,
        keepAlive: true,
        connectionTimeoutMillis: 5000,
        application_name: `listen ${channel}`,
      });
      current = client;
      const fail = (error: Error) => {
        // Once per client: a lost connection may report both an error and its end.
        if (stopped || current !== client) return;
        current = null;
        client.end().catch(() => {});
        if (!lost) {
          lost = true;
          handlers.lost?.(error);
        }
        timer = setTimeout(connect, Math.min(100 * 2 ** attempts++, MAX_RELISTEN_DELAY_MS));
        timer.unref();
        settle();
      };
      client.on('error', fail);
      client.on('end', () => fail(new Error('Connection ended')));
      client.on('notification', (message) => {
        if (message.channel === channel) handlers.notification(message.payload ?? '');
      });
      client
        .connect()
        .then(() => client.query(`LISTEN ${client.escapeIdentifier(channel)}`))
        .then(() => {
          if (current !== client) return;
          attempts = 0;
          if (lost) {
            lost = false;
            handlers.reconnected?.();
          }
          settle();
        }, fail);
    };
    connect();
  });
}

export const migrationsFolder = path.join(projectRoot(fileURLToPath(import.meta.url)), 'server/db/migrations');

export interface OpenOptions {
  /** postgres:// URL; when absent PGlite is used. */
  databaseUrl?: string;
  /**
   * A direct connection to the same database, not through a pooler in transaction mode: the
   * listener's and the migrations' sessions. databaseUrl when absent.
   */
  directUrl?: string;
  /** PGlite storage folder; absent means in memory. */
  pgliteDir?: string;
  /**
   * A PGlite data folder as `dumpDataDir()` wrote it, to start from instead of an empty database:
   * the tests start each file's database from one migrated copy (`server/test/database-template.ts`).
   * The migrations still run, and find nothing left to apply when the copy is current.
   */
  pgliteImage?: Blob;
  poolSize?: number;
}

/** The database a configuration names: PostgreSQL (through a pooler or not) or the data folder's PGlite. */
export function databaseOptions(
  config: Pick<Config, 'databaseUrl' | 'databaseDirectUrl' | 'dataDir'>,
  poolSize?: number,
): OpenOptions {
  return config.databaseUrl
    ? { databaseUrl: config.databaseUrl, directUrl: config.databaseDirectUrl, poolSize }
    : { pgliteDir: path.join(config.dataDir, 'pgdata') };
}

/** Any number: the same in every process migrating one database. */
const MIGRATION_LOCK_KEY = 7_413_002_100;

/** Holds a session lock on a direct connection while `work` runs; it ends with the session, however the process ends. */
async function holdingLock<T>(directUrl: string, key: number, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    connectionString: directUrl,
    connectionTimeoutMillis: 5000,
    application_name: `lock ${key}`,
  });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [key]);
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const directUrl = options.directUrl ?? options.databaseUrl;
    // Through a direct connection under a lock: instances starting together on a new database (or
    // a new release's migrations) take turns, each after the first finding nothing left to apply.
    // Without it two of them creating the same tables at once fail.
    await holdingLock(directUrl, MIGRATION_LOCK_KEY, (client) =>
      migratePg(drizzlePg(client, { schema }), { migrationsFolder }),
    );
    // A database host that does not answer fails a request in seconds instead of holding it.
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5000,
    });
    // A client that loses its connection must not crash the process: PostgreSQL ending its sessions
    // (a restart: 57P01) reaches an idle client through the pool's 'error', and a client checked out
    // between two statements of a transaction through its own 'error', which nothing else listens
    // to. Its next statement then fails as unreachable (503), and the pool drops it on release.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      listen: (channel, handlers) => listenOnPostgres(directUrl, channel, handlers),
      exclusively: (key, work) => holdingLock(directUrl, key, () => work()),
      close: () => pool.end(),
    };
  }
  const client = await PGlite.create({ dataDir: options.pgliteDir, loadDataDir: options.pgliteImage });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    listen: listenOnPglite(client),
    exclusively: (_key, work) => work(),
    close: () => client.close(),
  };
}

/** Listening on an embedded database: one process, one connection, nothing to lose, so only notifications are reported. */
export function listenOnPglite(client: PGlite): Listen {
  return async (channel, handlers) => {
    const unlisten = await client.listen(channel, handlers.notification);
    return async () => {
      if (!client.closed) await unlisten();
    };
  };
}
