// Security headers (with a strict Content-Security-Policy) and the refusal of cross-site state
// changes: a browser tells us where a request came from (Fetch Metadata, then Origin), and only
// this site (same scheme, host and port) may change anything. Clients that send neither header
// (curl, apps) are not browsers riding on a learner's cookie, so they pass.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { forbidden, type HttpError } from './errors';
import { PREVIEW_FRAME_PREFIX } from '../../contract/staff-roles';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A hashed file of the web build (not an SVG, which a browser can open as a document). */
export function isBuiltAsset(url: string): boolean {
  return url.startsWith('/assets/') && /\.(js|css|woff2?|json)(\?|$)/i.test(url);
}

/** scheme://host[:port] with default ports dropped, or null for "null" and anything unreadable. */
export function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The headers helmet would set, worked out once. They are the same for every response, and
 * running helmet's middleware on each request cost 40% of a cached public read's throughput
 * (measured with autocannon against a bare Fastify server: 14,600 -> 8,600 req/s).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

export default fp(
  async function security(app: FastifyInstance) {
    const headersFramedBy = (frameAncestors: string[]) =>
      securityHeaders({
        contentSecurityPolicy: {
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'"],
            styleSrc: ["'self'"],
            imgSrc: ["'self'", 'data:', 'blob:'],
            fontSrc: ["'self'"],
            mediaSrc: ["'self'", 'blob:'],
            connectSrc: ["'self'"],
            // The home video and videos embedded in blog posts play in YouTube's privacy-enhanced player;
            // the staff console's preview shows a draft in a frame of the site's own.
            frameSrc: ["'self'", 'https://www.youtube-nocookie.com'],
            objectSrc: ["'none'"],
            baseUri: ["'self'"],
            formAction: ["'self'"],
            frameAncestors,
            upgradeInsecureRequests: app.config.env === 'production' ? [] : null,
          },
        },
        crossOriginEmbedderPolicy: false,
        strictTransportSecurity: app.config.env === 'production',
      });
    // No page may be put in a frame (clickjacking), except the console's preview frame by the site's
    // own console, which shows a draft at a phone's width.
    const headers = headersFramedBy(["'none'"]);
    const previewFrameHeaders = headersFramedBy(["'self'"]);
    // The web app's built scripts, styles, fonts and translations are never opened as documents:
    // the document-only headers (the policy, framing, referrer...) would add about 650 bytes to
    // each of the dozen responses of a first page load. What applies to any response stays.
    const assetHeaders = {
      'x-content-type-options': headers['x-content-type-options'] ?? 'nosniff',
      'cross-origin-resource-policy': headers['cross-origin-resource-policy'] ?? 'same-origin',
    };
    // The site's own origin as the public sees it (PUBLIC_URL), and as this request reached us
    // (scheme and host, through a trusted proxy's X-Forwarded-Proto and -Host): the scheme counts,
    // so a page on http:// cannot change anything on https://.
    const publicOrigin = originOf(app.config.publicUrl);
    const crossSiteRefusal = (request: FastifyRequest): HttpError | undefined => {
      const site = request.headers['sec-fetch-site'];
      if (typeof site === 'string')
        return site !== 'same-origin' && site !== 'none' ? forbidden('crossSite') : undefined;
      const origin = request.headers.origin;
      if (origin === undefined) return undefined;
      const from = originOf(origin);
      const ownOrigin =
        from !== null && (from === publicOrigin || from === originOf(`${request.protocol}://${request.host}`));
      return ownOrigin ? undefined : forbidden('crossSite');
    };

    // One callback hook, not async ones: it runs on every request, and costs no promise this way.
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(
        isBuiltAsset(request.url)
          ? assetHeaders
          : request.url.startsWith(PREVIEW_FRAME_PREFIX)
            ? previewFrameHeaders
            : headers,
      );
      done(SAFE_METHODS.has(request.method) ? undefined : crossSiteRefusal(request));
    });
  },
  { name: 'security', dependencies: ['config', 'errors'] },
);
