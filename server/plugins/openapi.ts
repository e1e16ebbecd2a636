// The OpenAPI document is generated from the route schemas: /api/openapi.json for machines and
// /api/docs for people.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { access, routeAccess } from './access';

export default fp(
  async function openapi(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Learning platform API',
          description:
            'Public content, sign-in with a one-time password, courses in ten languages, progress, quizzes and certificates. Errors are JSON {code, message} (contract/messages.ts lists the codes), with params for the numbers in a message, details for a validation error and retryAfter for a 429.',
          version: '1.0.0',
        },
        components: {
          securitySchemes: {
            session: { type: 'apiKey', in: 'cookie', name: app.config.env === 'production' ? '__Host-sid' : 'sid' },
          },
        },
      },
    });
    // The document and its reader are public; in a context of their own, so the rule stays theirs.
    await app.register(async function documents(docs) {
      routeAccess(docs, access.public);
      await docs.register(swaggerUi, {
        routePrefix: '/api/docs',
        staticCSP: true,
        uiConfig: { docExpansion: 'list', deepLinking: true },
      });
      docs.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    });
  },
  { name: 'openapi', dependencies: ['config', 'access'] },
);
