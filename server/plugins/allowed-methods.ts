// Which methods an /api/ path has, so a known path asked with another method answers 405 with an
// Allow header (RFC 9110, 15.5.6) instead of a 404 that says the path does not exist. The router
// already knows every route; only the web app's catch-all GET (`/*`, modules/pages) also matches
// /api/ paths, and it is the one route whose wildcard holds the whole path.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { methodNotAllowed, type HttpError } from './errors';

/** The methods routes are registered with (HEAD comes with every GET). */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

declare module 'fastify' {
  interface FastifyInstance {
    /** The methods the /api/ path (without its query) is routed for; empty when no route has it. */
    allowedMethods(path: string): string[];
    /**
     * For a request no route took: 405 (with the methods the path has) when another method of the
     * path is an /api/ route, else undefined (a 404).
     */
    methodNotAllowedFor(method: string, url: string): HttpError | undefined;
  }
}

export default fp(
  async function allowedMethods(app: FastifyInstance) {
    app.decorate('allowedMethods', (path: string) =>
      METHODS.filter((method) => {
        const found = app.findRoute({ method, url: path });
        return found !== null && (found.params as Record<string, string | undefined>)['*'] !== path.slice(1);
      }),
    );
    app.decorate('methodNotAllowedFor', (method: string, url: string) => {
      const path = url.split('?')[0] ?? '';
      if (!path.startsWith('/api/')) return undefined;
      const allowed = app.allowedMethods(path);
      return allowed.length > 0 && !allowed.includes(method.toUpperCase()) ? methodNotAllowed(allowed) : undefined;
    });
  },
  { name: 'allowed-methods' },
);
