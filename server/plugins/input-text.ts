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
    app.addHook('preValidation', async (request) => {
      if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
        throw badRequest('nulCharacter');
      }
    });
  },
  { name: 'input-text', dependencies: ['errors'] },
);
