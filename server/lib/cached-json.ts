// Public reads shared by every visitor (course catalogue, course outline, chapters, quizzes, blogs,
// success stories, the gallery and the banner), kept finished for a few seconds and emptied when
// their content changes (lib/public-caches.ts): the JSON as bytes, and its Brotli or gzip bytes once
// a client asks for them, so a hit costs no query, no serialization and no compression. The answers
// are built field by field by the services, so nothing beyond the documented schema can be in them.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { acceptedEncoding, compressAs, COMPRESS_THRESHOLD, type Encoding } from './compression';
import type { PublicCacheOptions } from './public-caches';

/** An answer ready to send, as JSON and in each encoding a client has asked for. */
type Finished = { json: Buffer } & Partial<Record<Encoding, Buffer>>;

/** A cache for one route group; each call answers the cached body for the key, or load()'s. */
export function cachedJson(app: FastifyInstance, options: Pick<PublicCacheOptions, 'name' | 'kinds'>) {
  const cache = app.publicCaches.create<Finished>({ ...options, maxEntries: 1000 });
  return async (reply: FastifyReply, key: string, load: () => Promise<unknown>) => {
    const finished = await cache.get<Finished>(key, async () => ({ json: Buffer.from(JSON.stringify(await load())) }));
    reply.type('application/json; charset=utf-8');
    if (finished.json.length < COMPRESS_THRESHOLD) return reply.send(finished.json);
    // Whether the answer is compressed depends on the request's Accept-Encoding: shared caches must know.
    const vary = reply.getHeader('vary');
    if (!vary) reply.header('vary', 'accept-encoding');
    else if (!/accept-encoding/i.test(String(vary))) reply.header('vary', `${String(vary)}, accept-encoding`);
    const encoding = acceptedEncoding(reply.request.headers['accept-encoding']);
    if (!encoding) return reply.send(finished.json);
    // Sent with its Content-Encoding, the compression plugin leaves it as it is.
    finished[encoding] ??= compressAs(encoding, finished.json);
    return reply.header('content-encoding', encoding).send(finished[encoding]);
  };
}
