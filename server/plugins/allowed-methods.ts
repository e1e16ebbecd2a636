// What an /api/ request no route took answers, besides 404: a known path asked with a method it
// does not have answers 405 with an Allow header (RFC 9110, 15.5.6), and a path with a segment
// longer than any route parameter takes answers 400, whatever the method (the router gives up on such
// a segment, and a GET would otherwise fall to the web app's catch-all and read as "no such path").
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { messageBody } from '../../contract/messages';
import { badRequest, methodNotAllowed, type HttpError } from './errors';

/** The methods routes are registered with (HEAD comes with every GET). */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** The router's longest parameter (Fastify's maxParamLength, left at its default). */
const MAX_PARAM_LENGTH = 100;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * For a request no route took: 405 (with the methods the path has) when another method of the
     * path is an /api/ route, 400 for an /api/ path with a segment no parameter takes, else
     * undefined (a 404).
     */
    unroutedApiAnswer(method: string, url: string): HttpError | undefined;
  }
}

/**
 * Fastify's own answer to an address its router cannot read (bad percent-encoding, a parameter past
 * maxParamLength: a 400 or a 414 in Fastify's shape, {error, code, message, statusCode}) becomes
 * the API's 400 {code, message} (the `frameworkErrors` option of buildApp). The router answers these
 * before any route's context exists, so the error handler is not reached.
 */
export function routerErrors(_error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  return reply.code(400).send(messageBody('badRequest'));
}

export default fp(
  async function allowedMethods(app: FastifyInstance) {
    // Every route the router finds is served by Fastify's one route handler; a function of its own
    // is the router's stand-in for an address it cannot read, not a route.
    let routeHandler: unknown;
    app.addHook('onReady', async () => {
      routeHandler = app.findRoute({ method: 'GET', url: '/api/openapi.json' })?.handler;
    });
    const methodsOf = (path: string) =>
      METHODS.filter((method) => {
        const found = app.findRoute({ method, url: path });
        // The web app's catch-all GET (`/*`, modules/pages) matches /api/ paths too: it is the one
        // route whose wildcard holds the whole path.
        return (
          found !== null &&
          found.handler === routeHandler &&
          (found.params as Record<string, string | undefined>)['*'] !== path.slice(1)
        );
      });
    app.decorate('unroutedApiAnswer', (method: string, url: string) => {
      const path = url.split('?')[0] ?? '';
      if (!path.startsWith('/api/')) return undefined;
      if (path.split('/').some((segment) => segment.length > MAX_PARAM_LENGTH)) return badRequest('badRequest');
      const allowed = methodsOf(path);
      return allowed.length > 0 && !(allowed as string[]).includes(method.toUpperCase())
        ? methodNotAllowed(allowed)
        : undefined;
    });
  },
  { name: 'allowed-methods' },
);
