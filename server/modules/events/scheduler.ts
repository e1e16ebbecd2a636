// The server closes entries at their deadline itself (ADR 40): every instance runs one statement
// every few seconds that closes the open entries past their deadline and grace, and writes down the
// events the clock has opened or closed. One UPDATE closes each row once, whichever instance gets
// there first. An entrant's own calls also close their entry on read (entries.ts), so what they see
// never waits for this round; the round is for entries whose entrant never comes back, so that the
// staff's counts and the results are right.
import type { FastifyBaseLogger } from 'fastify';
import { ANSWER_GRACE_SECONDS } from '../../../contract/event-rules';
import type { Db } from '../../db/client';
import * as repo from './repository';

/** How often each instance looks: an entry is closed at most this long after its grace. */
export const CLOSING_CHECK_MS = 5_000;

/**
 * One round: closes what is due; answers how many entries it closed. An event the clock opened or
 * closed is announced, so the pages kept for visitors show it at once on every instance.
 */
export async function closeDueEntries(db: Db, now: Date): Promise<number> {
  await db.transaction(async (tx) => {
    if (await repo.recordEventPhases(tx, now)) await repo.announceEventChange(tx);
  });
  return repo.closeDueEntries(db, now, ANSWER_GRACE_SECONDS);
}

/** Starts the rounds; the returned function stops them (on shutdown). */
export function startEntryClosing(db: Db, log: FastifyBaseLogger, everyMs = CLOSING_CHECK_MS): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const closed = await closeDueEntries(db, new Date());
      if (closed) log.info({ closed }, 'event entries closed at their deadline');
    } catch (err) {
      log.warn({ err }, 'closing event entries failed; trying again at the next round');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
