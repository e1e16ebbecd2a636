import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PACK_CACHE_PREFIX, fetchFile, packCacheName } from './course-packs';

afterEach(() => vi.unstubAllGlobals());

describe('the caches of saved courses', () => {
  it('are named as the service worker looks for them', () => {
    const worker = fs.readFileSync(path.join(import.meta.dirname, '../public/sw.js'), 'utf8');
    expect(worker).toContain(`var PACK_PREFIX = '${PACK_CACHE_PREFIX}';`);
    expect(packCacheName('hi', 'c1').startsWith(PACK_CACHE_PREFIX)).toBe(true);
    expect(packCacheName('hi', 'c1')).not.toBe(packCacheName('tm', 'c1'));
  });
});

/** A cache as the browser's, by address (enough of it for a pack's files). */
function memoryCache(): Cache {
  const kept = new Map<string, Response>();
  const key = (request: RequestInfo | URL) => String(request instanceof Request ? request.url : request);
  return {
    match: async (request: RequestInfo | URL) => kept.get(key(request))?.clone(),
    put: async (request: RequestInfo | URL, response: Response) => void kept.set(key(request), response),
    delete: async (request: RequestInfo | URL) => kept.delete(key(request)),
    keys: async () => [...kept.keys()].map((url) => new Request(new URL(url, 'http://site.test'))),
  } as unknown as Cache;
}

/** An answer whose body gives `bytes` and then fails, as a connection dropped mid-file does. */
function cutOff(bytes: Uint8Array, status = 200, headers: Record<string, string> = {}): Response {
  let pulled = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled) controller.error(new TypeError('network error'));
      else controller.enqueue(bytes);
      pulled = true;
    },
  });
  return new Response(body, { status, headers });
}

describe('a file of a pack cut off half-way', () => {
  const video = Uint8Array.from({ length: 1000 }, (_, i) => i % 251);
  const file = { url: '/uploads/by-hash/v.mp4', kind: 'video' as const, size: 1000, sha256: '0'.repeat(64) };

  it('goes on from the bytes kept, asking only for the rest of the file', async () => {
    const cache = memoryCache();
    const asked: Array<string | null> = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      const range = (init.headers as Record<string, string>).range ?? null;
      asked.push(range);
      if (!range) return cutOff(video.slice(0, 600));
      return new Response(video.slice(600), {
        status: 206,
        headers: { 'content-range': 'bytes 600-999/1000', 'content-type': 'video/mp4' },
      });
    });
    await expect(fetchFile(cache, file)).rejects.toMatchObject({ problem: 'stopped' });
    const { body, contentType } = await fetchFile(cache, file);
    expect(asked).toEqual([null, 'bytes=600-']);
    expect(new Uint8Array(body)).toEqual(video);
    expect(contentType).toBe('video/mp4');
    // What was kept of the cut-off try is gone once the file is whole.
    expect(await cache.match(`${file.url}?partial`)).toBeUndefined();
  });

  it('starts again from the beginning when the server sends the whole file instead of the rest', async () => {
    const cache = memoryCache();
    let calls = 0;
    vi.stubGlobal('fetch', async () =>
      ++calls === 1 ? cutOff(video.slice(0, 300)) : new Response(video, { status: 200 }),
    );
    await expect(fetchFile(cache, file)).rejects.toMatchObject({ problem: 'stopped' });
    expect(new Uint8Array((await fetchFile(cache, file)).body)).toEqual(video);
  });

  it('keeps nothing when no byte arrived, and says the download stopped', async () => {
    const cache = memoryCache();
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('offline');
    });
    await expect(fetchFile(cache, file)).rejects.toMatchObject({ problem: 'stopped' });
    expect(await cache.match(`${file.url}?partial`)).toBeUndefined();
  });
});
