import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { testAppPerFile } from '../../test/test-app';

const t = testAppPerFile();

async function expectOk(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ status: 'ok' });
}

describe('GET /api/health', () => {
  it('answers ok when the database answers', () => expectOk('/api/health'));

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'notFound', message: 'Not found' });
  });

  it('refuses a cross-site state change', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/Cross-site/);
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it("lets no page be framed, but the console's preview frame by the site's own pages", async () => {
    for (const url of ['/', '/courses', '/staff', '/staff/content/x/hi/preview', '/api/health']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
    }
    const frame = await t.app.inject({
      method: 'GET',
      url: '/staff/preview-frame/00000000-0000-4000-8000-000000000000/hi',
    });
    expect(frame.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(frame.headers['content-security-policy']).not.toContain("frame-ancestors 'none'");
  });

  it("sends only the headers that apply to any response with the web build's scripts, styles and fonts", async () => {
    for (const url of [
      '/assets/index-abc.js',
      '/assets/style-abc.css',
      '/assets/noto-sans-latin-400-normal-abc.woff2',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['content-security-policy'], url).toBeUndefined();
      expect(res.headers['x-frame-options'], url).toBeUndefined();
    }
    // An SVG can be opened as a document: it keeps the policy.
    const svg = await t.app.inject({ method: 'GET', url: '/assets/logo-abc.svg' });
    expect(svg.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('serves a stored SVG under a policy that allows no script', async () => {
    fs.mkdirSync(path.join(t.config.uploadsDir, 'test'), { recursive: true });
    fs.writeFileSync(path.join(t.config.uploadsDir, 'test', 'a.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const res = await t.app.inject({ method: 'GET', url: '/uploads/test/a.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toBe('3.0.3');
  });

  it('describes, for every API route, the error answers of the plugins in front of it', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, { description: string; content?: unknown }> }>>;
    };
    const api = Object.entries(doc.paths).filter(([path]) => path.startsWith('/api/'));
    expect(api.length).toBeGreaterThan(30);
    for (const [path, methods] of api) {
      for (const [method, { responses }] of Object.entries(methods)) {
        const expected = [
          '400',
          '503',
          ...(path === '/api/health' ? [] : ['429']),
          ...(method === 'get' ? [] : ['413', '415']),
        ];
        for (const status of expected) {
          expect(responses[status]?.content, `${method} ${path} ${status}`).toBeDefined();
          expect(responses[status]?.description, `${method} ${path} ${status}`).not.toBe('Default Response');
        }
      }
    }
    // A route's own description of an answer stays.
    expect(doc.paths['/api/course/public/{lang}/{courseId}']!.get!.responses['200']!.description).toMatch(
      /^Exactly one key/,
    );
  });
});

describe('GET /health/live and /health/ready', () => {
  it('answers live while the process runs', () => expectOk('/health/live'));

  it('is not ready while a migration of this build is missing, and ready once it is applied', async () => {
    const latest = sql`(select max(created_at) from drizzle.__drizzle_migrations)`;
    const saved = (await t.app.db.execute(
      sql`select id, hash, created_at from drizzle.__drizzle_migrations where created_at = ${latest}`,
    )) as unknown as {
      rows: { id: number; hash: string; created_at: string }[];
    };
    const row = saved.rows[0]!;
    await t.app.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${row.id}`);
    const pending = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(pending.statusCode).toBe(503);
    expect(pending.headers['retry-after']).toBe('5');
    expect(pending.json()).toEqual({ status: 'unavailable', database: 'up', migrations: 'pending', redis: 'off' });

    await t.app.db.execute(
      sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row.id}, ${row.hash}, ${row.created_at})`,
    );
    const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'up', migrations: 'applied', redis: 'off' });
  });

  it('are not counted against the API rate limit', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(res.headers['x-ratelimit-limit']).toBeUndefined();
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('does not exist, whatever the request carries', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    for (const headers of [{}, { authorization: 'Bearer anything' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(unknown.statusCode);
      expect(res.body).toBe(unknown.body);
    }
  });
});
