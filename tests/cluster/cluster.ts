// Several instances of the built server (as `npm start` runs it) behind nginx, on one new PostgreSQL
// database and the machine's Redis: what `npm run test:cluster` and `npm run bench:campaign` run
// against. The instances share one DATA_DIR (as a shared volume would: stored files) and one
// SESSION_SECRET, believe only the balancer's address (TRUST_PROXY), and log one-time passwords
// (the console SMS provider), which `otpFor` finds in whichever instance's log has it.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, waitFor } from '../../server/test/ports';
import { onPostgresServer } from '../../server/test/postgres-admin';
import { root, startServer, type ServerProcess } from '../faults/lib/server-process';
import { startBalancer, type Balancer } from './balancer';
import { holdSocket, type HeldSocket } from './held-socket';

/** The PostgreSQL server the cluster makes its database on, and the Redis its instances share. */
export const POSTGRES_URL = (process.env.CLUSTER_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');
export const REDIS_URL = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface Instance {
  /** 127.0.0.1:port, as nginx names it in X-Upstream. */
  address: string;
  port: number;
  process: ServerProcess;
  /** Its listening socket, held across its restarts as a service manager holds it. */
  socket: HeldSocket;
}

export interface Cluster {
  /** nginx's address: every test request goes through it. */
  url: string;
  balancer: Balancer;
  instances: Instance[];
  databaseUrl: string;
  /** SESSION_SECRET of every instance. */
  secret: string;
  /** The settings every instance runs with. */
  env: Record<string, string>;
  /** The instance at this address (X-Upstream of an answer). */
  instanceAt(address: string): Instance;
  /** The next one-time password for the number, from whichever instance sent it. */
  otpFor(mobile: string, timeoutMs?: number): Promise<string>;
  /** One query on the cluster's database. */
  query<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  /**
   * Starts the instance again on its port (after a stop or a kill), on the socket held for it (a
   * new one after `lose`); resolves when it is ready.
   */
  restart(instance: Instance): Promise<void>;
  /** The instance's machine lost: the process killed and its socket gone with it. */
  lose(instance: Instance): Promise<void>;
  /** Log lines matching the pattern, per instance (including the logs of its earlier runs). */
  logged(pattern: RegExp): { address: string; line: Record<string, unknown> }[];
  stop(): Promise<void>;
}

export interface ClusterOptions {
  instances?: number;
  /** Settings on top of the cluster's own, for every instance. */
  env?: Record<string, string>;
  log?: (message: string) => void;
}

const admin = <T>(fn: (client: pg.Client) => Promise<T>): Promise<T> => onPostgresServer(POSTGRES_URL, fn);

/** Builds what is stale, as `npm start` does before it starts the server. */
function buildIfNeeded(): void {
  const built = spawnSync(process.execPath, ['scripts/build-if-needed.mjs'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error(`building the app failed (${built.status})`);
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const log = options.log ?? (() => {});
  buildIfNeeded();
  // CLUSTER_DATABASE=<name> runs on a database kept from before (already migrated and filled), and keeps it.
  const kept = process.env.CLUSTER_DATABASE;
  const name = kept ?? `jgk_cluster_${Date.now()}_${process.pid}`;
  if (!kept) await admin((client) => client.query(`create database ${name}`));
  const databaseUrl = `${POSTGRES_URL}/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jgk-cluster-'));
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const ports = await Promise.all(Array.from({ length: options.instances ?? 2 }, () => freePort()));
  const secret = randomBytes(32).toString('hex');
  const env: Record<string, string> = {
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    // Only the balancer is believed about the client's address.
    TRUST_PROXY: '127.0.0.1',
    SESSION_SECRET: secret,
    DATA_DIR: dataDir,
    ...options.env,
  };
  const earlierLogs = new Map<number, Record<string, unknown>[]>();
  const instances: Instance[] = [];
  let balancer: Balancer | undefined;

  const stopAll = async () => {
    await balancer?.stop();
    await Promise.all(instances.map((instance) => instance.process.stop('SIGKILL')));
    await Promise.all(instances.map((instance) => instance.socket.close()));
    await pool.end();
    if (!kept) await admin((client) => client.query(`drop database if exists ${name} with (force)`)).catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    // All at once, as an orchestrator starts them: they migrate one empty database together.
    const started = Date.now();
    for (const port of ports) {
      const socket = holdSocket(port);
      const server = await startServer(env, port, { built: true, socketFd: socket.fd });
      instances.push({ address: `127.0.0.1:${port}`, port, process: server, socket });
    }
    await Promise.all(instances.map((instance) => instance.process.waitReady(90_000)));
    log(`${instances.length} instances ready on one new database in ${Date.now() - started} ms`);
    balancer = await startBalancer(
      await freePort(),
      instances.map((instance) => instance.address),
    );
  } catch (error) {
    await stopAll();
    throw error;
  }

  const cluster: Cluster = {
    url: balancer.url,
    balancer,
    instances,
    databaseUrl,
    secret,
    env,
    instanceAt(address) {
      const found = instances.find((instance) => instance.address === address);
      if (!found) throw new Error(`no instance at ${address}`);
      return found;
    },
    async otpFor(mobile, timeoutMs = 10_000) {
      let code: string | undefined;
      await waitFor(
        () => {
          for (const instance of instances) {
            code = instance.process.takeOtp(mobile);
            if (code) return true;
          }
          return false;
        },
        timeoutMs,
        `the one-time password for ${mobile} in an instance's log`,
      );
      return code!;
    },
    async query(text, values) {
      return (await pool.query(text, values)).rows;
    },
    async restart(instance) {
      await instance.process.stop('SIGKILL');
      earlierLogs.set(instance.port, [...(earlierLogs.get(instance.port) ?? []), ...instance.process.log]);
      if (!instance.socket.open) instance.socket = holdSocket(instance.port);
      instance.process = await startServer(env, instance.port, { built: true, socketFd: instance.socket.fd });
      await instance.process.waitReady(60_000);
    },
    async lose(instance) {
      instance.process.child.kill('SIGKILL');
      await Promise.all([instance.process.exited, instance.socket.close()]);
    },
    logged(pattern) {
      return instances.flatMap((instance) =>
        [...(earlierLogs.get(instance.port) ?? []), ...instance.process.log]
          .filter((line) => pattern.test(String(line.msg ?? '')))
          .map((line) => ({ address: instance.address, line })),
      );
    },
    stop: stopAll,
  };
  return cluster;
}
