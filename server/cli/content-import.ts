// `npm run content:import`: imports sample-content/ into the configured database (DATABASE_URL, or the
// PGlite database in DATA_DIR), printing progress and a summary. On PGlite it refuses to run while a
// server holds the same data folder, since two processes writing one PGlite folder corrupt it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { databaseOptions, openDatabase } from '../db/client';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock';
import { projectRoot } from '../lib/project-root';
import { ContentValidationError, describeCounts, importContent } from '../modules/sample-content/service';
import { ContentConflictError } from '../lib/read-models';
import { ConfigError, loadConfig } from '../plugins/config';
import { importSampleEvents } from '../modules/events/seed';

async function main(): Promise<number> {
  const config = loadConfig();
  const contentDir = path.resolve(
    process.env.CONTENT_DIR || path.join(projectRoot(fileURLToPath(import.meta.url)), 'sample-content'),
  );
  const releaseLock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  try {
    const database = await openDatabase(databaseOptions(config, 2));
    try {
      console.log(
        `Importing ${contentDir} into the ${database.kind === 'pglite' ? `PGlite database in ${config.dataDir}` : 'PostgreSQL database'}`,
      );
      const log = { info: (m: string) => console.log(`  ${m}`), warn: (m: string) => console.warn(`  warning: ${m}`) };
      const result = await importContent({ db: database.db, contentDir, uploadsDir: config.uploadsDir, log });
      const events = await importSampleEvents(database.db, {
        contentDir,
        now: new Date(),
        demo: config.env !== 'production',
        log,
      });
      console.log(
        [
          `Done: ${describeCounts(result)}.`,
          `  courses (one per language): ${describeCounts(result.courses)}`,
          `  blogs: ${describeCounts(result.blogs)}`,
          `  success stories (one per language): ${describeCounts(result.stories)}`,
          `  gallery titles (one per language): ${describeCounts(result.galleryTitles)}`,
          `  banner items (one per language): ${describeCounts(result.banners)}`,
          `  files: ${result.files.copied} copied, ${result.files.unchanged} unchanged`,
          `  events: ${events.length ? events.join(', ') : 'none new'}`,
        ].join('\n'),
      );
      return 0;
    } finally {
      await database.close();
    }
  } finally {
    releaseLock();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ContentValidationError) {
      console.error(error.message);
      console.error('Nothing was imported. See docs/content-format.md for the format.');
    } else if (
      error instanceof ConfigError ||
      error instanceof DataDirLockedError ||
      error instanceof ContentConflictError
    ) {
      console.error(`Cannot import: ${error.message}`);
    } else {
      console.error(error);
    }
    process.exit(1);
  },
);
