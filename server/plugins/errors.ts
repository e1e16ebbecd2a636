// One error shape for every failure: JSON {message} (plus field details for validation), the right
// status, and nothing internal (stack, SQL) for a client to see.
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { databaseUnavailable } from './database-faults';

/** Thrown by services for an answer the client caused; the message is shown to the learner. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Please sign in to continue') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do this') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

interface ValidationIssue {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** Plain words for the validator's findings; never the schema's internals (patterns, keywords). */
function describeIssue(issue: ValidationIssue): string {
  const p = issue.params ?? {};
  switch (issue.keyword) {
    case 'required':
      return 'is required';
    case 'maxLength':
      return `is too long (at most ${p.limit} characters)`;
    case 'minLength':
      return p.limit === 1 ? 'must not be empty' : `is too short (at least ${p.limit} characters)`;
    case 'pattern':
      return 'is not in the expected format';
    case 'format':
      return p.format === 'uuid' ? 'is not a valid id' : `is not a valid ${p.format}`;
    case 'type':
      return `must be ${p.type === 'integer' ? 'a whole number' : `a ${p.type}`}`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `must be ${p.comparison} ${p.limit}`;
    case 'enum':
    case 'const':
    case 'anyOf':
      return 'is not one of the allowed values';
    case 'maxItems':
      return `has too many items (at most ${p.limit})`;
    case 'minItems':
      return `has too few items (at least ${p.limit})`;
    default:
      return issue.message ?? 'is invalid';
  }
}

function describeValidation(error: FastifyError): { message: string; details: { field: string; message: string }[] } {
  const issues = (error.validation ?? []) as ValidationIssue[];
  const context = error.validationContext ?? 'request';
  const details = issues.map((issue) => {
    const missing = issue.params?.missingProperty as string | undefined;
    const field = [issue.instancePath?.replace(/^\//, '').replace(/\//g, '.'), missing].filter(Boolean).join('.') || context;
    return { field, message: describeIssue(issue) };
  });
  const first = details[0];
  const message = first ? `Invalid ${context}: ${first.field} ${first.message}` : `Invalid ${context}`;
  return { message, details };
}

export default fp(
  async function errors(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const unavailable = databaseUnavailable(app, error);
      if (unavailable) return reply.code(503).headers(unavailable.headers).send({ message: unavailable.message });
      if (error instanceof HttpError) {
        return reply.code(error.statusCode).headers(error.headers).send({ message: error.message });
      }
      if (error.validation) {
        return reply.code(400).send(describeValidation(error));
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // Fastify's own client errors (bad JSON, body too large, rate limit, wrong content type).
        return reply.code(status).send({ message: error.message });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
    });
  },
  { name: 'errors' },
);
