import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { blogs } from '../../db/schema/blogs';
import { LANGUAGE_CODES } from '../../../contract/languages';
import { stableId } from '../../lib/stable-id';
import { testAppPerFile } from '../../test/test-app';
import { importedContentPerFile } from '../sample-content/content-fixture';

const t = testAppPerFile();
importedContentPerFile(t, { blogs: 7 });

const get = (url: string) => t.app.inject({ method: 'GET', url });
// The specification's keys, and `lang`: the language the text is in (ADR 33).
const BLOG_KEYS = ['author', 'createdAt', 'description', 'id', 'image', 'imageAlt', 'lang', 'readTime', 'title'];
type Row = { id: string; title: string; createdAt: string; description: string };

describe('GET /api/blog/public', () => {
  it('answers the first page of four published posts, newest first, with the total count', async () => {
    const res = await get('/api/blog/public');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const body = res.json();
    expect(Object.keys(body)).toEqual(['response']);
    expect(Object.keys(body.response).sort()).toEqual(['count', 'rows']);
    expect(body.response.count).toBe(7);
    expect(body.response.rows.map((r: Row) => r.title)).toEqual(['Blog 07', 'Blog 06', 'Blog 05', 'Blog 04']);
    const first = body.response.rows[0];
    expect(Object.keys(first).sort()).toEqual(BLOG_KEYS);
    expect(first).toMatchObject({
      id: stableId('blog', 'blog-07'),
      author: 'Writer 7',
      readTime: 9,
      image: 'uploads/blogs/blog.svg',
      imageAlt: 'A drawing for blog 7',
      createdAt: '2025-01-08T00:00:00.000Z',
    });
  });

  it('pages by offset and limit', async () => {
    const second = (await get('/api/blog/public?offset=4&limit=4')).json();
    expect(second.response.rows.map((r: Row) => r.title)).toEqual(['Blog 03', 'Blog 02', 'Blog 01']);
    expect(second.response.count).toBe(7);
    const middle = (await get('/api/blog/public?offset=2&limit=2')).json();
    expect(middle.response.rows.map((r: Row) => r.title)).toEqual(['Blog 05', 'Blog 04']);
    const past = (await get('/api/blog/public?offset=100')).json();
    expect(past.response).toEqual({ rows: [], count: 7 });
    const all = (await get('/api/blog/public?limit=50')).json();
    expect(all.response.rows).toHaveLength(7);
  });

  it.each([
    ['limit=0', /limit/],
    ['limit=51', /limit/],
    ['limit=-3', /limit/],
    ['limit=two', /limit/],
    ['limit=1.5', /limit/],
    ['offset=-1', /offset/],
    ['offset=abc', /offset/],
  ])('refuses %s with a 400 that names the field', async (query, field) => {
    const res = await get(`/api/blog/public?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(field);
    expect(res.json().message).toMatch(/^Invalid querystring/);
  });

  it('never lists an unpublished post', async () => {
    const all = (await get('/api/blog/public?limit=50')).json();
    expect(all.response.rows.map((r: Row) => r.title)).not.toContain('Draft post');
  });
});

describe('GET /api/blog/public/recent', () => {
  it('answers the three latest published posts as a list', async () => {
    const res = await get('/api/blog/public/recent');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const body = res.json();
    expect(Array.isArray(body.response)).toBe(true);
    expect(body.response.map((r: Row) => r.title)).toEqual(['Blog 07', 'Blog 06', 'Blog 05']);
    expect(Object.keys(body.response[0]).sort()).toEqual(BLOG_KEYS);
  });
});

describe('GET /api/blog/public/{blogId}', () => {
  it('answers one post with its sanitised HTML exactly as stored', async () => {
    const id = stableId('blog', 'blog-03');
    const res = await get(`/api/blog/public/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const { response } = res.json();
    expect(Object.keys(response).sort()).toEqual(BLOG_KEYS);
    expect(response).toMatchObject({ id, title: 'Blog 03', author: 'Writer 3' });
    const [stored] = await t.database.db.select().from(blogs).where(eq(blogs.id, id));
    expect(response.description).toBe(stored!.description);
    expect(response.description).toContain('<strong>3</strong>');
    expect(response.description).toContain('<oembed url="https://www.youtube.com/watch?v=dQw4w9WgXcQ"></oembed>');
    expect(response.description).not.toMatch(/<script|javascript:|onclick/);
  });

  it('accepts the id in capitals', async () => {
    const res = await get(`/api/blog/public/${stableId('blog', 'blog-03').toUpperCase()}`);
    expect(res.statusCode).toBe(200);
  });

  it('answers 404 for an unknown id and for an unpublished post', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', stableId('blog', 'draft-post')]) {
      const res = await get(`/api/blog/public/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        code: 'blogNotFound',
        message: 'This blog post does not exist or is no longer published',
      });
      expect(res.headers['cache-control']).toBeUndefined();
    }
  });

  it.each(['Not_An_Address', '-123', `urn:uuid:${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`])(
    'answers 400 for %s, neither an id nor an address name',
    async (id) => {
      const res = await get(`/api/blog/public/${encodeURIComponent(id)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Invalid params: blogId is not in the expected format');
    },
  );
});

describe("posts in the reader's language", () => {
  const hindiOf = (slug: string) => stableId('blog', slug, '@hi');
  // Two posts have a published Hindi version, as publishing a translation projects it (ADR 29).
  const translate = async () => {
    for (const n of ['07', '03']) {
      const [english] = await t.database.db
        .select()
        .from(blogs)
        .where(eq(blogs.id, stableId('blog', `blog-${n}`)));
      await t.database.db
        .insert(blogs)
        .values({ ...english!, id: hindiOf(`blog-${n}`), lang: 'hi', title: `ब्लॉग ${n}`, author: `लेखक ${n}` })
        .onConflictDoNothing();
    }
  };

  it('lists, and names as recent, each post in that language where it is published there, else in English, once', async () => {
    await translate();
    const list = (await get('/api/blog/public?lang=hi&limit=50')).json().response;
    expect(list.count).toBe(7);
    expect(list.rows.map((r: Row & { lang: string }) => `${r.title} (${r.lang})`)).toEqual([
      'ब्लॉग 07 (hi)',
      'Blog 06 (en)',
      'Blog 05 (en)',
      'Blog 04 (en)',
      'ब्लॉग 03 (hi)',
      'Blog 02 (en)',
      'Blog 01 (en)',
    ]);
    const recent = (await get('/api/blog/public/recent?lang=hi')).json().response;
    expect(recent.map((r: Row) => r.title)).toEqual(['ब्लॉग 07', 'Blog 06', 'Blog 05']);
  });

  it.each(LANGUAGE_CODES.filter((lang) => lang !== 'hi'))(
    'answers every post in English, marked en, to a reader of %s where nothing is translated',
    async (lang) => {
      await translate();
      const rows = (await get(`/api/blog/public?lang=${lang}&limit=50`)).json().response.rows;
      expect(rows).toHaveLength(7);
      expect(new Set(rows.map((r: { lang: string }) => r.lang))).toEqual(new Set(['en']));
    },
  );

  it("answers one post in the reader's language when it is published there, else in English", async () => {
    await translate();
    const english = stableId('blog', 'blog-07');
    const hindi = hindiOf('blog-07');
    expect((await get(`/api/blog/public/${english}?lang=hi`)).json().response).toMatchObject({
      id: hindi,
      title: 'ब्लॉग 07',
      lang: 'hi',
    });
    // A Tamil reader given the Hindi link reads the English post; without a language, the post asked for.
    expect((await get(`/api/blog/public/${hindi}?lang=tm`)).json().response).toMatchObject({ id: english, lang: 'en' });
    expect((await get(`/api/blog/public/${hindi}?lang=en`)).json().response).toMatchObject({ id: english });
    expect((await get(`/api/blog/public/${hindi}`)).json().response).toMatchObject({ id: hindi, lang: 'hi' });
    expect((await get(`/api/blog/public/${stableId('blog', 'blog-06')}?lang=hi`)).json().response).toMatchObject({
      title: 'Blog 06',
      lang: 'en',
    });
    expect((await get(`/api/blog/public/${stableId('blog', 'draft-post')}?lang=hi`)).statusCode).toBe(404);
    expect((await get(`/api/blog/public/${english}?lang=xx`)).statusCode).toBe(400);
  });

  it('opens a post by the address name its editor gave it, in the reader’s language, else English, else any', async () => {
    await translate();
    expect((await get('/api/blog/public/blog-07')).json().response).toMatchObject({
      id: stableId('blog', 'blog-07'),
      lang: 'en',
    });
    expect((await get('/api/blog/public/blog-07?lang=hi')).json().response).toMatchObject({
      id: hindiOf('blog-07'),
      title: 'ब्लॉग 07',
    });
    expect((await get('/api/blog/public/blog-06?lang=tm')).json().response).toMatchObject({
      title: 'Blog 06',
      lang: 'en',
    });
    // A name nobody gave, and an unpublished post's name, are not found.
    expect((await get(`/api/blog/public/${'a'.repeat(101)}`)).statusCode).toBe(400);
    for (const name of ['no-such-post', 'draft-post']) {
      const res = await get(`/api/blog/public/${name}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('blogNotFound');
    }
  });
});
