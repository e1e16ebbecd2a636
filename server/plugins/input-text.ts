// PostgreSQL cannot store the NUL character in text, and no person types one: a request carrying it
// anywhere (path, query, body) is refused with a 400 before it reaches a route, instead of failing
// in the database.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from './errors';

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}

export default fp(
  async function inputText(app: FastifyInstance) {
    // A callback hook, not an async one: it runs on every request, and costs no promise this way.
    app.addHook('preValidation', (request, _reply, done) => {
      done(containsNul(request.params) || containsNul(request.query) || containsNul(request.body) ? badRequest('nulCharacter') : undefined);
    });
  },
  { name: 'input-text', dependencies: ['errors'] },
);
