// Answers that depend on who is signed in are never kept by a browser's or a shared proxy's cache:
// a learner's profile, progress or journal must not be shown to the next person on a shared phone
// or a cybercafé's proxy. Decided here, once, for every API answer that read the session or set
// its cookie (including 401s and other errors); public reads keep their own Cache-Control. Pages
// are the web app's to mark.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export default fp(
  async function privateAnswers(app: FastifyInstance) {
    app.addHook('onSend', async (request, reply, payload) => {
      if (!request.url.startsWith('/api/')) return payload;
      // userPromise is set by the first request.getUser() (plugins/session.ts).
      const personal = request.userPromise != null || reply.hasHeader('set-cookie');
      if (personal && !String(reply.getHeader('cache-control') ?? '').includes('no-store')) {
        reply.header('cache-control', 'no-store');
      }
      return payload;
    });
  },
  { name: 'private-answers', dependencies: ['session'] },
);
