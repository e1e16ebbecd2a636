// Every in-process cache of content that visitors share (the public reads' finished JSON, the
// rendered pages, share previews, the course structures learners' calls read) is made here, and
// says which kinds of content it holds. When content of a kind changes (a content_changed
// notification, lib/content-changes.ts), the caches holding that kind are emptied; when
// notifications may have been missed, all of them. A cache made anywhere else would not be emptied
// on a publish: ESLint allows createTtlCache only in this file (eslint.config.js). ADR 21.
import type { ChangeKind, ContentChange } from './content-changes';
import { createTtlCache, type TtlCache } from './ttl-cache';

export interface PublicCacheOptions {
  /** Also the cache's name in the metrics (cache_lookups_total); unique per server. */
  name: string;
  /** The kinds of content its answers are made of: a change to any of them empties it. */
  kinds: readonly ChangeKind[];
  maxEntries: number;
}

export interface PublicCaches {
  /** A new cache, emptied whenever content of one of its kinds changes. */
  create<V>(options: PublicCacheOptions): TtlCache<V>;
  /** Empties the caches that hold content of the changed kind. */
  changed(change: ContentChange): void;
  /** Empties every cache: after a lost connection, notifications may have been missed. */
  clearAll(): void;
  /** The caches' names and kinds, in the order they were made. */
  list(): { name: string; kinds: readonly ChangeKind[] }[];
}

/**
 * The registry of one server's public caches. Every cache keeps an answer for ttlMs at most (ADR 8),
 * so a change that no notification announces (a new rating) still shows within that time.
 */
export function createPublicCaches(ttlMs: number): PublicCaches {
  const caches: { name: string; kinds: readonly ChangeKind[]; cache: TtlCache<unknown> }[] = [];
  return {
    create<V>({ name, kinds, maxEntries }: PublicCacheOptions): TtlCache<V> {
      if (caches.some((c) => c.name === name)) throw new Error(`a public cache named ${name} exists already`);
      if (!kinds.length) throw new Error(`the public cache ${name} must name the kinds of content it holds`);
      const cache = createTtlCache<V>({ ttlMs, maxEntries, name });
      caches.push({ name, kinds, cache: cache as TtlCache<unknown> });
      return cache;
    },
    changed(change) {
      for (const { kinds, cache } of caches) if (kinds.includes(change.kind)) cache.clear();
    },
    clearAll() {
      for (const { cache } of caches) cache.clear();
    },
    list: () => caches.map(({ name, kinds }) => ({ name, kinds })),
  };
}
