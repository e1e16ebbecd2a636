// Stopping under load (SIGTERM from an orchestrator, or a rolling restart behind a balancer): the
// server stops listening, so a new connection is refused and a balancer sends the request to another
// instance (nginx does so even for a POST: nothing was sent); or, when a service manager holds the
// listening socket (LISTEN_FDS), the connection waits in the socket's queue for the next process.
// Every request that reaches the server on a connection already open is answered as usual, with
// `Connection: close`, so the client (or the balancer) opens its next one elsewhere. Idle keep-alive
// connections are not closed at the stop: a balancer may be sending a request on one at that moment,
// and closing it would lose that request (a balancer never tries a POST again once sent). They close
// after one more answer, or when the balancer's own idle timeout (shorter than the grace period)
// ends them. A client that never finishes its request cannot hold the stop: after the grace period
// every connection is closed.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Closes the app gracefully: stops listening, lets requests in flight finish, and after `graceMs`
 * closes whatever connections are still open. Resolves when the app (and its onClose hooks) is done.
 */
export async function stopGracefully(app: FastifyInstance, graceMs: number): Promise<void> {
  // Node's server.close() and Fastify's close both close idle connections at once; see above.
  app.server.closeIdleConnections = () => {};
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
    // The answers to requests in flight say the connection ends with them, so the client opens a
    // new one (refused here, taken by another instance behind a balancer) instead of sending its
    // next request on a connection the server is about to close.
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (closing) reply.header('connection', 'close');
      done(null, payload);
    });
  },
  { name: 'stopping' },
);
