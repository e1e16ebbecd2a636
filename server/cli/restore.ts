// `npm run restore -- <backup folder> [--replace]`: restores a backup written by `npm run backup`
// into the embedded database's folder (DATA_DIR). The server must be stopped. A folder that already
// holds a database is replaced only with --replace, and what it held is moved aside, not deleted.
// On PostgreSQL (DATABASE_URL) use pg_restore instead (README, "Backups").
import { BackupError, describeCounts, restoreEmbedded } from '../db/embedded-backup';
import { DataDirLockedError } from '../db/data-dir-lock';
import { ConfigError, loadConfig } from '../plugins/config';

const USAGE = 'Usage: npm run restore -- <backup folder> [--replace]';

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new BackupError(
      'DATABASE_URL is set: this command restores the embedded database only. Restore PostgreSQL with pg_restore (README, "Backups").',
    );
  }
  const args = process.argv.slice(2);
  const replace = args.includes('--replace');
  const rest = args.filter((arg) => arg !== '--replace');
  if (rest.length !== 1 || rest[0]!.startsWith('-')) throw new BackupError(`name one backup folder. ${USAGE}`);
  console.log(`Restoring ${rest[0]} into ${config.dataDir}`);
  const { manifest, counts, keptAside } = await restoreEmbedded(config.dataDir, rest[0]!, { replace });
  console.log(`Done: ${describeCounts(counts)}, as backed up on ${manifest.createdAt}.`);
  console.log(`  stored files: ${manifest.uploads.files}`);
  if (keptAside) console.log(`  what the folder held before is in ${keptAside}`);
  console.log('Start the server (npm start); it applies any newer migrations.');
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof BackupError || error instanceof ConfigError || error instanceof DataDirLockedError) {
      console.error(`Cannot restore: ${error.message}`);
    } else {
      console.error(error);
    }
    process.exit(1);
  },
);
