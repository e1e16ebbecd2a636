// Shedding load: while the event loop lags past LOAD_SHED_EVENT_LOOP_DELAY_MS, API calls and pages
// are answered 503 serviceUnavailable with Retry-After through the error handler, health and
// metrics still answer, the refusals are counted and said once in the log, and calls are taken
// again once the loop catches up. The lag is made here, not hoped for: the test blocks the event
// loop for longer than a sampling interval (one second), so the next sample is sure to exceed the
// threshold (even averaged with a second of idle ticks).
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { captureLog } from '../test/log-capture';
import { waitFor } from '../test/ports';

const TOKEN = 'metrics-token-metrics-token-metrics-token';
const THRESHOLD_MS = 10;
const BLOCK_MS = 1500;

/** Holds the event loop, as a long synchronous task would. */
function blockEventLoop(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy
  }
}

describe('load shedding', () => {
  let t: TestApp;
  const log = captureLog();
  beforeAll(async () => {
    t = await createTestApp(
      { LOAD_SHED_EVENT_LOOP_DELAY_MS: String(THRESHOLD_MS), METRICS_TOKEN: TOKEN },
      { logger: log.logger },
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it(
    'answers 503 with Retry-After while the event loop lags, except health and metrics, then serves again',
    { timeout: 60_000 },
    async () => {
      blockEventLoop(BLOCK_MS);
      // The sampling timer fell due during the block, so it runs before this one.
      await sleep(1);

      const shed = await get('/api/course/public?lang=en');
      expect(shed.statusCode).toBe(503);
      expect(shed.headers['retry-after']).toBe('5');
      expect(shed.json()).toEqual({
        code: 'serviceUnavailable',
        message: 'The service is briefly unavailable. Please try again in a moment.',
        retryAfter: 5,
      });
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/user/send-otp',
        payload: { mobile: '919876543210' },
      });
      expect(signIn.statusCode).toBe(503);

      expect((await get('/health/live')).statusCode).toBe(200);
      expect((await get('/health/ready')).statusCode).toBe(200);
      expect((await get('/api/health')).statusCode).toBe(200);
      const metrics = await get('/metrics', { authorization: `Bearer ${TOKEN}` });
      expect(metrics.statusCode).toBe(200);
      expect(metrics.body).toMatch(/^refusals_total\{limit="load"\} 2$/m);

      const warned = log.matching(/^Under load: requests are answered 503/);
      expect(warned).toHaveLength(1);
      expect(warned[0]!.level).toBe(40);

      // The next sample, a second later, finds the loop idle again.
      await waitFor(
        async () => (await get('/api/course/public?lang=en')).statusCode === 200,
        20_000,
        'calls to be served again',
      );
    },
  );
});
