// A PostgreSQL server of the script's own: a new cluster (initdb) in a temporary folder, on a free
// port of 127.0.0.1, that the script may stop and start as it likes. The machine's shared cluster
// is never touched. Debian keeps the server programs in /usr/lib/postgresql/<version>/bin; PostgreSQL
// refuses to run as root, so under root they run as the `postgres` account.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../server/test/ports';

export interface PrivatePostgres {
  url: string;
  port: number;
  version: string;
  dataDir: string;
  start(): Promise<void>;
  /** pg_ctl's stop modes: fast ends sessions and checkpoints; immediate stops at once, as a crash does. */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  /** Stops it (if running) and deletes the folder. */
  destroy(): void;
}

function binDir(): string {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base)
    ? fs
        .readdirSync(base)
        .filter((v) => fs.existsSync(path.join(base, v, 'bin/initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length) return path.join(base, versions[0]!, 'bin');
  const found = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  if (found) return path.dirname(found);
  throw new Error('PostgreSQL server programs (initdb, pg_ctl) not found: apt-get install -y postgresql');
}

function run(command: string[], options: { allowFailure?: boolean } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command[0]!, command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0 || options.allowFailure) resolve(output);
      else reject(new Error(`${command.join(' ')} exited with ${code}:\n${output}`));
    });
  });
}

export async function createPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  const runAs = asRoot ? ['runuser', '-u', 'postgres', '--'] : [];
  if (asRoot && spawnSync('id', ['-u', 'postgres']).status !== 0) {
    throw new Error(
      'running as root, PostgreSQL needs an account of its own to run as, and there is no `postgres` user',
    );
  }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'jgk-fault-pg-'));
  const dataDir = path.join(folder, 'data');
  if (asRoot) spawnSync('chown', ['postgres', folder]);
  const port = await freePort();
  await run([
    ...runAs,
    path.join(bin, 'initdb'),
    '-D',
    dataDir,
    '-A',
    'trust',
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  const version = (await run([path.join(bin, 'postgres'), '--version'])).trim();
  const pgCtl = (...args: string[]) => [...runAs, path.join(bin, 'pg_ctl'), '-D', dataDir, ...args];
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${folder} -c max_connections=50`;
  let running = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    version,
    dataDir,
    async start() {
      await run(pgCtl('-l', path.join(folder, 'server.log'), '-o', options, '-w', '-t', '60', 'start'));
      running = true;
    },
    async stop(mode) {
      await run(pgCtl('-m', mode, '-w', '-t', '60', 'stop'));
      running = false;
    },
    destroy() {
      if (running)
        spawnSync(pgCtl('-m', 'immediate', '-w', 'stop')[0]!, pgCtl('-m', 'immediate', '-w', 'stop').slice(1));
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
