// Starts the server: checks the configuration, opens and migrates the database, imports the sample
// content into an empty one, listens, and on SIGINT or SIGTERM stops taking requests and closes the
// database cleanly.
import path from 'node:path';
import type { FastifyListenOptions } from 'fastify';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { databaseOptions, openDatabase } from './db/client';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock';
import { recordSiteAddress } from './lib/site-address';
import { ConfigError, loadConfig, type Config } from './plugins/config';
import { withDataDirSecret } from './lib/secret-file';
import { projectRoot } from './lib/project-root';
import { importContentIfEmpty } from './modules/sample-content/service';
import { FIRST_IMPORT_LOCK_KEY } from './modules/sample-content/repository';
import { startRetentionJob } from './modules/retention/service';
import { stopGracefully } from './plugins/stopping';
import { startPublishingSchedule } from './modules/authoring/scheduler';
import { startAnalyticsRefresh } from './modules/analytics/refresh';
import { startVoiceOverQueue } from './modules/read-aloud/queue';
import { startEntryClosing } from './modules/events/scheduler';
import { importSampleEvents } from './modules/events/seed';

const root = projectRoot(fileURLToPath(import.meta.url));

async function main() {
  const config = withDataDirSecret(loadConfig());
  const releaseLock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database = await openDatabase(databaseOptions(config));
  // WEB_DIR lets the benchmark and browser tests serve their own build of the web app.
  const webDir = process.env.WEB_DIR ? path.resolve(process.env.WEB_DIR) : path.join(root, 'dist/web');
  const app = await buildApp({ config, db: database.db, listen: database.listen, webDir });
  app.log.info({ database: database.kind, dataDir: config.dataDir }, 'database ready');

  const contentDir = path.join(root, 'sample-content');
  await database.exclusively(FIRST_IMPORT_LOCK_KEY, async () => {
    await importContentIfEmpty({ db: database.db, contentDir, uploadsDir: config.uploadsDir, log: app.log });
    // The sample events when missing, and outside production a demo event open from today (ADR 40).
    await importSampleEvents(database.db, {
      contentDir,
      now: new Date(),
      demo: config.env !== 'production',
      log: app.log,
    });
  });

  // Learners inactive past the retention period, ended sessions and spent one-time-password records
  // (they hold a number and an address) are deleted now and hourly (ADR 17).
  const stopRetention = startRetentionJob({ db: database.db, config, log: app.log });
  // Content staff scheduled for a time is published by whichever instance finds it due first.
  const stopSchedule = startPublishingSchedule(app);
  // The staff's figures are recomputed every few minutes by whichever instance finds them due (ADR 27).
  const stopAnalytics = startAnalyticsRefresh(database.db, app.log, config.analytics.refreshMinutes);
  // Published courses are voiced by the engine in each language, by whichever instance claims the job (ADR 41).
  const stopVoiceOvers = config.readAloud.synthesis ? startVoiceOverQueue(app) : () => {};
  // Event entries whose entrant never came back are closed at their deadline by whichever instance
  // looks first (ADR 40); an entrant's own calls close theirs on read.
  const stopEntryClosing = startEntryClosing(database.db, app.log);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping');
    stopSchedule();
    stopAnalytics();
    stopVoiceOvers();
    stopEntryClosing();
    try {
      // Requests in flight finish (up to SHUTDOWN_GRACE_SECONDS), new ones are refused; then the
      // database closes, so the embedded one is left clean.
      await stopGracefully(app, config.shutdownGraceSeconds * 1000);
      await stopRetention();
      await database.close();
    } finally {
      releaseLock();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen(listenOptions(config));
  recordSiteAddress(config);
  app.log.info(`Open ${config.publicUrl} in a browser. API documentation: ${config.publicUrl}/api/docs`);
}

/**
 * PORT and HOST, or the socket a service manager handed over. Fastify passes its options on to Node's
 * `server.listen`, which takes `fd` before anything else; Fastify's type leaves `fd` out, and the host
 * is named only so that Fastify does not add bindings of its own for `localhost`.
 */
function listenOptions(config: Config): FastifyListenOptions {
  if (config.inheritedSocketFd === undefined) return { port: config.port, host: config.host };
  return { fd: config.inheritedSocketFd, host: config.host } as FastifyListenOptions;
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`Cannot start: ${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
