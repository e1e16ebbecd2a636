// `npm run backup [-- <folder>]`: backs up the embedded database (DATA_DIR) and its stored files into
// a new folder (default backups/jgk-backup-<date-time>). The server must be stopped: PGlite is a
// single-process database. On PostgreSQL (DATABASE_URL) use pg_dump instead (README, "Backups").
import path from 'node:path';
import { BackupError, backupEmbedded, defaultBackupName, describeCounts } from '../db/embedded-backup';
import { DataDirLockedError } from '../db/data-dir-lock';
import { ConfigError, loadConfig } from '../plugins/config';

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new BackupError(
      'DATABASE_URL is set: this command backs up the embedded database only. Back up PostgreSQL with pg_dump (README, "Backups").',
    );
  }
  const args = process.argv.slice(2);
  if (args.length > 1 || args[0]?.startsWith('-'))
    throw new BackupError('Usage: npm run backup [-- <new folder for the backup>]');
  const destination = path.resolve(args[0] ?? defaultBackupName());
  console.log(`Backing up the embedded database in ${config.dataDir} to ${destination}`);
  const manifest = await backupEmbedded(config.dataDir, destination);
  console.log(`Done: ${describeCounts(manifest.counts)}.`);
  console.log(`  database: ${manifest.database.file}, ${(manifest.database.bytes / 1024 / 1024).toFixed(1)} MB`);
  console.log(`  stored files: ${manifest.uploads.files} (${(manifest.uploads.bytes / 1024 / 1024).toFixed(1)} MB)`);
  console.log(`Restore it with: npm run restore -- ${path.relative(process.cwd(), destination) || destination}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof BackupError || error instanceof ConfigError || error instanceof DataDirLockedError) {
      console.error(`Cannot back up: ${error.message}`);
    } else {
      console.error(error);
    }
    process.exit(1);
  },
);
