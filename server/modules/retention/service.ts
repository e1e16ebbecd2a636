// The privacy policy's retention promise, kept by a job (docs/decisions/0017-retention-of-inactive-
// learners.md): learners inactive for longer than RETENTION_INACTIVE_DAYS are erased with all their
// data, as "Delete my account" erases it; sessions that have ended and one-time-password records
// that no rule needs any more are deleted. What was deleted is logged by count, never by person.
//
// The module's surface: startRetentionJob (main.ts: now and hourly) and runRetention (once, from
// `npm run retention`, server/cli/retention.ts). It has no routes or tables of its own: it calls
// users' eraseInactiveLearners, auth's pruneOtpChallenges, outbox's pruneOutboxEvents and the
// session plugin's pruneSessions.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Config } from '../../plugins/config';
import { pruneSessions } from '../../plugins/session';
import { pruneOtpChallenges } from '../auth/service';
import { pruneOutboxEvents } from '../outbox/service';
import { eraseInactiveLearners } from '../users/service';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How often the server runs the job. */
export const RETENTION_INTERVAL_MS = 60 * 60 * 1000;

export interface RetentionReport {
  /** Learners last active before this moment were erased. */
  inactiveSince: Date;
  learners: number;
  sessions: number;
  otpChallenges: number;
  outboxEvents: number;
}

export async function runRetention(deps: { db: Db; config: Config }, now = new Date()): Promise<RetentionReport> {
  const inactiveSince = new Date(now.getTime() - deps.config.retention.inactiveDays * DAY_MS);
  // Learners first: their sessions and codes go with them and are not counted twice.
  const learners = await eraseInactiveLearners(deps.db, inactiveSince);
  const sessions = await pruneSessions(deps, now);
  const otpChallenges = await pruneOtpChallenges(deps, now);
  const outboxEvents = await pruneOutboxEvents(deps.db, now);
  return { inactiveSince, learners, sessions, otpChallenges, outboxEvents };
}

/** The report in words: "Retention: deleted 2 learners inactive since 2023-11-24, ...". */
export function describeRetention(report: RetentionReport): string {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return (
    `Retention: deleted ${plural(report.learners, 'learner', 'learners')} inactive since ${report.inactiveSince.toISOString().slice(0, 10)} ` +
    `(with all their data), ${plural(report.sessions, 'ended session', 'ended sessions')}, ` +
    `${plural(report.otpChallenges, 'one-time-password record', 'one-time-password records')} and ` +
    `${plural(report.outboxEvents, 'offline change past its keeping', 'offline changes past their keeping')}`
  );
}

/**
 * Runs the job now and every RETENTION_INTERVAL_MS; logs each run that deleted anything (by count)
 * and each that failed. Returns the function that stops it, which waits for a run under way.
 */
export function startRetentionJob(deps: { db: Db; config: Config; log: FastifyBaseLogger }): () => Promise<void> {
  let current: Promise<void> | null = null;
  const run = async () => {
    try {
      const report = await runRetention(deps);
      if (report.learners + report.sessions + report.otpChallenges + report.outboxEvents > 0) {
        const { learners, sessions, otpChallenges, outboxEvents } = report;
        deps.log.info(
          { retention: { learners, sessions, otpChallenges, outboxEvents, inactiveSince: report.inactiveSince } },
          describeRetention(report),
        );
      }
    } catch (err) {
      deps.log.warn({ err }, 'Retention job failed; it runs again within the hour');
    }
  };
  // A run that takes longer than the interval is not joined by another.
  const next = () => {
    current ??= run().finally(() => (current = null));
  };
  next();
  const timer = setInterval(next, RETENTION_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await current;
  };
}
