// The synthesis queue's runner, started by main.ts on every instance like the publishing schedule:
// every few seconds it queues a job for each newly published course language, then claims and runs
// the jobs that may run, one at a time, until none is left. Whichever instance claims a job runs it
// (FOR UPDATE SKIP LOCKED); a job whose instance stopped is taken again when its lease ends.
import type { FastifyInstance } from 'fastify';
import { uploadDepsFromConfig } from '../uploads/service';
import { queuePublished, runNextJob } from './service';
import { createSynthesisThread } from './synthesis-thread';

/** How often each instance looks: a publication is voiced this long after at the latest, once the queue is free. */
export const QUEUE_CHECK_MS = 15_000;

/** Starts the runner; the returned function stops it (on shutdown), ending the synthesis thread. */
export function startVoiceOverQueue(app: FastifyInstance, everyMs = QUEUE_CHECK_MS): () => void {
  // The engine runs on a thread of its own, so voicing a lesson never holds learners' requests.
  const thread = createSynthesisThread();
  const deps = { db: app.db, storage: uploadDepsFromConfig(app.config).storage, synthesise: thread.synthesise };
  let running = false;
  let stopped = false;
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      const queued = await queuePublished(app.db);
      if (queued) app.log.info({ queued }, 'voice-overs queued for published courses');
      for (let ran = await runNextJob(deps); ran && !stopped; ran = await runNextJob(deps)) {
        const { job, state } = ran;
        const entry = { jobId: job.id, itemId: job.itemId, lang: job.lang, attempt: job.attempts, state };
        if (state === 'done') app.log.info(entry, 'voice-overs made');
        else app.log.warn(entry, 'voice-over synthesis failed');
      }
    } catch (err) {
      app.log.warn({ err }, 'the voice-over queue failed; trying again at the next round');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  void tick();
  return () => {
    stopped = true;
    clearInterval(timer);
    void thread.close();
  };
}
