// Stopping under load (SIGTERM from an orchestrator, or a redeploy): requests already received are
// finished; a request that arrives on an open connection once the stop has begun is answered 503
// serviceUnavailable with Retry-After and `Connection: close`, like any other moment the service is
// briefly away, so a client or balancer tries again elsewhere; the answers to requests in flight
// close their connections too; new connections are refused, since the server no longer listens. A client that never finishes its request cannot hold the stop: after
// the grace period its connection is closed.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { messageBody } from '../../contract/messages';
import { RETRY_AFTER_SECONDS } from './database-faults';

/**
 * Closes the app gracefully: stops listening, lets requests in flight finish, and after `graceMs`
 * closes whatever connections are still open. Resolves when the app (and its onClose hooks) is done.
 */
export async function stopGracefully(app: FastifyInstance, graceMs: number): Promise<void> {
  const deadline = setTimeout(() => {
    app.log.warn(
      { graceSeconds: graceMs / 1000 },
      'stopping: closing the connections still open after the grace period',
    );
    app.server.closeAllConnections();
  }, graceMs);
  try {
    await app.close();
  } finally {
    clearTimeout(deadline);
  }
}

export default fp(
  async function stopping(app: FastifyInstance) {
    let closing = false;
    app.addHook('preClose', (done) => {
      closing = true;
      done();
    });
    // A callback hook: it runs on every request and costs no promise this way.
    app.addHook('onRequest', (_request, reply, done) => {
      if (!closing) return done();
      reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .header('connection', 'close')
        .send(messageBody('serviceUnavailable'));
    });
    // The answers to requests in flight say the connection ends with them, so the client opens a
    // new one (refused here, taken by another instance behind a balancer) instead of sending its
    // next request on a connection the server is about to close.
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (closing) reply.header('connection', 'close');
      done(null, payload);
    });
  },
  { name: 'stopping', dependencies: ['errors'] },
);
