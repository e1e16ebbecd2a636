// Public reads shared by every visitor (course catalogue, course outline, chapters, quizzes, blogs,
// success stories, the gallery and the banner), kept as finished JSON for a few seconds and emptied
// when their content changes (lib/public-caches.ts): a hit costs neither a query nor a
// serialization. The answers are built field by field by the services, so nothing beyond the
// documented schema can be in them.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { PublicCacheOptions } from './public-caches';

/** A cache for one route group; each call answers the cached body for the key, or load()'s. */
export function cachedJson(app: FastifyInstance, options: Pick<PublicCacheOptions, 'name' | 'kinds'>) {
  const cache = app.publicCaches.create<string>({ ...options, maxEntries: 1000 });
  return async (reply: FastifyReply, key: string, load: () => Promise<unknown>) => {
    const body = await cache.get(key, async () => JSON.stringify(await load()));
    return reply
      .type('application/json; charset=utf-8')
      .serializer((payload: unknown) => payload as string)
      .send(body);
  };
}
