// The OpenAPI document is generated from the route schemas: /api/openapi.json for machines and
// /api/docs for people.
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ErrorResponse } from '../../contract/message-responses';
import { access, routeAccess } from './access';
import { sessionCookieName } from './session';

const RETRY_AFTER = { 'retry-after': { type: 'integer', description: 'Seconds to wait before asking again' } };

/**
 * The error answers the plugins in front of every API route give, whatever the route's own schema
 * lists: unreadable input (body-limits, input-text, validation), a body too large or of another type
 * (body routes only), the API rate limits (rate-limit), an unreachable database (database-faults)
 * and load being shed (load-shedding). Added to the document only; the answers are serialised by
 * the error handler.
 */
const PLUGIN_ANSWERS = {
  400: {
    description: 'The request cannot be read or breaks a rule: `code` says which, `details` names each field at fault',
  },
  413: { description: 'The body is larger than this route accepts', body: true },
  415: { description: 'The body is in a form this route does not read (JSON)', body: true },
  429: {
    description:
      'Too many requests (counted per signed-in account on routes that need sign-in, per client address otherwise): `retryAfter` (and Retry-After) says when to ask again',
    headers: RETRY_AFTER,
  },
  503: {
    description:
      'Briefly unavailable: the database cannot be reached or the server is shedding load; Retry-After says when to ask again',
    headers: RETRY_AFTER,
  },
} as const;

const ANSWER_400 = { 400: { ...ErrorResponse, description: PLUGIN_ANSWERS[400].description } };

const BODYLESS_METHODS = new Set(['GET', 'HEAD']);

/**
 * A multipart route (an upload) reads its one file part, `file`, in its handler, as a stream: it has
 * no body schema to validate, so the document is given the form here.
 */
const MULTIPART_FILE_BODY = {
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        properties: { file: { type: 'string', format: 'binary', description: 'The file, as one part named file' } },
        required: ['file'],
      },
    },
  },
};

/** The route's schema for the document, with the plugins' error answers it does not describe itself. */
function withPluginAnswers({
  schema,
  url,
  route,
}: {
  schema: FastifySchema | undefined;
  url: string;
  route: RouteOptions;
}) {
  // Outside the API (the health checks) only the input check's 400 applies: no body, no rate limit.
  if (schema && !url.startsWith('/api/'))
    return { schema: { ...schema, response: { ...ANSWER_400, ...(schema.response as object | undefined) } }, url };
  // Every API route has a schema here: the access plugin writes its rule into it.
  if (!schema || !url.startsWith('/api/')) return { schema: schema as FastifySchema, url };
  const takesBody = [route.method].flat().some((method) => !BODYLESS_METHODS.has(method));
  const rateLimited = route.config?.rateLimit !== false;
  const response: Record<string, unknown> = { ...(schema?.response as Record<string, unknown> | undefined) };
  for (const [status, answer] of Object.entries(PLUGIN_ANSWERS)) {
    if (('body' in answer && !takesBody) || (status === '429' && !rateLimited)) continue;
    // A route's own answer for the status stays, unless it is the bare shape with nothing said.
    if (response[status] !== undefined && response[status] !== ErrorResponse) continue;
    response[status] = {
      ...ErrorResponse,
      description: answer.description,
      ...('headers' in answer ? { headers: answer.headers } : {}),
    };
  }
  const multipartForm = schema.consumes?.includes('multipart/form-data') && schema.body === undefined;
  return { schema: { ...schema, response, ...(multipartForm ? { body: MULTIPART_FILE_BODY } : {}) }, url };
}

export default fp(
  async function openapi(app: FastifyInstance) {
    await app.register(swagger, {
      transform: withPluginAnswers,
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Learning platform API',
          description:
            'Public content, sign-in with a one-time password, courses in ten languages, progress, quizzes and certificates. Errors are JSON {code, message} (contract/messages.ts lists the codes), with params for the numbers in a message, details for a validation error and retryAfter for a 429 or a 503 that says when to ask again. A path asked with a method it does not have answers 405 methodNotAllowed with the methods it has in Allow; an unknown path answers 404 notFound.',
          version: '1.0.0',
        },
        components: {
          securitySchemes: {
            session: { type: 'apiKey', in: 'cookie', name: sessionCookieName(app) },
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
