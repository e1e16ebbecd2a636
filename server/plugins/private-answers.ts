// Answers that depend on who is signed in are never kept by a browser's or a shared proxy's cache:
// a learner's profile, progress or journal must not be shown to the next person on a shared phone
// or a cybercafé's proxy. Decided here, once, for every API answer that read the session or set
// its cookie (including 401s and other errors); public reads keep their own Cache-Control. Pages
// are the web app's to mark.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export default fp(
  async function privateAnswers(app: FastifyInstance) {
    // A callback hook, not an async one: it runs on every answer, and costs no promise this way.
    app.addHook('onSend', (request, reply, payload, done) => {
      // userPromise is set by the first request.getUser() (plugins/session.ts).
      const personal = request.userPromise != null || reply.hasHeader('set-cookie');
      if (
        personal &&
        request.url.startsWith('/api/') &&
        !String(reply.getHeader('cache-control') ?? '').includes('no-store')
      ) {
        reply.header('cache-control', 'no-store');
      }
      done(null, payload);
    });
  },
  { name: 'private-answers', dependencies: ['session'] },
);
