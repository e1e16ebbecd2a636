import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

describe('stored files', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const dir = t.config.uploadsDir;
    fs.mkdirSync(path.join(dir, 'by-hash', 'ab'), { recursive: true });
    fs.mkdirSync(path.join(dir, '.incoming'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'blogs'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'by-hash', 'ab', 'abcdef.webp'), 'webp');
    fs.writeFileSync(path.join(dir, '.incoming', 'half-written.part'), 'half');
    fs.writeFileSync(path.join(dir, 'blogs', 'cover.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  });
  afterAll(() => t.close());

  it('caches a file named by its content for a year, and one kept under its own name for a week', async () => {
    const named = await t.app.inject({ url: '/uploads/by-hash/ab/abcdef.webp' });
    expect(named.statusCode).toBe(200);
    expect(named.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const sample = await t.app.inject({ url: '/uploads/blogs/cover.svg' });
    expect(sample.statusCode).toBe(200);
    expect(sample.headers['cache-control']).toBe('public, max-age=604800');
    expect(sample.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
  });

  it('never serves a file still being written, or any dotfile', async () => {
    expect((await t.app.inject({ url: '/uploads/.incoming/half-written.part' })).statusCode).toBe(404);
  });
});
