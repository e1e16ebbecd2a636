// Public reads shared by every visitor (course catalogue, course outline, chapters, quizzes, blogs,
// success stories, the gallery and the banner), kept finished for a few seconds and emptied when
// their content changes (lib/public-caches.ts): the JSON as bytes, and its Brotli or gzip bytes once
// a client asks for them, so a hit costs no query, no serialization and no compression. The answers
// are built field by field by the services, so nothing beyond the documented schema can be in them.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendFinished, type Finished } from './compression';
import type { PublicCacheOptions } from './public-caches';

/** A value's JSON with object keys in order: the same request gives the same text. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? '';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  return `{${entries
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
    .join(',')}}`;
}

/**
 * What an answer depends on: the route and its validated parameters and query (validation has
 * dropped unknown fields), so a parameter a route gains later is part of the key by itself. A
 * route without a query schema reads no query: `?anything` is the same answer, kept once.
 */
function keyOf(request: FastifyRequest): string {
  const query = request.routeOptions.schema?.querystring ? request.query : {};
  return `${request.routeOptions.url} ${canonical(request.params)} ${canonical(query)}`;
}

/** A cache for one route group; each call answers the kept answer to the request, or load()'s. */
export function cachedJson(app: FastifyInstance, options: Pick<PublicCacheOptions, 'name' | 'kinds'>) {
  const cache = app.publicCaches.create<Finished>({ ...options, maxEntries: 1000 });
  return async (request: FastifyRequest, reply: FastifyReply, load: () => Promise<unknown>) => {
    const finished = await cache.get<Finished>(keyOf(request), async () => ({
      body: Buffer.from(JSON.stringify(await load())),
    }));
    reply.type('application/json; charset=utf-8');
    return sendFinished(request, reply, finished);
  };
}
