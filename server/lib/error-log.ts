// How errors are written to the log. A failed query carries its parameters (session token hashes,
// mobile numbers, one-time-password hashes) in its message, and PostgreSQL's detail repeats the
// values of a violated key: neither may reach a log. What stays is enough to find the fault: the
// statement with its $1 placeholders, the error codes and the stack.
import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyServerOptions } from 'fastify';

export interface LoggedError {
  [field: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string;
  constraint?: string;
  table?: string;
  cause?: LoggedError;
}

/** Fields of a PostgreSQL error that name things, never values. */
const NAMING_FIELDS = ['code', 'constraint', 'table'] as const;

export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  let message = error.message;
  let stack = error.stack ?? '';
  if (error instanceof DrizzleQueryError) {
    message = `Failed query: ${error.query}`;
    stack = stack.replace(error.message, message);
  }
  const logged: LoggedError = { type: error.constructor.name, message, stack };
  const fields = error as unknown as Record<string, unknown>;
  for (const field of NAMING_FIELDS) {
    if (typeof fields[field] === 'string') logged[field] = fields[field] as string;
  }
  if (error.cause !== undefined && depth < 5) logged.cause = serializeError(error.cause, depth + 1);
  return logged;
}

/** The app's logger settings with the error serializer above. */
export function withSafeErrorLogging(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, err: serializeError } };
}
