// The per-address API ceiling with REDIS_URL: shared through Redis while it answers, counted by each
// instance while it does not (never switched off, never waiting on Redis), and shared again once
// it returns, each switch said once in the log.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { captureLog, type LogCapture } from '../test/log-capture';
import { freePort, isListening, waitFor } from '../test/ports';
import { relayTo } from '../test/relay';

const LIMIT = 5;
const env = (redisUrl: string) => ({ REDIS_URL: redisUrl, API_ADDRESS_LIMIT_PER_MINUTE: String(LIMIT) });

/** An address of its own per test run: Redis keeps counts for a minute, across test runs. */
const freshAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

function call(t: TestApp, remoteAddress: string) {
  return t.app.inject({ method: 'GET', url: '/api/user/session-status', remoteAddress });
}

async function expectLimitEnforced(t: TestApp, address: string, alreadyCounted = 0) {
  for (let i = alreadyCounted; i < LIMIT; i++) expect((await call(t, address)).statusCode).toBe(200);
  const refused = await call(t, address);
  expect(refused.statusCode).toBe(429);
  expect(refused.json().message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
  expect(refused.json().retryAfter).toBe(Number(refused.headers['retry-after']));
  expect(refused.json().params.count).toBe(refused.json().retryAfter);
}

const unreachable = (log: LogCapture) => log.matching(/^Redis unreachable/);
const reachableAgain = (log: LogCapture) => log.matching(/^Redis reachable again/);

describe('Redis unreachable from the start (nothing listens on its port)', () => {
  let t: TestApp;
  const log = captureLog();
  beforeAll(async () => {
    t = await createTestApp(env(`redis://127.0.0.1:${await freePort()}`), { logger: log.logger });
  });
  afterAll(async () => {
    await t.close();
  });

  it('still enforces the limit, counted by this instance, and says so once', async () => {
    await waitFor(() => unreachable(log).length > 0, 5000, 'the first failed connection');
    expect(t.app.redisState()).toBe('down');
    await expectLimitEnforced(t, freshAddress());
    await expectLimitEnforced(t, freshAddress());
    expect(unreachable(log)).toHaveLength(1);
    expect(unreachable(log)[0]!.level).toBe(40);
  });

  it('reports Redis down in readiness, and stays ready: the site works without it', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', redis: 'down' });
  });
});

const redisAt6379 = await isListening(6379);

describe.skipIf(!redisAt6379 && !process.env.CI)('Redis shared by two instances', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp(env('redis://127.0.0.1:6379'));
    b = await createTestApp(env('redis://127.0.0.1:6379'));
    await waitFor(
      () => a.app.redisState() === 'up' && b.app.redisState() === 'up',
      5000,
      'both instances to reach Redis',
    );
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('counts one address’s calls to either instance together', async () => {
    const address = freshAddress();
    for (let i = 0; i < 3; i++) expect((await call(a, address)).statusCode).toBe(200);
    await expectLimitEnforced(b, address, 3);
    expect((await call(a, address)).statusCode).toBe(429);
    expect((await a.app.inject({ method: 'GET', url: '/health/ready' })).json()).toMatchObject({ redis: 'up' });
  });
});

const hasRedisServer = spawnSync('redis-server', ['--version']).error === undefined;
if (!hasRedisServer && process.env.CI) {
  it('needs redis-server', () => {
    throw new Error('redis-server is missing: apt-get install -y redis-server');
  });
}

describe.skipIf(!hasRedisServer)('Redis lost and back while the server runs', () => {
  let port: number;
  let redisServer: ChildProcess | undefined;
  let t: TestApp;
  let probe: Redis;
  const log = captureLog();

  async function startRedis() {
    redisServer = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    await waitFor(() => isListening(port), 5000, 'redis-server to listen');
  }

  async function stopRedis() {
    const stopped = new Promise((resolve) => redisServer!.once('exit', resolve));
    redisServer!.kill('SIGKILL');
    await stopped;
    redisServer = undefined;
  }

  beforeAll(async () => {
    port = await freePort();
    await startRedis();
    probe = new Redis(port, '127.0.0.1', { lazyConnect: true, enableOfflineQueue: false, retryStrategy: () => 200 });
    probe.on('error', () => {});
    t = await createTestApp(env(`redis://127.0.0.1:${port}`), { logger: log.logger });
    await waitFor(() => t.app.redisState() === 'up', 5000, 'the server to reach Redis');
  });
  afterAll(async () => {
    await t?.close();
    probe?.disconnect();
    if (redisServer) await stopRedis();
  });

  async function countInRedis(address: string): Promise<number> {
    if (probe.status !== 'ready') await probe.connect().catch(() => {});
    await waitFor(() => probe.status === 'ready', 5000, 'the probe to reach Redis');
    return Number(await probe.get(`jgk-rl-${address}`));
  }

  it('counts in Redis while it answers', async () => {
    const address = freshAddress();
    await call(t, address);
    await call(t, address);
    expect(await countInRedis(address)).toBe(2);
  });

  it('keeps answering and limiting when Redis goes away, and shares the counts again when it returns', async () => {
    await stopRedis();
    await waitFor(() => t.app.redisState() === 'down', 5000, 'the server to notice');
    await expectLimitEnforced(t, freshAddress());
    // Said once per change of state, never per request: the calls above found Redis away and
    // logged nothing more. (Another test's redis-server may briefly take the freed port: that is a
    // change of state too, logged as one.)
    expect(unreachable(log).length).toBeGreaterThanOrEqual(1);
    expect(unreachable(log)).toHaveLength(reachableAgain(log).length + 1);

    await startRedis();
    await waitFor(() => t.app.redisState() === 'up', 10_000, 'the server to reconnect');
    expect(reachableAgain(log).length).toBeGreaterThanOrEqual(1);
    expect(reachableAgain(log)).toHaveLength(unreachable(log).length);
    const address = freshAddress();
    await call(t, address);
    expect(await countInRedis(address)).toBe(1);
    expect(unreachable(log)).toHaveLength(reachableAgain(log).length);
  });
});

const METRICS_TOKEN = 'a-metrics-token-of-thirty-two-characters';

/** The counts this instance made alone, as /metrics says them. */
async function localCounts(t: TestApp): Promise<Record<string, number>> {
  const text = (
    await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).body;
  return Object.fromEntries(
    [...text.matchAll(/^rate_limit_local_counts_total\{reason="([a-z-]+)"\} (\d+)$/gm)].map((m) => [
      m[1]!,
      Number(m[2]),
    ]),
  );
}

describe.skipIf(!redisAt6379 && !process.env.CI)('Redis answering late, as on a loaded machine', () => {
  let relay: Awaited<ReturnType<typeof relayTo>>;
  let slow: Awaited<ReturnType<typeof relayTo>>;
  let t: TestApp;
  let impatient: TestApp;
  const log = captureLog();
  beforeAll(async () => {
    // Every answer of Redis held 400 ms: an instance under 200 connections sees its own replies that late.
    relay = await relayTo({ host: '127.0.0.1', port: 6379 }, { replyDelayMs: 400 });
    slow = await relayTo({ host: '127.0.0.1', port: 6379 }, { replyDelayMs: 400 });
    t = await createTestApp({ ...env(`redis://127.0.0.1:${relay.port}`), METRICS_TOKEN }, { logger: log.logger });
    // The same Redis, with a command timeout shorter than its answers.
    impatient = await createTestApp({
      ...env(`redis://127.0.0.1:${slow.port}`),
      METRICS_TOKEN,
      REDIS_COMMAND_TIMEOUT_MS: '100',
    });
    await waitFor(() => t.app.redisState() === 'up', 10_000, 'Redis through the relay');
  });
  afterAll(async () => {
    await t?.close();
    await impatient?.close();
    await relay?.down();
    await slow?.down();
  });

  it('keeps counting in Redis with the default command timeout, and /metrics shows no local count', async () => {
    const address = freshAddress();
    await expectLimitEnforced(t, address);
    expect(unreachable(log)).toEqual([]);
    expect(t.app.redisState()).toBe('up');
    expect(await localCounts(t)).toEqual({ 'redis-away': 0, 'redis-failed': 0 });
    // Counted in Redis, where another instance would find them.
    const keys = await new Redis('redis://127.0.0.1:6379').keys(`jgk-rl-${address}`);
    expect(keys).toHaveLength(1);
  });

  it('counts alone past REDIS_COMMAND_TIMEOUT_MS, still enforcing the limit, and /metrics says how often', async () => {
    await expectLimitEnforced(impatient, freshAddress());
    // Its commands (and its connection's ready check) pass the timeout: each count is its own.
    const counts = await localCounts(impatient);
    expect(counts['redis-failed']! + counts['redis-away']!).toBe(LIMIT + 1);
    expect(impatient.app.redisState()).toBe('down');
  });
});
