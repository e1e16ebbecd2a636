// Prometheus metrics: per route pattern, with the database and the caches, and only for the holder
// of METRICS_TOKEN.
import { describe, expect, it } from 'vitest';
import { testAppPerFile } from '../test/test-app';
import { createTtlCache } from '../lib/ttl-cache';

const TOKEN = 'metrics-token-metrics-token-metrics-token';
const ID = '123e4567-e89b-12d3-a456-426614174000';

const t = testAppPerFile({ METRICS_TOKEN: TOKEN });

const scrape = (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

describe('GET /metrics', () => {
  it('answers like an unknown path without the token or with a wrong one', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await scrape(authorization);
      expect(res.statusCode, authorization).toBe(unknown.statusCode);
      expect(res.body, authorization).toBe(unknown.body);
    }
  });

  it('counts requests and their latency by route pattern and status, never by address', async () => {
    await t.app.inject({ method: 'GET', url: '/api/blog/public' });
    await t.app.inject({ method: 'GET', url: `/api/blog/public/${ID}` });
    await t.app.inject({ method: 'GET', url: `/api/blog/public/${ID}` });
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;
    expect(text).toContain('http_requests_total{method="GET",route="/api/blog/public",status_code="200"} 1');
    expect(text).toContain('http_requests_total{method="GET",route="/api/blog/public/:blogId",status_code="404"} 2');
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/api/blog/public/:blogId"} 2');
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/blog\/public"\} \d/,
    );
    expect(text).not.toContain(ID);
  });

  it('reports the database, the pool on PostgreSQL, and the public caches’ hits and misses', async () => {
    const cache = createTtlCache<number>({ ttlMs: 60_000, maxEntries: 10, name: 'metrics-test' });
    await cache.get('a', async () => 1);
    await cache.get('a', async () => 1);
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(text).toContain('db_up 1');
    expect(text).toContain('cache_lookups_total{cache="metrics-test",result="hit"} 1');
    expect(text).toContain('cache_lookups_total{cache="metrics-test",result="miss"} 1');
    expect(text).not.toContain('redis_up');
    if (process.env.TEST_DATABASE_URL) {
      expect(text).toMatch(/db_pool_connections\{state="total"\} \d+/);
      expect(text).toContain('db_pool_max 4');
    } else {
      expect(text).not.toContain('db_pool_connections');
    }
  });
});
