// `npm run retention`: runs the retention job once (the server also runs it hourly): erases learners
// inactive for longer than RETENTION_INACTIVE_DAYS with all their data, and deletes ended sessions
// and spent one-time-password records; prints what it deleted by count. On the embedded database it
// refuses while a server holds the data folder (that server runs the job itself).
import { databaseOptions, openDatabase } from '../db/client';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock';
import { describeRetention, runRetention } from '../modules/retention/service';
import { ConfigError, loadConfig } from '../plugins/config';

async function main(): Promise<void> {
  const config = loadConfig();
  const releaseLock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  try {
    const database = await openDatabase(databaseOptions(config, 2));
    try {
      console.log(`Retention period: ${config.retention.inactiveDays} days without activity (RETENTION_INACTIVE_DAYS)`);
      console.log(`${describeRetention(await runRetention({ db: database.db, config }))}.`);
    } finally {
      await database.close();
    }
  } finally {
    releaseLock();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      console.error(`Cannot run the retention job: ${error.message}`);
    } else {
      console.error(error);
    }
    process.exit(1);
  },
);
