import { describe, expect, it } from 'vitest';
import { galleryTitles } from '../../db/schema/gallery';
import { stableId } from '../../lib/stable-id';
import { testAppPerFile } from '../../test/test-app';
import { importedContentPerFile } from '../sample-content/content-fixture';

const t = testAppPerFile();
// van-outreach and sath-sath are also in Hindi.
importedContentPerFile(t, { hindi: true });

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /api/media/public/titles', () => {
  it('answers the gallery titles in order under the key media', async () => {
    const res = await get('/api/media/public/titles');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.json()).toEqual({
      media: [
        { id: stableId('media-title', 'van-outreach'), title: 'Financial literacy vans' },
        { id: stableId('media-title', 'school-camps'), title: 'School camps' },
      ],
    });
  });
});

describe('GET /api/media/public/{titleId}', () => {
  it('answers the images of a title in order', async () => {
    const res = await get(`/api/media/public/${stableId('media-title', 'van-outreach')}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.json()).toEqual({
      media: [
        {
          id: stableId('media-image', 'van-outreach', '1'),
          image: 'uploads/gallery/van-1.svg',
          alt: 'A van in a village square',
        },
        {
          id: stableId('media-image', 'van-outreach', '2'),
          image: 'uploads/gallery/van-2.svg',
          alt: 'People reading leaflets',
        },
      ],
    });
  });

  it('answers an empty list for a title without images', async () => {
    const [row] = await t.database.db
      .insert(galleryTitles)
      .values({ slug: 'coming-soon', title: 'Coming soon', position: 9 })
      .returning();
    const res = await get(`/api/media/public/${row!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ media: [] });
    const titles = (await get('/api/media/public/titles')).json().media;
    expect(titles.at(-1)).toEqual({ id: row!.id, title: 'Coming soon' });
  });

  it('answers 404 for an unknown title and 400 for a malformed id', async () => {
    const unknown = await get('/api/media/public/22222222-2222-4222-8222-222222222222');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'galleryNotFound', message: 'This gallery does not exist' });
    const malformed = await get('/api/media/public/gallery-1');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Invalid params: titleId is not in the expected format');
  });
});

describe("gallery titles in the reader's language", () => {
  it('lists each title in that language where it has one, else in English, in the English order', async () => {
    const res = await get('/api/media/public/titles?lang=hi');
    expect(res.statusCode).toBe(200);
    // (An English title added by a test above comes after these two.)
    expect(res.json().media.slice(0, 2)).toEqual([
      { id: stableId('media-title', 'van-outreach', '@hi'), title: 'वित्तीय साक्षरता वैन' },
      { id: stableId('media-title', 'school-camps'), title: 'School camps' },
    ]);
    const images = (await get(`/api/media/public/${stableId('media-title', 'van-outreach', '@hi')}`)).json();
    expect(images.media.map((i: { image: string; alt: string }) => [i.image, i.alt])).toEqual([
      ['uploads/gallery/van-1.svg', 'गाँव के चौक में एक वैन'],
      ['uploads/gallery/van-2.svg', 'पर्चे पढ़ते लोग'],
    ]);
    expect((await get('/api/media/public/titles?lang=tm')).json()).toEqual(
      (await get('/api/media/public/titles')).json(),
    );
  });
});

describe('GET /uploads/... (files copied by the content import)', () => {
  it('serves an imported image with a long cache lifetime', async () => {
    const res = await get('/uploads/gallery/van-1.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toMatch(/max-age=(\d+)/);
    expect(Number(/max-age=(\d+)/.exec(String(res.headers['cache-control']))![1])).toBeGreaterThanOrEqual(
      7 * 24 * 3600,
    );
    expect(res.body).toContain('van-1.svg');
  });

  it('serves every path stored by the import', async () => {
    for (const path of [
      'courses/money-basics/cover.svg',
      'courses/money-basics/handbook.pdf',
      'videos/welcome.webm',
      'banners/gaon-2.svg',
    ]) {
      const res = await get(`/uploads/${path}`);
      expect(res.statusCode, path).toBe(200);
    }
    expect((await get('/uploads/courses/money-basics/handbook.pdf')).headers['content-type']).toBe('application/pdf');
  });

  it('answers 404 for a missing file and never serves outside the uploads folder', async () => {
    expect((await get('/uploads/gallery/missing.svg')).statusCode).toBe(404);
    for (const url of [
      '/uploads/../../package.json',
      '/uploads/%2e%2e/%2e%2e/package.json',
      '/uploads/..%2f..%2fpackage.json',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).not.toBe(200);
      expect(res.body).not.toContain('"scripts"');
    }
  });
});

describe('OpenAPI document', () => {
  it('documents every public content call with a summary', async () => {
    const doc = (await get('/api/openapi.json')).json();
    for (const path of [
      '/api/blog/public',
      '/api/blog/public/recent',
      '/api/blog/public/{blogId}',
      '/api/successstories/public',
      '/api/successstories/public/recent',
      '/api/successstories/public/{storyId}',
      '/api/media/public/titles',
      '/api/media/public/banner',
      '/api/media/public/{titleId}',
    ]) {
      expect(doc.paths[path]?.get?.summary, path).toBeTruthy();
      expect(doc.paths[path].get.responses['200'], path).toBeTruthy();
    }
  });
});
