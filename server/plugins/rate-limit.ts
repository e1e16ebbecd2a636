// The API's rate limits. Whole villages reach the internet through one carrier-grade NAT address, so
// an address is not what a learner is: calls to routes that need sign-in count per signed-in account
// (API_RATE_LIMIT_PER_MINUTE), and everything else (public reads, signing in) per client address
// under a ceiling far above what a busy village needs (API_ADDRESS_LIMIT_PER_MINUTE); the server
// itself is protected by shedding load (load-shedding.ts), and the tight limits (one-time
// passwords) live with the routes they protect. The calls a page render makes to the API inside
// the server are not counted: the visitor's page request was. With REDIS_URL the counters are
// shared by every instance behind the load balancer; while Redis is away each instance counts on
// its own (rate-limit-store.ts), says so once in the log, and reconnects in the background.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { tooManyRequests } from './errors';
import { failoverStore, type LocalCountsByReason, type SharedCounters } from './rate-limit-store';
import { Refusals } from '../lib/refusals';

export type RedisState = 'off' | 'up' | 'down';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the rate-limit counters are shared through Redis: off (no REDIS_URL), up or down. */
    redisState(): RedisState;
    /** Requests refused by each limit (the metrics' refusals_total). */
    refusals: Refusals;
    /** Requests counted by this instance alone because Redis was away or failed the command (the metrics' rate_limit_local_counts_total). */
    localCounts(): Readonly<LocalCountsByReason>;
    /**
     * Headers for a call the server makes to its own API while rendering a page (app.inject): such
     * a call is neither counted nor shed, since the page request that makes it was.
     */
    innerCallHeaders: Readonly<Record<string, string>>;
  }
}

const INNER_CALL_HEADER = 'x-inner-call';
/** Known only to this process, so no client can pass its calls off as the server's own. */
const innerCallToken = randomBytes(32);

/** Whether the request is a call the server made to itself (innerCallHeaders). */
export function isInnerCall(request: FastifyRequest): boolean {
  const sent = request.headers[INNER_CALL_HEADER];
  if (typeof sent !== 'string') return false;
  // Whatever a client sends (not hex, the wrong length) is compared as bytes of the right length.
  const bytes = Buffer.from(sent, 'hex');
  return bytes.length === innerCallToken.length && timingSafeEqual(bytes, innerCallToken);
}

/**
 * The counting key of a client address. An IPv6 client usually holds a whole /64 (and may pick any
 * address in it), so it is counted as its /64.
 */
export function addressKey(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const [head = '', tail] = ip.toLowerCase().replace(/%.*$/, '').split('::');
  const start = head ? head.split(':') : [];
  const end = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? start
      : [...start, ...Array<string>(Math.max(0, 8 - start.length - end.length)).fill('0'), ...end];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

const ACCOUNT_KEY = 'account:';

/**
 * Who a call is counted against: the signed-in account on a route that needs sign-in (the session
 * is read here, before the route's access check, which finds it already read), the client address
 * otherwise. A call to such a route without a valid session counts against its address.
 */
async function countingKey(request: FastifyRequest): Promise<string> {
  const rule = request.routeOptions.config.access;
  if (rule && rule.kind !== 'public') {
    const user = await request.getUser();
    if (user) return ACCOUNT_KEY + user.id;
  }
  return addressKey(request.ip);
}

/** Longest wait between two attempts to reach a lost Redis. */
const MAX_RECONNECT_DELAY_MS = 5000;

function connectRedis(app: FastifyInstance, url: string): SharedCounters {
  const redis = new Redis(url, {
    // Nothing waits for a Redis that is away: a command fails at once and is counted locally.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    // A Redis that accepted the connection but stopped answering (REDIS_COMMAND_TIMEOUT_MS).
    commandTimeout: app.config.redisCommandTimeoutMs,
    retryStrategy: (attempt) => Math.min(attempt * 250, MAX_RECONNECT_DELAY_MS),
  });
  // Logged when the state changes, not for every failed attempt or request.
  let shared: boolean | undefined;
  const report = (up: boolean, error?: Error) => {
    if (shared === up) return;
    const before = shared;
    shared = up;
    if (up) {
      app.log.info(
        before === undefined
          ? 'Redis connected: rate limits are shared'
          : 'Redis reachable again: rate limits are shared again',
      );
    } else {
      app.log.warn(
        { reason: error?.message },
        'Redis unreachable: rate limits are counted by this instance alone until it returns',
      );
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
    app.decorate('refusals', new Refusals());
    app.decorate('innerCallHeaders', Object.freeze({ [INNER_CALL_HEADER]: innerCallToken.toString('hex') }));
    const { apiRateLimitPerMinute, apiAddressLimitPerMinute } = app.config;
    const { store, localCounts } = failoverStore(shared, 'jgk-rl-');
    app.decorate('localCounts', localCounts);
    await app.register(rateLimit, {
      global: true,
      keyGenerator: countingKey,
      max: (_request, key) => (key.startsWith(ACCOUNT_KEY) ? apiRateLimitPerMinute : apiAddressLimitPerMinute),
      timeWindow: '1 minute',
      store,
      allowList: (request) => !request.url.startsWith('/api/') || isInnerCall(request),
      onExceeded: (request, key) => {
        const limit = key.startsWith(ACCOUNT_KEY) ? 'api-account' : 'api-address';
        if (app.refusals.add(limit)) {
          request.log.warn({ limit }, 'API rate limit reached: calls are answered 429 until the minute ends');
        }
      },
      // Thrown to the error handler (plugins/errors.ts), which sends Retry-After and retryAfter as
      // for every other 429.
      errorResponseBuilder: (_request, context) =>
        tooManyRequests('rateLimited', context.ttl / 1000, (seconds) => ({ count: seconds })),
    });
  },
  { name: 'rate-limit', dependencies: ['config', 'errors'] },
);
