// Public reads shared by every visitor (course catalogue, course outline, chapters, quizzes), kept as
// finished JSON for a few seconds: a hit costs neither a query nor a serialization. The answers are
// built field by field by the services, so nothing beyond the documented schema can be in them.
import type { FastifyReply } from 'fastify';
import { createTtlCache } from './ttl-cache';

/** A cache for one route group; each call answers the cached body for the key, or load()'s. */
export function cachedJson(ttlMs: number) {
  const cache = createTtlCache<string>({ ttlMs, maxEntries: 1000 });
  return async (reply: FastifyReply, key: string, load: () => Promise<unknown>) => {
    const body = await cache.get(key, async () => JSON.stringify(await load()));
    return reply
      .type('application/json; charset=utf-8')
      .serializer((payload: unknown) => payload as string)
      .send(body);
  };
}
