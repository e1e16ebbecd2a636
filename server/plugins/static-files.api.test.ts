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
    // A PDF whose opening runs a script, as a staff member could upload one as a course's document.
    fs.writeFileSync(
      path.join(dir, 'by-hash', 'ab', 'abc123.pdf'),
      '%PDF-1.4\n1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\n%%EOF',
    );
  });
  afterAll(() => t.close());

  it('caches a file named by its content for a year, and one kept under its own name for a week', async () => {
    const named = await t.app.inject({ url: '/uploads/by-hash/ab/abcdef.webp' });
    expect(named.statusCode).toBe(200);
    expect(named.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const sample = await t.app.inject({ url: '/uploads/blogs/cover.svg' });
    expect(sample.statusCode).toBe(200);
    expect(sample.headers['cache-control']).toBe('public, max-age=604800');
    expect(sample.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
  });

  it('sends a document as a download, sandboxed, never as a page of the site; pictures stay inline', async () => {
    const pdf = await t.app.inject({ url: '/uploads/by-hash/ab/abc123.pdf' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="abc123.pdf"');
    expect(pdf.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    const picture = await t.app.inject({ url: '/uploads/by-hash/ab/abcdef.webp' });
    expect(picture.headers['content-disposition']).toBeUndefined();
    expect(picture.headers['content-security-policy']).toContain('sandbox');
  });

  it('never serves a file still being written, or any dotfile', async () => {
    expect((await t.app.inject({ url: '/uploads/.incoming/half-written.part' })).statusCode).toBe(404);
  });
});
