// Starts the server: checks the configuration, opens and migrates the database, imports the sample
// content into an empty one, listens, and on SIGINT or SIGTERM stops taking requests and closes the
// database cleanly.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock';
import { ConfigError, loadConfig } from './plugins/config';
import { projectRoot } from './lib/project-root';
import { importContentIfEmpty } from './modules/content/importer';
import { pruneSessions } from './plugins/session';
import { pruneOtpChallenges } from './modules/auth/service';

const root = projectRoot(fileURLToPath(import.meta.url));

async function main() {
  const config = loadConfig();
  const releaseLock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { pgliteDir: path.join(config.dataDir, 'pgdata') },
  );
  // WEB_DIR lets the benchmark and browser tests serve their own build of the web app.
  const webDir = process.env.WEB_DIR ? path.resolve(process.env.WEB_DIR) : path.join(root, 'dist/web');
  const app = await buildApp({ config, db: database.db, listen: database.listen, webDir });
  app.log.info({ database: database.kind, dataDir: config.dataDir }, 'database ready');

  await importContentIfEmpty({ db: database.db, contentDir: path.join(root, 'content'), uploadsDir: config.uploadsDir, log: app.log });

  // Expired sessions and spent one-time-password records (they hold a number and an address) are
  // deleted hourly: kept no longer than the rules that read them need.
  const prune = () =>
    Promise.all([pruneSessions(app), pruneOtpChallenges(app)]).catch((err) => app.log.warn({ err }, 'pruning failed'));
  void prune();
  const pruneTimer = setInterval(() => void prune(), 60 * 60 * 1000);
  pruneTimer.unref();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping');
    clearInterval(pruneTimer);
    try {
      await app.close();
      await database.close();
    } finally {
      releaseLock();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Open ${config.publicUrl} in a browser. API documentation: ${config.publicUrl}/api/docs`);
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`Cannot start: ${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
