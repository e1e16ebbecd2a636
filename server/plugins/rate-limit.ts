// A per-address ceiling on all API traffic. Generous, because whole villages share one carrier-grade
// NAT address; the tight limits (one-time passwords) live with the routes they protect. With
// REDIS_URL the counters are shared by every instance behind the load balancer.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { HttpError } from './errors';

export default fp(
  async function rateLimits(app: FastifyInstance) {
    let redis: Redis | undefined;
    if (app.config.redisUrl) {
      redis = new Redis(app.config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: false });
      app.addHook('onClose', async () => {
        await redis?.quit();
      });
    }
    await app.register(rateLimit, {
      global: true,
      max: 600,
      timeWindow: '1 minute',
      redis,
      nameSpace: 'jgk-rl-',
      // A failing Redis must not take the site down: let the request through.
      skipOnError: true,
      allowList: (request) => !request.url.startsWith('/api/'),
      // Thrown to the error handler (plugins/errors.ts); the plugin has set Retry-After already.
      errorResponseBuilder: (_request, context) => new HttpError(429, 'rateLimited', { count: Math.ceil(context.ttl / 1000) }),
    });
  },
  { name: 'rate-limit', dependencies: ['config', 'errors'] },
);
