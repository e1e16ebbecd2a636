// Public reads kept finished: the JSON, and its Brotli or gzip bytes for a client that accepts them,
// each the same answer once decoded; small answers and clients that accept neither get plain JSON.
import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { blogs } from '../db/schema/blogs';
import { galleryTitles } from '../db/schema/gallery';
import { testAppPerFile } from '../test/test-app';
import { acceptedEncoding } from './compression';
import { cacheLookups } from './ttl-cache';

describe('acceptedEncoding', () => {
  it('picks the encoding of ours the client weighs highest, Brotli on a tie', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('gzip, deflate')).toBe('gzip');
    expect(acceptedEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip')).toBe('gzip');
    expect(acceptedEncoding('X-GZIP')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('*, br;q=0')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeUndefined();
    expect(acceptedEncoding('deflate')).toBeUndefined();
    expect(acceptedEncoding('')).toBeUndefined();
    expect(acceptedEncoding(undefined)).toBeUndefined();
  });
});

describe('a kept public read', () => {
  // Kept as outside tests, so the second read of each encoding comes from memory.
  const t = testAppPerFile({ NODE_ENV: 'development' });
  beforeAll(async () => {
    await t.app.db.insert(blogs).values(
      Array.from({ length: 5 }, (_, i) => ({
        slug: `post-${i}`,
        title: `Post ${i}`,
        description: `<p>${'Save a little every week, and never share your PIN. '.repeat(20)}</p>`,
        image: 'uploads/blogs/p.png',
        author: 'Asha',
      })),
    );
    await t.app.db.insert(galleryTitles).values({ slug: 'camp', title: 'Camp', position: 1 });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('answers the same JSON plain, in Brotli and in gzip, each kept after its first request', async () => {
    const plain = await get('/api/blog/public');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.json().response.count).toBe(5);
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const res = await get('/api/blog/public', accept);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(res.headers['cache-control']).toBe('public, max-age=60');
        expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
        expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
        expect(JSON.parse(decode(res.rawPayload).toString('utf8'))).toEqual(plain.json());
      }
    }
  });

  it('keeps one answer per route, parameters and known query fields', async () => {
    const metrics = async () => cacheLookups.get('blogs')!;
    await get('/api/blog/public/recent');
    const before = { ...(await metrics()) };
    // The same answer for a query the route does not read, and for the known fields in any order.
    await get('/api/blog/public/recent?x=1');
    await get('/api/blog/public/recent?y=2');
    expect(await metrics()).toEqual({ hits: before.hits + 2, misses: before.misses });
    await get('/api/blog/public?offset=0&limit=2');
    await get('/api/blog/public?limit=2&offset=0&junk=1');
    expect((await metrics()).misses).toBe(before.misses + 1);
    // Another page is another answer.
    const second = await get('/api/blog/public?offset=4&limit=4');
    expect(second.json().response.rows).toHaveLength(1);
    expect((await metrics()).misses).toBe(before.misses + 2);
  });

  it('sends a small answer as it is', async () => {
    const res = await get('/api/media/public/titles', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ media: [{ id: expect.any(String), title: 'Camp' }] });
  });

  it('keeps no error: a missing post is a 404 in JSON each time', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await get('/api/blog/public/00000000-0000-4000-8000-000000000000', 'br');
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('blogNotFound');
    }
  });
});
