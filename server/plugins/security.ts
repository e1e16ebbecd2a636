// Security headers (with a strict Content-Security-Policy) and the refusal of cross-site state
// changes: a browser tells us where a request came from (Fetch Metadata, then Origin), and only
// this site may change anything. Clients that send neither header (curl, apps) are not browsers
// riding on a learner's cookie, so they pass.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import { forbidden } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export default fp(
  async function security(app: FastifyInstance) {
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'"],
          mediaSrc: ["'self'", 'blob:'],
          connectSrc: ["'self'"],
          // The home video and videos embedded in blog posts play in YouTube's privacy-enhanced player.
          frameSrc: ['https://www.youtube-nocookie.com'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: app.config.env === 'production' ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      hsts: app.config.env === 'production',
    });

    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method)) return;
      const site = request.headers['sec-fetch-site'];
      if (typeof site === 'string') {
        if (site !== 'same-origin' && site !== 'none') throw forbidden('Cross-site request refused');
        return;
      }
      const origin = request.headers.origin;
      if (typeof origin === 'string' && origin !== 'null') {
        let originHost: string;
        try {
          originHost = new URL(origin).host;
        } catch {
          throw forbidden('Cross-site request refused');
        }
        if (originHost !== request.headers.host) throw forbidden('Cross-site request refused');
      } else if (origin === 'null') {
        throw forbidden('Cross-site request refused');
      }
    });
  },
  { name: 'security', dependencies: ['config', 'errors'] },
);
