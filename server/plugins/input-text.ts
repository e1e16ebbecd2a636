// PostgreSQL cannot store the NUL character in text, and no person types one: a request carrying it
// anywhere (path, query, body) is refused with a 400 before it reaches a route, instead of failing
// in the database. Likewise a numeral in the path or the query too large for a number ("1e400"):
// the validator's coercion reads it as Infinity and skips the range check, so it would reach the
// database as a number no column holds.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from './errors';

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}

/** A numeral that reads as Infinity ("1e400", "Infinity"): the validator's coercion lets it past minimum and maximum. */
function overflows(value: string): boolean {
  return Math.abs(Number(value)) === Infinity;
}

function anyOverflowingNumeral(values: unknown): boolean {
  if (values === null || typeof values !== 'object') return false;
  return Object.values(values).some((value) =>
    (Array.isArray(value) ? value : [value]).some((item) => typeof item === 'string' && overflows(item)),
  );
}

export default fp(
  async function inputText(app: FastifyInstance) {
    // A callback hook, not an async one: it runs on every request, and costs no promise this way.
    app.addHook('preValidation', (request, _reply, done) => {
      if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body))
        return done(badRequest('nulCharacter'));
      done(
        anyOverflowingNumeral(request.params) || anyOverflowingNumeral(request.query)
          ? badRequest('validation')
          : undefined,
      );
    });
  },
  { name: 'input-text', dependencies: ['errors'] },
);
