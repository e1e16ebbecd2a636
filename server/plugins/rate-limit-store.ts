// The counters behind the per-address limit: in Redis while it answers, so every instance behind the
// load balancer shares them; in this process while it does not, so a lost Redis neither stalls
// requests nor switches the limits off.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

interface Count {
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}
type Done = (error: Error | null, result?: Count) => void;

/** Fixed windows per key, started by the key's first request; the oldest keys go first when full. */
class LocalCounters {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  constructor(
    private readonly maxKeys = 100_000,
    private readonly now: () => number = Date.now,
  ) {}

  incr(key: string, timeWindow: number): Count {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      this.windows.delete(key);
      if (this.windows.size >= this.maxKeys) {
        const oldest = this.windows.keys().next().value;
        if (oldest !== undefined) this.windows.delete(oldest);
      }
      window = { count: 0, endsAt: now + timeWindow };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { current: window.count, ttl: window.endsAt - now };
  }
}

// Atomic, so instances counting at the same moment never lose a count or leave a key without expiry.
const INCREMENT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {current, redis.call('PTTL', KEYS[1])}
`;

type RedisWithIncrement = Redis & {
  rateLimitIncrement(
    key: string,
    timeWindow: number,
    done: (error: Error | null, result?: [number, number]) => void,
  ): void;
};

export interface SharedCounters {
  redis: Redis;
  /** Called when Redis failed a command while it seemed up (a timeout, a broken connection). */
  onFailure(error: Error): void;
}

/** Counts this process made alone while REDIS_URL is set: Redis away (not connected), or a command that failed. */
export interface LocalCountsByReason {
  'redis-away': number;
  'redis-failed': number;
}

/** Counts in Redis while it is connected, in this process otherwise. */
class FailoverCounters {
  private readonly local = new LocalCounters();
  readonly localCounts: LocalCountsByReason = { 'redis-away': 0, 'redis-failed': 0 };
  private readonly redis: RedisWithIncrement | undefined;

  constructor(private readonly shared: SharedCounters | undefined) {
    this.redis = shared?.redis as RedisWithIncrement | undefined;
    if (this.redis && !this.redis.rateLimitIncrement) {
      this.redis.defineCommand('rateLimitIncrement', { numberOfKeys: 1, lua: INCREMENT });
    }
  }

  count(key: string, timeWindow: number, done: Done): void {
    const redis = this.redis;
    if (!redis || redis.status !== 'ready') {
      if (redis) this.localCounts['redis-away']++;
      done(null, this.local.incr(key, timeWindow));
      return;
    }
    redis.rateLimitIncrement(key, timeWindow, (error, result) => {
      if (error || !result) {
        this.shared?.onFailure(error ?? new Error('Redis gave no count'));
        this.localCounts['redis-failed']++;
        done(null, this.local.incr(key, timeWindow));
        return;
      }
      done(null, { current: result[0], ttl: result[1] });
    });
  }
}

class FailoverStore implements FastifyRateLimitStore {
  constructor(
    private readonly counters: FailoverCounters,
    private readonly prefix: string,
  ) {}

  incr(key: string, done: Done, timeWindow: number): void {
    this.counters.count(this.prefix + key, timeWindow, done);
  }

  /** A route with limits of its own counts under its own keys. */
  child(route: { method: string | string[]; url: string }): FastifyRateLimitStore {
    return new FailoverStore(this.counters, `${this.prefix}${String(route.method)}${route.url}-`);
  }
}

/**
 * The store for @fastify/rate-limit. Redis must be created with enableOfflineQueue: false, so that
 * a command sent while it is away fails at once instead of waiting for it to return.
 */
export function failoverStore(
  shared: SharedCounters | undefined,
  prefix: string,
): { store: FastifyRateLimitStoreCtor; localCounts: () => Readonly<LocalCountsByReason> } {
  const counters = new FailoverCounters(shared);
  return {
    store: class extends FailoverStore {
      constructor() {
        super(counters, prefix);
      }
    },
    localCounts: () => counters.localCounts,
  };
}
