// Pages while the database is away: each page still goes out (rendered by the browser), and the log
// says once that the database is unreachable, not a warning with SQL and a stack for every page.
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { captureLog } from '../../test/log-capture';
import { createTestDatabase, testConfig } from '../../test/test-app';
import { testPageManifest, writeTestWebBuild } from './test-page-manifest';

// As the real renderer does: a failed call of the page gives the render up.
const RENDERER = `
export async function renderPage({ fetch }) {
  const res = await fetch('/api/blog/public/recent', { method: 'GET' });
  if (!res.ok) throw new Error('call /api/blog/public/recent failed: ' + res.status);
  return { html: '<main>posts</main>', queryState: { queries: [] } };
}`;

let app: FastifyInstance;
let database: Database;
let webDir: string;
const log = captureLog();

beforeAll(async () => {
  webDir = writeTestWebBuild({
    index:
      '<!doctype html><html lang="en"><head><!--head-tags--><!--/head-tags--></head><body><div id="root"></div></body></html>',
    translations: { 'en/common': { nav: { home: 'Home' } } },
    files: { '.ssr/entry-server.js': RENDERER },
    pageManifest: testPageManifest({}),
  });
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(), db: database.db, listen: database.listen, webDir, logger: log.logger });
});

afterAll(async () => {
  await app.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

it('sends every page the browser renders and logs the outage once, without SQL or stacks', async () => {
  expect((await app.inject({ method: 'GET', url: '/blogs' })).body).toContain('<main>posts</main>');
  await database.close();
  for (const url of ['/blogs', '/blogs/00000000-0000-4000-8000-000000000001', '/about', '/blogs', '/']) {
    const res = await app.inject({ method: 'GET', url: `${url}?n=${Math.random()}`, headers: { accept: 'text/html' } });
    expect(res.statusCode, url).toBe(200);
    expect(res.body, url).toContain('<div id="root"></div>');
  }
  // One line per kind of failure (on PostgreSQL the lost listener for content changes says so too),
  // none per page.
  const warnings = log.lines.filter((line) => line.level >= 40).map((line) => line.msg);
  expect(log.matching(/^Database unreachable/)).toHaveLength(1);
  expect(log.matching(/page not rendered|page meta lookup/)).toEqual([]);
  expect(new Set(warnings).size).toBe(warnings.length);
  const text = JSON.stringify(log.lines);
  expect(text).not.toContain('"stack"');
  expect(text).not.toMatch(/select .* from/i);
});
