// Scheduled publications (ADR 19): every instance looks for due ones when it starts and every few
// seconds after, and publishes them; runDueSchedules makes sure each is published once, whichever
// instance finds it first.
import type { FastifyInstance } from 'fastify';
import { runDueSchedules } from './publishing';

/** How often each instance looks: a publication lands at most this late. */
export const SCHEDULE_CHECK_MS = 15_000;

/** Starts looking; the returned function stops it (on shutdown). */
export function startPublishingSchedule(app: FastifyInstance, everyMs = SCHEDULE_CHECK_MS): () => void {
  let running = false;
  const tick = async () => {
    // A slow round (many due items, a slow database) is not overlapped by the next.
    if (running) return;
    running = true;
    try {
      const published = await runDueSchedules(app.db, new Date(), app.log);
      if (published) app.log.info({ published }, 'scheduled content published');
    } catch (err) {
      app.log.warn({ err }, 'scheduled publishing failed; trying again at the next round');
    } finally {
      running = false;
    }
  };
  // A first look at once: an instance restarted (a rolling restart, a crash) would otherwise leave an
  // item that fell due meanwhile waiting a whole round, or, restarted again within it, longer still.
  void tick();
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
