import { describe, expect, it } from 'vitest';
import { cacheLookups, createTtlCache } from './ttl-cache';

describe('createTtlCache', () => {
  it('answers from the cache until the entry expires', async () => {
    let clock = 0;
    let loads = 0;
    const cache = createTtlCache<number>({ ttlMs: 100, maxEntries: 10, now: () => clock });
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    clock = 99;
    expect(await cache.get('a', load)).toBe(1);
    clock = 100;
    expect(await cache.get('a', load)).toBe(2);
    cache.clear();
    expect(await cache.get('a', load)).toBe(3);
  });

  it('shares one load between simultaneous misses and forgets failures', async () => {
    let loads = 0;
    const cache = createTtlCache<number>({ ttlMs: 1000, maxEntries: 10 });
    const results = await Promise.all([1, 2, 3].map(() => cache.get('k', async () => ++loads)));
    expect(results).toEqual([1, 1, 1]);
    await expect(cache.get('bad', async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await cache.get('bad', async () => 7)).toBe(7);
  });

  it('keeps a load started after clear() when a load from before it fails', async () => {
    const cache = createTtlCache<number>({ ttlMs: 1000, maxEntries: 10 });
    let fail!: (error: Error) => void;
    const old = cache.get('k', () => new Promise<number>((_resolve, reject) => (fail = reject)));
    cache.clear();
    expect(await cache.get('k', async () => 2)).toBe(2);
    fail(new Error('old load failed'));
    await expect(old).rejects.toThrow('old load failed');
    expect(await cache.get('k', async () => 3)).toBe(2);
  });

  it('peeks at finished values only, and keeps values set from outside until they expire', async () => {
    let clock = 0;
    const cache = createTtlCache<string>({ ttlMs: 100, maxEntries: 10, now: () => clock });
    expect(cache.peek('a')).toBeUndefined();
    let finish!: (value: string) => void;
    const loading = cache.get('a', () => new Promise<string>((resolve) => (finish = resolve)));
    expect(cache.peek('a')).toBeUndefined();
    finish('loaded');
    await loading;
    expect(cache.peek('a')).toBe('loaded');
    cache.set('b', 'made');
    expect(cache.peek('b')).toBe('made');
    expect(await cache.get('b', async () => 'loaded again')).toBe('made');
    clock = 100;
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.peek('b')).toBeUndefined();
    cache.set('c', 'made');
    cache.clear();
    expect(cache.peek('c')).toBeUndefined();
  });

  it('keeps nothing set from outside when it keeps nothing at all', () => {
    const cache = createTtlCache<string>({ ttlMs: 0, maxEntries: 10 });
    cache.set('a', 'made');
    expect(cache.peek('a')).toBeUndefined();
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    let loads = 0;
    const cache = createTtlCache<number>({ ttlMs: 1000, maxEntries: 2 });
    await cache.get('a', async () => ++loads);
    await cache.get('b', async () => ++loads);
    await cache.get('c', async () => ++loads);
    expect(await cache.get('a', async () => ++loads)).toBe(4);
  });

  it('does not cache with a zero lifetime', async () => {
    let loads = 0;
    const cache = createTtlCache<number>({ ttlMs: 0, maxEntries: 2 });
    await cache.get('a', async () => ++loads);
    expect(await cache.get('a', async () => ++loads)).toBe(2);
  });

  it('counts hits and misses by cache name for the metrics', async () => {
    const cache = createTtlCache<number>({ ttlMs: 1000, maxEntries: 10, name: 'counted' });
    await cache.get('a', async () => 1);
    await cache.get('a', async () => 1);
    await cache.get('b', async () => 2);
    expect(cacheLookups.get('counted')).toEqual({ hits: 1, misses: 2 });
  });
});
