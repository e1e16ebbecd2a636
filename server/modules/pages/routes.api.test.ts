import fs from 'node:fs';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { createTestDatabase, testConfig } from '../../test/test-app';
import type { Database } from '../../db/client';
import { blogs } from '../../db/schema/blogs';
import { courses } from '../../db/schema/courses';
import { successStories } from '../../db/schema/success-stories';
import { escapeHtml, jsonForHtml } from './html';
import { pageMatcher } from './page-match';
import { plainExcerpt } from './share-preview';
import { translationsFor } from './translations';
import { testPageManifest, writeTestWebBuild } from './test-page-manifest';

const INDEX = `<!doctype html><html lang="en"><head><meta charset="utf-8" />
<!--head-tags--><title>Placeholder</title><meta name="description" content="placeholder" /><!--/head-tags-->
<script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>`;

let app: FastifyInstance;
let database: Database;
let webDir: string;
let blogId: string;
let storyId: string;
let courseId: string;

beforeAll(async () => {
  webDir = writeTestWebBuild({
    index: INDEX,
    translations: {
      'en/common': { nav: { home: 'Home' } },
      'hi/common': { nav: { home: 'होम </script>' } },
      'en/blogs': { title: 'Blogs' },
    },
    files: { 'assets/index-abc.js.br': zlib.brotliCompressSync('console.log(1)') },
    pageManifest: testPageManifest({
      blogs: { scripts: ['/assets/blogs-abc.js', '/assets/shared-abc.js'], styles: ['/assets/blogs-abc.css'] },
    }),
  });
  const config = testConfig({ PUBLIC_URL: 'https://jgk.example.org/' });
  database = await createTestDatabase();
  app = await buildApp({ config, db: database.db, listen: database.listen, webDir, logger: false });
  [{ id: blogId }] = (await database.db
    .insert(blogs)
    .values({
      slug: 'upi',
      title: 'Pay "safely" <script>alert(1)</script>',
      description: '<p>Never share your <strong>UPI PIN</strong> &amp; OTP.</p>',
      image: 'uploads/blogs/upi.png',
      author: 'Asha',
    })
    .returning({ id: blogs.id })) as [{ id: string }];
  [{ id: storyId }] = (await database.db
    .insert(successStories)
    .values({
      slug: 'sunita',
      authorName: 'Sunita Devi',
      image: 'uploads/stories/sunita.svg',
      description: '<p>She opened her first bank account.</p>',
    })
    .returning({ id: successStories.id })) as [{ id: string }];
  [{ id: courseId }] = (await database.db
    .insert(courses)
    .values({
      slug: 'money-basics',
      lang: 'hi',
      title: 'पैसे की समझ',
      description: '<p>बैंक, बचत और सुरक्षा</p>',
      image: 'uploads/courses/cover.svg',
    })
    .returning({ id: courses.id })) as [{ id: string }];
});

afterAll(async () => {
  await app.close();
  await database.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const page = (url: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

describe('web app pages', () => {
  it('serves the home page with its title and share tags', async () => {
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<title>JGK – Taking India forward with financial literacy</title>');
    expect(res.body).toContain('<meta property="og:image" content="https://jgk.example.org/og-image.png" />');
    expect(res.body).toContain('<meta property="og:url" content="https://jgk.example.org/" />');
    expect(res.body).not.toContain('Placeholder');
    expect(res.body).toContain('/assets/index-abc.js');
  });

  it("writes the page's translations as JSON data in the cookie's language, and preloads its chunks and the session call", async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/blogs?page=2',
      headers: { accept: 'text/html', cookie: 'jgk_lang=hi' },
    });
    expect(res.statusCode).toBe(200);
    const data = /<script type="application\/json" id="i18n-data">(.*?)<\/script>/.exec(res.body)?.[1];
    expect(JSON.parse(data ?? 'null')).toEqual({
      lang: 'hi',
      namespaces: { common: { nav: { home: 'होम </script>' } }, blogs: { title: 'Blogs' } },
    });
    expect(res.body).toContain('<link rel="preload" as="fetch" crossorigin href="/api/user/session-status" />');
    // The page's chunks, as the page manifest names them; its data calls are not guessed (ADR 11).
    expect(res.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/blogs-abc.js" />\n    <link rel="modulepreload" crossorigin href="/assets/shared-abc.js" />',
    );
    expect(res.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/blogs-abc.css" />');
    expect(res.body).not.toContain('/api/blog/public');
    // An unknown language in the cookie falls back to English.
    const english = await app.inject({
      method: 'GET',
      url: '/blogs',
      headers: { accept: 'text/html', cookie: 'jgk_lang=xx' },
    });
    expect(english.body).toContain('{"lang":"en","namespaces":{"common":{"nav":{"home":"Home"}}');
  });

  it('preloads the interface font of a page in an Indic language, and none on an English page', async () => {
    const fontPreloads = (body: string) =>
      [...body.matchAll(/<link rel="preload" as="font" type="font\/woff2" crossorigin href="([^"]+)" \/>/g)].map(
        (m) => m[1],
      );
    const tamil = await app.inject({
      method: 'GET',
      url: '/',
      headers: { accept: 'text/html', cookie: 'jgk_lang=tm' },
    });
    expect(fontPreloads(tamil.body)).toEqual([
      '/assets/noto-sans-tamil-tamil-400-normal-abc.woff2',
      '/assets/noto-sans-tamil-tamil-700-normal-abc.woff2',
    ]);
    // Every page, the ones the browser renders too; Marathi is written in Devanagari.
    const marathi = await app.inject({
      method: 'GET',
      url: '/login',
      headers: { accept: 'text/html', cookie: 'jgk_lang=mh' },
    });
    expect(fontPreloads(marathi.body)).toEqual([
      '/assets/noto-sans-devanagari-devanagari-400-normal-abc.woff2',
      '/assets/noto-sans-devanagari-devanagari-700-normal-abc.woff2',
    ]);
    for (const cookie of ['jgk_lang=en', 'jgk_lang=xx', '']) {
      const english = await app.inject({
        method: 'GET',
        url: '/',
        headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
      });
      expect(english.body).toContain('<html lang="en"');
      expect(english.body).not.toContain('as="font"');
    }
  });

  it("titles a page in the visitor's language where the page manifest has it, in English elsewhere", async () => {
    const hindi = await app.inject({
      method: 'GET',
      url: '/blogs',
      headers: { accept: 'text/html', cookie: 'jgk_lang=hi' },
    });
    expect(hindi.body).toContain('<title>ब्लॉग – JGK</title>');
    const tamil = await app.inject({
      method: 'GET',
      url: '/blogs',
      headers: { accept: 'text/html', cookie: 'jgk_lang=tm' },
    });
    expect(tamil.body).toContain('<title>Blogs – JGK</title>');
    expect((await page('/blogs')).body).toContain('<title>Blogs – JGK</title>');
  });

  it('writes a blog title, excerpt and raster image, escaped', async () => {
    const res = await page(`/blogs/${blogId}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Pay &quot;safely&quot; &lt;script&gt;alert(1)&lt;/script&gt; – JGK</title>');
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).toContain('content="Never share your UPI PIN &amp; OTP."');
    expect(res.body).toContain('<meta property="og:image" content="https://jgk.example.org/uploads/blogs/upi.png" />');
    expect(res.body).toContain('<meta property="og:type" content="article" />');
  });

  it('names a success story and falls back to the default image for an SVG', async () => {
    const res = await page(`/success-stories/${storyId}`);
    expect(res.body).toContain('<title>Sunita Devi: a success story – JGK</title>');
    expect(res.body).toContain('content="She opened her first bank account."');
    expect(res.body).toContain('og:image" content="https://jgk.example.org/og-image.png"');
  });

  it('names a course in its language, on the course page and its sub-pages', async () => {
    for (const url of [`/courses/hi/${courseId}`, `/courses/hi/${courseId}/chapter/x`]) {
      const res = await page(url);
      expect(res.body).toContain('<title>पैसे की समझ – JGK</title>');
    }
    const other = await page(`/courses/en/${courseId}`);
    expect(other.body).toContain('<title>JGK – Taking India forward with financial literacy</title>');
  });

  it('describes the cyber-safety page', async () => {
    const res = await page('/vicyberShield');
    expect(res.body).toContain('<title>Vi CyberShield – stay safe from online fraud – JGK</title>');
    expect(res.body).toContain('call 1930');
  });

  it('serves the app with default tags for unknown ids and unknown paths', async () => {
    for (const url of ['/blogs/not-a-uuid', '/blogs/00000000-0000-4000-8000-000000000000', '/some/where?x="<y>"']) {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>JGK – Taking India forward with financial literacy</title>');
      expect(res.body).not.toContain('"<y>"');
    }
  });

  it('answers unknown API paths, missing files and non-GET requests with JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['GET', '/api'],
      ['GET', '/assets/missing-123.js'],
      ['GET', '/uploads/nothing.png'],
      ['POST', '/about'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ code: 'notFound', message: 'Not found' });
    }
  });
});

describe('text from visitors and staff in the page', () => {
  it("is written as it is, even with replacement patterns ($`, $', $&) in the address or a post's title", async () => {
    const title = "Save $' first, spend $` later & keep $& safe";
    const [{ id }] = (await database.db
      .insert(blogs)
      .values({
        slug: 'dollar-patterns',
        title,
        description: "<p>Pay $` $' $&amp; safely.</p>",
        image: 'uploads/blogs/d.png',
        author: 'Asha',
      })
      .returning({ id: blogs.id })) as [{ id: string }];
    const res = await page(`/blogs/${id}`);
    expect(res.body).toContain(`<title>${escapeHtml(title)} – JGK</title>`);
    expect(res.body).toContain('<meta name="description" content="Pay $` $&#39; $&amp; safely." />');
    // The template around the tags is whole: one head, one root, one document.
    expect(res.body.match(/<head>/g)).toHaveLength(1);
    expect(res.body.match(/<div id="root">/g)).toHaveLength(1);
    expect(res.body.match(/<!doctype html>/g)).toHaveLength(1);

    // (A backtick reaches the server percent-encoded.)
    const odd = await page("/somewhere/$`/$'/$&");
    expect(odd.statusCode).toBe(200);
    expect(odd.body).toContain(
      `<meta property="og:url" content="https://jgk.example.org/somewhere/$%60/$&#39;/$&amp;" />`,
    );
    expect(odd.body.match(/<head>/g)).toHaveLength(1);
    expect(odd.body.match(/<!doctype html>/g)).toHaveLength(1);
  });
});

describe('web app assets', () => {
  it('sends the precompressed copy of a hashed asset, cached for a year', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe('console.log(1)');
  });

  it('compresses the page itself for clients that accept it', async () => {
    const res = await app.inject({ method: 'GET', url: '/about', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    // The sample page is small; what matters is that the answer is the page, compressed or not.
    expect(['gzip', undefined]).toContain(res.headers['content-encoding']);
  });
});

describe('page translations', () => {
  const manifest = {
    'index.html': { file: 'assets/index.js', isEntry: true },
    'i18n/locales/en/common.json': { file: 'assets/common-en.json' },
    'i18n/locales/en/blogs.json': { file: 'assets/blogs-en.json' },
    'i18n/locales/hi/common.json': { file: 'assets/common-hi.json' },
  };
  const matchPage = pageMatcher(testPageManifest().pages);

  it("reads the page's namespaces in the visitor's language, English where the language has none", () => {
    const read = (file: string) => ({ file });
    expect(translationsFor(matchPage('/blogs')?.page, 'hi', manifest, read)).toEqual({
      common: { file: 'assets/common-hi.json' },
      blogs: { file: 'assets/blogs-en.json' },
    });
    expect(translationsFor(matchPage('/nowhere')?.page, 'en', manifest, read)).toEqual({
      common: { file: 'assets/common-en.json' },
    });
    expect(translationsFor(matchPage('/blogs')?.page, 'en', undefined, read)).toEqual({});
  });
});

describe('helpers', () => {
  it('escapes every character that could end an attribute or start a tag', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('writes JSON that cannot close its script element', () => {
    const json = jsonForHtml({ text: '</script><script>alert(1)</script> & \u2028' });
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual({ text: '</script><script>alert(1)</script> & \u2028' });
  });

  it('cuts plain text at a word boundary', () => {
    expect(plainExcerpt('<p>one two three four</p>', 12)).toBe('one two…');
    expect(plainExcerpt('<p>short</p>', 12)).toBe('short');
    // The web's reading of the HTML: blocks end as sentences.
    expect(plainExcerpt('<h2>Keep your PIN</h2><p>Never share it</p>')).toBe('Keep your PIN. Never share it');
  });
});
