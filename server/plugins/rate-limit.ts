// A per-address ceiling on all API traffic. Generous, because whole villages share one carrier-grade
// NAT address; the tight limits (one-time passwords) live with the routes they protect. With
// REDIS_URL the counters are shared by every instance behind the load balancer; while Redis is
// away each instance counts on its own (rate-limit-store.ts), says so once in the log, and
// reconnects in the background.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { tooManyRequests } from './errors';
import { failoverStore, type SharedCounters } from './rate-limit-store';

export type RedisState = 'off' | 'up' | 'down';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the rate-limit counters are shared through Redis: off (no REDIS_URL), up or down. */
    redisState(): RedisState;
  }
}

/** Longest wait between two attempts to reach a lost Redis. */
const MAX_RECONNECT_DELAY_MS = 5000;

function connectRedis(app: FastifyInstance, url: string): SharedCounters {
  const redis = new Redis(url, {
    // Nothing waits for a Redis that is away: a command fails at once and is counted locally.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    // A Redis that accepted the connection but stopped answering.
    commandTimeout: 200,
    retryStrategy: (attempt) => Math.min(attempt * 250, MAX_RECONNECT_DELAY_MS),
  });
  // Logged when the state changes, not for every failed attempt or request.
  let shared: boolean | undefined;
  const report = (up: boolean, error?: Error) => {
    if (shared === up) return;
    const before = shared;
    shared = up;
    if (up) {
      app.log.info(before === undefined ? 'Redis connected: rate limits are shared' : 'Redis reachable again: rate limits are shared again');
    } else {
      app.log.warn({ reason: error?.message }, 'Redis unreachable: rate limits are counted by this instance alone until it returns');
    }
  };
  redis.on('ready', () => report(true));
  redis.on('error', (error: Error) => report(false, error));
  redis.on('close', () => report(false));
  app.addHook('onClose', async () => {
    shared = false;
    if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
    else redis.disconnect();
  });
  return {
    redis,
    onFailure(error) {
      report(false, error);
      // A command that timed out means a link that no longer answers: drop it and reconnect, so
      // the next requests count locally at once instead of waiting for a timeout each.
      if (redis.status === 'ready') redis.disconnect(true);
    },
  };
}

export default fp(
  async function rateLimits(app: FastifyInstance) {
    const shared = app.config.redisUrl ? connectRedis(app, app.config.redisUrl) : undefined;
    app.decorate('redisState', (): RedisState => {
      if (!shared) return 'off';
      return shared.redis.status === 'ready' ? 'up' : 'down';
    });
    await app.register(rateLimit, {
      global: true,
      max: app.config.apiRateLimitPerMinute,
      timeWindow: '1 minute',
      store: failoverStore(shared, 'jgk-rl-'),
      allowList: (request) => !request.url.startsWith('/api/'),
      // Thrown to the error handler (plugins/errors.ts), which sends Retry-After and retryAfter as
      // for every other 429.
      errorResponseBuilder: (_request, context) => tooManyRequests('rateLimited', context.ttl / 1000, (seconds) => ({ count: seconds })),
    });
  },
  { name: 'rate-limit', dependencies: ['config', 'errors'] },
);
