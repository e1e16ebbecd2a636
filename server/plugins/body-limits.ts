// How large and how deep a request body may be. A body is read only up to its route's limit: the
// default is small, and a route whose schema accepts more (a quiz's answers, a journal) gets what
// its schema can hold. JSON nested deeper than any schema needs is refused before it is parsed.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from './errors';
import { maxJsonBytes, nestsDeeperThan } from '../lib/json-limits';

/** The limit of a route without a body schema, and the room left for fields a schema drops. */
export const DEFAULT_BODY_LIMIT = 16 * 1024;
/** The deepest request body any schema has is 4 levels (a quiz's answers). */
export const MAX_JSON_DEPTH = 32;

/** The body limit for a route with this body schema, in whole KiB. */
function bodyLimitFor(bodySchema: unknown): number {
  const bound = bodySchema && typeof bodySchema === 'object' ? (maxJsonBytes(bodySchema) ?? 0) : 0;
  return Math.ceil((DEFAULT_BODY_LIMIT + bound) / 1024) * 1024;
}

export default fp(
  async function bodyLimits(app: FastifyInstance) {
    app.addHook('onRoute', (route) => {
      // A limit written on the route itself wins.
      route.bodyLimit ??= bodyLimitFor(route.schema?.body);
    });

    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
      const body = raw as string;
      if (nestsDeeperThan(body, MAX_JSON_DEPTH)) {
        done(badRequest('tooDeeplyNested', { max: MAX_JSON_DEPTH }), undefined);
        return;
      }
      parseJson(request, body, done);
    });
  },
  { name: 'body-limits', dependencies: ['errors'] },
);
