// Keeps the analytics' views and tables (migrations 0012 and 0014) at most a few minutes old (ADR
// 27). Every instance looks once a minute whether a refresh is due (ANALYTICS_REFRESH_MINUTES); the
// one that takes the lock refreshes, in one transaction, so the figures always agree with each other
// and readers see the old ones until the new ones are whole. Learners' requests never wait for it:
// a concurrent refresh lets reads of the views go on, and it reads the learners' tables without
// locking them. The three largest (registrations, activity, first-attempt answers) are tables
// recomputed from the start of the month or week of RECENT_DAYS ago; each enrolment's steps and the
// funnel, days between steps and stops are recomputed for the enrolments that moved since the last
// refresh (steps.ts). Once a day, and at the first refresh, everything is recomputed (an erased
// learner or a changed profile leaves past days then).
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { analyticsRefreshes } from '../../db/schema/analytics';
import { addDays, periodStart, todayInIndia, type Day } from './periods';
import { recompute } from './recompute';
import { recomputeSteps } from './steps';
import * as repo from './repository';

const REFRESH_LOCK_KEY = 7_413_002_103;

/**
 * Memory for the refresh's sorts and hashes (distinct learners per period, each enrolment's steps):
 * at a million learners the default 4 MB sends them to disk. One refresh runs at a time, with a
 * handful of such steps, so this bounds it well under a gigabyte; it ends with the transaction.
 */
const REFRESH_WORK_MEM = '256MB';

/** The views the dashboard reads, each with the unique index a concurrent refresh needs. */
const DASHBOARD_VIEWS = [
  'analytics_ratings',
  'analytics_quiz_attempts',
  'analytics_attempts_to_pass',
  'analytics_certificates',
  'analytics_journal',
] as const;

export interface Refreshed {
  computedAt: Date;
  tookMs: number;
  /** Whether everything was recomputed, not only the recent periods. */
  whole: boolean;
}

/** The days a frequent refresh recomputes: the periods holding the last few days, whole. */
const RECENT_DAYS = 2;
/** How often everything is recomputed. */
const WHOLE_EVERY_MS = 24 * 3600_000;
/** A day before any learner: "from here" recomputes everything. */
const THE_BEGINNING: Day = '2000-01-01';

/** The first day of the periods a frequent refresh recomputes: the start of the week or month of a few days ago. */
export function recentSince(now: Date): Day {
  const day = addDays(todayInIndia(now), -RECENT_DAYS);
  const week = periodStart(day, 'week');
  // The activity table still holds a month's distinct learners, recomputed from the 1st.
  const month = `${day.slice(0, 8)}01`;
  return week < month ? week : month;
}

/**
 * How far back a frequent refresh looks for enrolments that moved: from when the last refresh began
 * (its snapshot), less a margin for a learner's write that was under way then and committed after.
 */
const MOVED_MARGIN_MS = 10 * 60_000;

function movedSince(last: { computedAt: Date; tookMs: number }): Date {
  return new Date(last.computedAt.getTime() - last.tookMs - MOVED_MARGIN_MS);
}

/**
 * Recomputes every view now, unless another instance (or call) is at it: then undefined, and its
 * figures arrive when it finishes. With `ifOlderThanMinutes`, only when the figures are still that
 * old once the lock is held: an instance that found them due a moment before another instance's
 * refresh committed would otherwise refresh them a second time.
 */
export async function refreshAnalytics(
  db: Db,
  options: { whole?: boolean; now?: () => Date; ifOlderThanMinutes?: number } = {},
): Promise<Refreshed | undefined> {
  const now = options.now ?? (() => new Date());
  return db.transaction(async (tx) => {
    const locked = (await tx.execute(sql`select pg_try_advisory_xact_lock(${REFRESH_LOCK_KEY}) as got`)) as unknown as {
      rows: { got: boolean }[];
    };
    if (!locked.rows[0]?.got) return undefined;
    if (options.ifOlderThanMinutes !== undefined && !(await refreshDue(tx, now(), options.ifOlderThanMinutes)))
      return undefined;
    const started = now();
    const last = await repo.lastRefresh(tx);
    const whole = options.whole ?? (!last?.wholeAt || started.getTime() - last.wholeAt.getTime() >= WHOLE_EVERY_MS);
    await tx.execute(sql`select set_config('work_mem', ${REFRESH_WORK_MEM}, true)`);
    for (const view of DASHBOARD_VIEWS)
      await tx.execute(sql`refresh materialized view concurrently ${sql.identifier(view)}`);
    await recompute(tx, whole ? THE_BEGINNING : recentSince(started));
    await recomputeSteps(tx, whole || !last ? undefined : movedSince(last));
    const computedAt = now();
    const tookMs = computedAt.getTime() - started.getTime();
    const wholeAt = whole ? computedAt : (last?.wholeAt ?? null);
    await tx
      .insert(analyticsRefreshes)
      .values({ id: 1, refreshedAt: computedAt, tookMs, wholeAt })
      .onConflictDoUpdate({ target: analyticsRefreshes.id, set: { refreshedAt: computedAt, tookMs, wholeAt } });
    return { computedAt, tookMs, whole };
  });
}

/** Whether the figures are older than the refresh period (or were never computed). */
export async function refreshDue(db: DbOrTx, now: Date, everyMinutes: number): Promise<boolean> {
  const last = await repo.lastRefresh(db);
  return !last || now.getTime() - last.computedAt.getTime() >= everyMinutes * 60_000;
}

/** How often each instance looks whether a refresh is due. */
export const REFRESH_CHECK_MS = 60_000;

/** Starts looking (the first look right away); the returned function stops it (on shutdown). */
export function startAnalyticsRefresh(
  db: Db,
  log: FastifyBaseLogger,
  refreshMinutes: number,
  everyMs = REFRESH_CHECK_MS,
): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      if (await refreshDue(db, new Date(), refreshMinutes)) {
        const refreshed = await refreshAnalytics(db, { ifOlderThanMinutes: refreshMinutes });
        if (refreshed) log.info({ tookMs: refreshed.tookMs, whole: refreshed.whole }, 'analytics refreshed');
      }
    } catch (err) {
      log.warn({ err }, 'refreshing the analytics failed; trying again at the next round');
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
