// One error shape for every failure: JSON {code, message} (plus params where the message holds a
// number, field details for validation, retryAfter for a 429), the right status, and nothing
// internal (stack, SQL) for a client to see. The codes and their English texts are
// contract/messages.ts; the web shows each code in the learner's language.
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  formatMessage,
  isMessageCode,
  messageBody,
  type MessageCode,
  type MessageParams,
  type ParamsArg,
  type ParamsOf,
} from '../../contract/messages';
import type { ErrorResponse } from '../../contract/message-responses';
import { RETRY_AFTER_SECONDS, databaseUnavailable } from './database-faults';

/**
 * Thrown for an answer the client caused; the learner reads the code's text in their language. The
 * message is the code's English text (a subclass may say more precisely what is wrong, in English:
 * UploadRefusedError).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: MessageCode,
    readonly params?: MessageParams,
    /** Whole seconds: sent as the Retry-After header and as retryAfter in the body. */
    readonly retryAfter?: number,
  ) {
    super(formatMessage(code, params));
  }
}

/** An error about fields of the request, each named in `details` (English): a document that cannot be saved or published. */
export class FieldsError extends HttpError {
  constructor(
    statusCode: number,
    code: MessageCode,
    readonly details: { field: string; message: string }[],
  ) {
    super(statusCode, code);
    const first = details[0];
    if (first)
      this.message = `${formatMessage(code)} First: ${first.field} ${first.message}${details.length > 1 ? ` (and ${details.length - 1} more)` : ''}.`;
  }
}

type Thrower = <C extends MessageCode>(code: C, ...params: ParamsArg<C>) => HttpError;
const answering =
  (statusCode: number): Thrower =>
  (code, ...[params]) =>
    new HttpError(statusCode, code, params as MessageParams | undefined);

export const badRequest = answering(400);
export const unauthorized = (): HttpError => new HttpError(401, 'signInRequired');
export const forbidden = answering(403);
export const notFound = answering(404);
export const conflict = answering(409);
export const serviceUnavailable = answering(503);

/** A 405 for a path that has other methods: `allow` goes out as the Allow header. */
export class MethodNotAllowedError extends HttpError {
  constructor(readonly allow: readonly string[]) {
    super(405, 'methodNotAllowed');
  }
}
export const methodNotAllowed = (allow: readonly string[]): HttpError => new MethodNotAllowedError(allow);

/**
 * A 429 telling when to ask again: `seconds` rounded up to whole seconds (at least one), and the
 * message's params made from those whole seconds (e.g. minutes for a long wait).
 */
export function tooManyRequests<C extends MessageCode>(
  code: C,
  seconds: number,
  ...[params]: [ParamsOf<C>] extends [never] ? [] : [params: (retryAfter: number) => ParamsOf<C>]
): HttpError {
  const retryAfter = wholeSeconds(seconds);
  return new HttpError(429, code, params?.(retryAfter), retryAfter);
}

/**
 * A 503 telling when to ask again (Retry-After), for a limit of the whole platform rather than of
 * this client: the load it can take, the one-time passwords it may send in an hour.
 */
export function unavailableFor(
  code: Extract<MessageCode, 'serviceUnavailable' | 'smsUnavailable'>,
  seconds: number,
): HttpError {
  return new HttpError(503, code, undefined, wholeSeconds(seconds));
}

const wholeSeconds = (seconds: number) => Math.max(1, Math.ceil(seconds));

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
      return `must be ${p.type === 'integer' ? 'a whole number' : `${/^[aeiou]/.test(String(p.type)) ? 'an' : 'a'} ${p.type}`}`;
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

/** The `validation` answer: the message names the first field at fault, `details` every one. */
function describeValidation(error: FastifyError): ErrorResponse {
  const issues = (error.validation ?? []) as ValidationIssue[];
  const context = error.validationContext ?? 'request';
  const details = issues.map((issue) => {
    const missing = issue.params?.missingProperty as string | undefined;
    const field =
      [issue.instancePath?.replace(/^\//, '').replace(/\//g, '.'), missing].filter(Boolean).join('.') || context;
    return { field, message: describeIssue(issue) };
  });
  const first = details[0];
  const message = first ? `Invalid ${context}: ${first.field} ${first.message}` : `Invalid ${context}`;
  return { code: 'validation', message, details };
}

type ClientErrorCode = Extract<MessageCode, 'badJson' | 'bodyTooLarge' | 'unsupportedType' | 'notFound' | 'badRequest'>;

/** Fastify's own client errors (and its plugins'), by their error code. */
const FASTIFY_CODES: Readonly<Record<string, ClientErrorCode>> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: 'badJson',
  FST_ERR_CTP_INVALID_JSON_BODY: 'badJson',
  FST_ERR_CTP_BODY_TOO_LARGE: 'bodyTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupportedType',
};

function clientErrorCode(error: FastifyError, status: number): ClientErrorCode {
  const known = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (known) return known;
  // The JSON parser's own SyntaxError carries no Fastify code.
  if (error instanceof SyntaxError) return 'badJson';
  return status === 404 ? 'notFound' : 'badRequest';
}

/** The body of an error the client caused, as the error handler sends it (and the outbox answers a refused event with). */
export function httpErrorBody(error: HttpError): ErrorResponse {
  const body: ErrorResponse = { code: error.code, message: error.message };
  if (error.params) body.params = error.params;
  if (error.retryAfter !== undefined) body.retryAfter = error.retryAfter;
  if (error instanceof FieldsError) body.details = error.details;
  return body;
}

export default fp(
  async function errors(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (databaseUnavailable(app, error)) {
        return reply
          .code(503)
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .send(messageBody('serviceUnavailable'));
      }
      if (error instanceof HttpError) {
        // The types allow only listed codes; this catches a cast or a stale build, and answers as
        // for any other fault instead of sending a code no client can translate.
        if (!isMessageCode(error.code)) {
          request.log.error(
            { err: error, code: error.code },
            'error thrown with a code contract/messages.ts does not list',
          );
          return reply.code(500).send(messageBody('internal'));
        }
        if (error.retryAfter !== undefined) reply.header('retry-after', String(error.retryAfter));
        if (error instanceof MethodNotAllowedError) reply.header('allow', error.allow.join(', '));
        return reply.code(error.statusCode).send(httpErrorBody(error));
      }
      if (error.validation) {
        return reply.code(400).send(describeValidation(error));
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply.code(status).send(messageBody(clientErrorCode(error, status)));
      }
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send(messageBody('internal'));
    });
  },
  { name: 'errors' },
);
