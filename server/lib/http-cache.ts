// Public content changes rarely: a minute of caching in browsers and proxies spares the database on
// busy days, and an edit still shows within a minute.
import type { FastifyInstance } from 'fastify';

export const PUBLIC_CACHE = 'public, max-age=60';

/**
 * Marks every successful answer of a module's routes as public content (call it inside the module's
 * plugin). Errors are not cached: a post missing now may be published in a minute. An answer already
 * marked (private-answers' no-store for one that read a session) keeps its mark.
 */
export function cachePublicAnswers(app: FastifyInstance): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (reply.statusCode === 200 && !reply.hasHeader('cache-control')) reply.header('cache-control', PUBLIC_CACHE);
    done(null, payload);
  });
}
