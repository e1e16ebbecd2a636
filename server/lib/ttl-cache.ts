// A small in-process cache for public reads that every visitor shares (course catalogue, course
// outline, chapters, quizzes). Content changes only by import or by staff, so answers a few seconds
// old are fine, and they spare the database the same statements thousands of times a minute. The
// server's caches are made through lib/public-caches.ts, which empties them when content changes.
export interface TtlCache<V> {
  /** The cached answer for the key, or load()'s, which is then kept; one cache may hold answers of several types. */
  get<T extends V>(key: string, load: () => Promise<T>): Promise<T>;
  /** The kept value for the key, if one is kept and finished (counted as a lookup); else undefined. */
  peek(key: string): V | undefined;
  /** Keeps a value already made (a value whose making may turn out not to be worth keeping). */
  set(key: string, value: V): void;
  clear(): void;
}

/** Lookups of the caches in this process by cache name, for the metrics (/metrics). */
export const cacheLookups = new Map<string, { hits: number; misses: number }>();

export function createTtlCache<V>(options: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
  name?: string;
}): TtlCache<V> {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { expires: number; value: Promise<V>; settled?: { value: V } }>();
  const name = options.name ?? 'public';
  const lookups = cacheLookups.get(name) ?? { hits: 0, misses: 0 };
  cacheLookups.set(name, lookups);
  const keep = (key: string, entry: { expires: number; value: Promise<V>; settled?: { value: V } }) => {
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > options.maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
  };
  return {
    async get<T extends V>(key: string, load: () => Promise<T>): Promise<T> {
      if (options.ttlMs <= 0) return load();
      const hit = entries.get(key);
      if (hit && hit.expires > now()) {
        lookups.hits++;
        return hit.value as Promise<T>;
      }
      lookups.misses++;
      if (hit) entries.delete(key);
      // The promise is cached, so simultaneous misses share one load; a failed load is not kept.
      const value = load();
      const entry: { expires: number; value: Promise<V>; settled?: { value: V } } = {
        expires: now() + options.ttlMs,
        value,
      };
      keep(key, entry);
      // Only this load's entry: after a clear() the key may already hold a newer load.
      value.then(
        (settled) => (entry.settled = { value: settled }),
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return value;
    },
    peek(key) {
      if (options.ttlMs <= 0) return undefined;
      const hit = entries.get(key);
      if (!hit?.settled || hit.expires <= now()) return undefined;
      lookups.hits++;
      return hit.settled.value;
    },
    set(key, value) {
      if (options.ttlMs <= 0) return;
      lookups.misses++;
      keep(key, { expires: now() + options.ttlMs, value: Promise.resolve(value), settled: { value } });
    },
    clear() {
      entries.clear();
    },
  };
}

/**
 * How long answers every visitor shares are kept (ADR 8): content changes only by import or by
 * staff, so a few seconds late is fine. Nothing is kept in tests, which change data between calls.
 */
export function publicCacheMs(env: string): number {
  return env === 'test' ? 0 : 10_000;
}
