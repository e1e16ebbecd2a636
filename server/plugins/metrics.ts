// Prometheus metrics at /metrics: request rate, latency and errors per route pattern, the database
// pool, whether the database and Redis answer, requests refused by each limit (load shed
// included), and the hit rate of the public caches. Not for the public: /metrics answers only a
// request bearing METRICS_TOKEN (Authorization: Bearer ...), and without that setting it does not
// exist; anyone else gets the same answer as for an unknown path.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { cacheLookups } from '../lib/ttl-cache';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request bears the token; compared in constant time. */
function bearsToken(request: FastifyRequest, expected: Buffer): boolean {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer (.+)$/i.exec(header);
  return match !== null && timingSafeEqual(digest(match[1]!), expected);
}

export default fp(
  async function metrics(app: FastifyInstance) {
    // Without a token nobody may read the figures, so none are gathered: no route, and no hook
    // on each answer.
    if (!app.config.metricsToken) return;
    const token = digest(app.config.metricsToken);
    const registry = new Registry();
    // Process figures (memory, CPU, event-loop delay, GC); each call adds observers for good, so
    // the many apps of a test run go without.
    if (app.config.env !== 'test') collectDefaultMetrics({ register: registry });

    const requests = new Counter({
      name: 'http_requests_total',
      help: 'Requests answered, by method, route pattern and status code (errors: status_code 5xx)',
      labelNames: ['method', 'route', 'status_code'] as const,
      registers: [registry],
    });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from request to answer, by method and route pattern',
      labelNames: ['method', 'route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    // A callback hook, not an async one: it runs on every answer, and costs no promise this way.
    app.addHook('onResponse', (request, reply, done) => {
      // The pattern (/api/blog/public/:blogId), never the address itself, so the series stay few.
      const route = request.routeOptions.url ?? 'unmatched';
      requests.inc({ method: request.method, route, status_code: reply.statusCode });
      duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
      done();
    });

    const client = (app.db as unknown as { $client?: unknown }).$client;
    if (client instanceof pg.Pool) {
      const pool = client;
      new Gauge({
        name: 'db_pool_connections',
        help: 'PostgreSQL pool connections: total open, idle, and requests waiting for one',
        labelNames: ['state'] as const,
        registers: [registry],
        collect() {
          this.set({ state: 'total' }, pool.totalCount);
          this.set({ state: 'idle' }, pool.idleCount);
          this.set({ state: 'waiting' }, pool.waitingCount);
        },
      });
      new Gauge({
        name: 'db_pool_max',
        help: 'Most connections the PostgreSQL pool opens',
        registers: [registry],
        collect() {
          this.set(pool.options.max ?? 10);
        },
      });
    }
    new Gauge({
      name: 'db_up',
      help: '1 while the database answers, 0 from a failed request until it answers again',
      registers: [registry],
      collect() {
        this.set(app.databaseHealth.state() === 'up' ? 1 : 0);
      },
    });
    if (app.redisState() !== 'off') {
      new Counter({
        name: 'rate_limit_local_counts_total',
        help: 'Requests this instance counted alone with REDIS_URL set: redis-away (not connected), redis-failed (a command failed or passed REDIS_COMMAND_TIMEOUT_MS)',
        labelNames: ['reason'] as const,
        registers: [registry],
        collect() {
          this.reset();
          for (const [reason, count] of Object.entries(app.localCounts())) this.inc({ reason }, count);
        },
      });
      new Gauge({
        name: 'redis_up',
        help: '1 while rate-limit counters are shared through Redis, 0 while each instance counts alone',
        registers: [registry],
        collect() {
          this.set(app.redisState() === 'up' ? 1 : 0);
        },
      });
    }
    new Counter({
      name: 'refusals_total',
      help: 'Requests refused by a limit: api-address, api-account (429 rateLimited), load (503, shed while the event loop lags), otp-cooldown, otp-number, otp-address (429), otp-hour (503, the hourly ceiling on SMS sent)',
      labelNames: ['limit'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const [limit, count] of app.refusals.entries()) this.inc({ limit }, count);
      },
    });
    new Counter({
      name: 'cache_lookups_total',
      help: 'Lookups in the in-process caches of public answers, by cache and result (hit or miss)',
      labelNames: ['cache', 'result'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const [cache, counts] of cacheLookups) {
          this.inc({ cache, result: 'hit' }, counts.hits);
          this.inc({ cache, result: 'miss' }, counts.misses);
        }
      },
    });

    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!bearsToken(request, token)) return reply.callNotFound();
      return reply
        .header('content-type', registry.contentType)
        .header('cache-control', 'no-store')
        .send(await registry.metrics());
    });
  },
  { name: 'metrics', dependencies: ['config', 'database-faults', 'rate-limit'] },
);
