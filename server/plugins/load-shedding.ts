// Shedding load instead of counting addresses: while the event loop lags (its mean delay over the
// last second above LOAD_SHED_EVENT_LOOP_DELAY_MS), new requests are answered at once with 503
// serviceUnavailable and Retry-After, through the error handler like every other refusal, so the
// requests already taken finish and a client (or balancer) tries again shortly instead of waiting
// in a queue that only grows. Health and metrics always answer, so a balancer and the operators
// still see the instance; the calls a page render makes to the API inside the server are not shed,
// since the page request that makes them was admitted.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import underPressure from '@fastify/under-pressure';
import { unavailableFor } from './errors';
import { RETRY_AFTER_SECONDS } from './database-faults';
import { isInnerCall } from './rate-limit';

/** Route patterns that answer under any load. */
const NEVER_SHED = new Set(['/health/live', '/health/ready', '/api/health', '/metrics']);

const neverShed = (request: FastifyRequest) => NEVER_SHED.has(request.routeOptions.url ?? '') || isInnerCall(request);

export default fp(
  async function loadShedding(app: FastifyInstance) {
    const maxEventLoopDelay = app.config.loadShedEventLoopDelayMs;
    if (maxEventLoopDelay === 0) return;
    await app.register(underPressure, {
      maxEventLoopDelay,
      // A handler that resolves lets the request through; one that rejects sends the error to the
      // error handler.
      pressureHandler: async (request, _reply, type, value) => {
        if (neverShed(request)) return;
        if (app.refusals.add('load')) {
          request.log.warn(
            { type, value, threshold: maxEventLoopDelay },
            'Under load: requests are answered 503 until the event loop catches up',
          );
        }
        throw unavailableFor('serviceUnavailable', RETRY_AFTER_SECONDS);
      },
    });
  },
  { name: 'load-shedding', dependencies: ['config', 'errors', 'rate-limit'] },
);
