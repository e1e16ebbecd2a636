// Backup and restore of the embedded database (PGlite in DATA_DIR) and its stored files, for
// `npm run backup` and `npm run restore` (server/cli/). A backup is a folder:
//
//   backup.json        what it holds: when, from where, the newest migration, counts, a checksum
//   database.tar.gz    the PGlite data folder as PGlite itself dumps it (dumpDataDir)
//   uploads/           a copy of DATA_DIR/uploads (stored images, documents, videos)
//
// Both need the data folder to themselves: PGlite is a single-process database, so they take the
// same lock as the server (db/data-dir-lock.ts) and refuse while a server uses the folder. A backup
// is written to a temporary folder and renamed into place when complete; a restore loads into a
// temporary folder, checks the counts against backup.json, and only then moves the database (and
// any it replaces, which is kept aside, never deleted) into place.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from './data-dir-lock';

export const BACKUP_FORMAT = 'jgk-embedded-backup';
const FORMAT_VERSION = 1;
const DATABASE_FILE = 'database.tar.gz';
const MANIFEST_FILE = 'backup.json';

/** A backup or restore that cannot be done, with the reason in words for the operator. */
export class BackupError extends Error {}

/** What is counted in a backup and checked again after a restore. */
export interface BackupCounts {
  accounts: number;
  enrolments: number;
  completions: number;
  quizAttempts: number;
  certificates: number;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  dataDir: string;
  /** The newest migration applied in the backed-up database (a newer server migrates it at start). */
  migration: string | null;
  counts: BackupCounts;
  database: { file: string; bytes: number; sha256: string };
  uploads: { files: number; bytes: number };
}

const COUNTS_SQL = `select
  (select count(*)::int from users) as accounts,
  (select count(*)::int from enrolments) as enrolments,
  (select count(*)::int from completions) as completions,
  (select count(*)::int from quiz_attempts) as "quizAttempts",
  (select count(*)::int from certificates) as certificates`;

export function describeCounts(counts: BackupCounts): string {
  return `${counts.accounts} accounts, ${counts.enrolments} enrolments, ${counts.completions} completions, ${counts.quizAttempts} quiz attempts, ${counts.certificates} certificates`;
}

async function countsOf(db: PGlite): Promise<BackupCounts> {
  return (await db.query<BackupCounts>(COUNTS_SQL)).rows[0]!;
}

async function newestMigration(db: PGlite): Promise<string | null> {
  try {
    const { rows } = await db.query<{ hash: string }>(
      'select hash from drizzle.__drizzle_migrations order by created_at desc limit 1',
    );
    return rows[0]?.hash ?? null;
  } catch {
    return null;
  }
}

function filesIn(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  if (!fs.existsSync(dir)) return { files, bytes };
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return { files, bytes };
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** The folder's PGlite database, or an error saying there is none. */
function pgdataOf(dataDir: string): string {
  const pgdata = path.join(dataDir, 'pgdata');
  if (!fs.existsSync(path.join(pgdata, 'PG_VERSION'))) {
    throw new BackupError(`There is no embedded database in ${dataDir} (no pgdata/ folder): check DATA_DIR.`);
  }
  return pgdata;
}

/** A name for a new backup: backups/jgk-backup-2026-11-23-173000 (local time). */
export function defaultBackupName(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return path.join('backups', `jgk-backup-${stamp}`);
}

/** Backs up the embedded database and stored files of `dataDir` into the new folder `destination`. */
export async function backupEmbedded(dataDir: string, destination: string): Promise<BackupManifest> {
  dataDir = path.resolve(dataDir);
  destination = path.resolve(destination);
  if (fs.existsSync(destination) && fs.readdirSync(destination).length > 0) {
    throw new BackupError(`${destination} already exists and is not empty: name a new folder for the backup.`);
  }
  const pgdata = pgdataOf(dataDir);
  const release = lockDataDir(dataDir);
  const partial = `${destination}.partial`;
  try {
    fs.rmSync(partial, { recursive: true, force: true });
    fs.mkdirSync(partial, { recursive: true });
    const db = new PGlite(pgdata);
    let counts: BackupCounts;
    let migration: string | null;
    let dump: Buffer;
    try {
      await db.waitReady;
      counts = await countsOf(db);
      migration = await newestMigration(db);
      dump = Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer());
    } finally {
      await db.close();
    }
    fs.writeFileSync(path.join(partial, DATABASE_FILE), dump);
    const uploadsDir = path.join(dataDir, 'uploads');
    if (fs.existsSync(uploadsDir)) fs.cpSync(uploadsDir, path.join(partial, 'uploads'), { recursive: true });
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      dataDir,
      migration,
      counts,
      database: { file: DATABASE_FILE, bytes: dump.length, sha256: sha256(dump) },
      uploads: filesIn(path.join(partial, 'uploads')),
    };
    fs.writeFileSync(path.join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    fs.rmSync(destination, { recursive: true, force: true });
    fs.renameSync(partial, destination);
    return manifest;
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw error;
  } finally {
    release();
  }
}

/** Reads and checks a backup folder: its manifest, and the database file against its checksum. */
export function readBackup(source: string): { manifest: BackupManifest; database: Buffer } {
  source = path.resolve(source);
  if (!fs.existsSync(source)) throw new BackupError(`There is no backup at ${source}.`);
  if (!fs.statSync(source).isDirectory()) {
    throw new BackupError(
      `${source} is a file; a backup is the folder npm run backup wrote (holding ${MANIFEST_FILE}).`,
    );
  }
  const manifestPath = path.join(source, MANIFEST_FILE);
  if (!fs.existsSync(manifestPath)) throw new BackupError(`${source} is not a backup: it has no ${MANIFEST_FILE}.`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`${manifestPath} cannot be read as JSON: the backup is damaged.`);
  }
  if (manifest?.format !== BACKUP_FORMAT)
    throw new BackupError(
      `${source} is not a backup of the embedded database (${MANIFEST_FILE} names no ${BACKUP_FORMAT}).`,
    );
  if (manifest.formatVersion > FORMAT_VERSION) {
    throw new BackupError(
      `${source} was written by a newer version (backup format ${manifest.formatVersion}); restore it with that version.`,
    );
  }
  const databasePath = path.join(source, manifest.database.file);
  if (!fs.existsSync(databasePath))
    throw new BackupError(`${source} lacks its database file ${manifest.database.file}: the backup is incomplete.`);
  const database = fs.readFileSync(databasePath);
  if (sha256(database) !== manifest.database.sha256) {
    throw new BackupError(`${databasePath} does not match the checksum in ${MANIFEST_FILE}: the backup is damaged.`);
  }
  return { manifest, database };
}

export interface RestoreResult {
  manifest: BackupManifest;
  counts: BackupCounts;
  /** Where the database and files it replaced were moved, when it replaced one. */
  keptAside: string | null;
}

/**
 * Restores a backup into `dataDir`. A folder that already holds a database is refused unless
 * `replace` is set; then its database and stored files are moved to DATA_DIR/before-restore-<time>.
 */
export async function restoreEmbedded(
  dataDir: string,
  source: string,
  options: { replace?: boolean } = {},
): Promise<RestoreResult> {
  dataDir = path.resolve(dataDir);
  const { manifest, database } = readBackup(source);
  const pgdata = path.join(dataDir, 'pgdata');
  const uploads = path.join(dataDir, 'uploads');
  const hasDatabase = fs.existsSync(pgdata) && fs.readdirSync(pgdata).length > 0;
  if (hasDatabase && !options.replace) {
    throw new BackupError(
      `${dataDir} already holds a database. To replace it with the backup, run again with --replace: the current database and stored files are then moved to ${path.join(dataDir, 'before-restore-<time>')}, not deleted.`,
    );
  }
  const release = lockDataDir(dataDir);
  const loading = path.join(dataDir, 'pgdata.restoring');
  try {
    fs.rmSync(loading, { recursive: true, force: true });
    const db = new PGlite(loading, { loadDataDir: new Blob([new Uint8Array(database)]) });
    let counts: BackupCounts;
    try {
      await db.waitReady;
      counts = await countsOf(db);
    } finally {
      await db.close();
    }
    const differ = (Object.keys(manifest.counts) as (keyof BackupCounts)[]).filter(
      (key) => counts[key] !== manifest.counts[key],
    );
    if (differ.length) {
      throw new BackupError(
        `The restored database does not hold what ${MANIFEST_FILE} counts (${differ.map((k) => `${k}: ${counts[k]} instead of ${manifest.counts[k]}`).join(', ')}); nothing was changed.`,
      );
    }
    let keptAside: string | null = null;
    if (hasDatabase || fs.existsSync(uploads)) {
      keptAside = path.join(dataDir, `before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`);
      fs.mkdirSync(keptAside);
      if (fs.existsSync(pgdata)) fs.renameSync(pgdata, path.join(keptAside, 'pgdata'));
      if (fs.existsSync(uploads)) fs.renameSync(uploads, path.join(keptAside, 'uploads'));
    }
    fs.renameSync(loading, pgdata);
    const backedUpUploads = path.join(path.resolve(source), 'uploads');
    if (fs.existsSync(backedUpUploads)) fs.cpSync(backedUpUploads, uploads, { recursive: true });
    return { manifest, counts, keptAside };
  } finally {
    fs.rmSync(loading, { recursive: true, force: true });
    release();
  }
}
