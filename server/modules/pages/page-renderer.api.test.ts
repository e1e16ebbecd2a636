// The server's side of server-side rendering, with a stand-in renderer module in the web build's
// .ssr folder (the real one is tested in web/entry-server.test.tsx and by the browser journeys):
// which pages are rendered, what goes into the HTML, the visitor's cookie reaching the API calls,
// and the fallback to the browser-rendered page when a render fails.
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { createTestDatabase, testConfig } from '../../test/test-app';
import { signInAs } from '../../test/sign-in';
import type { Database } from '../../db/client';
import { blogs } from '../../db/schema/blogs';
import { announceContentChange } from '../../lib/content-changes';
import { waitFor } from '../../test/ports';
import { pageMatcher } from './page-match';
import { testPageManifest, writeTestWebBuild } from './test-page-manifest';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <!--head-tags--><title>Placeholder</title><!--/head-tags-->
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-abc.js">
    <link rel="stylesheet" crossorigin href="/assets/style-abc.css">
  </head>
  <body>
    <div id="root"></div>
    <noscript>This site needs JavaScript to show its pages.</noscript>
  </body>
</html>`;

// Renders the common namespace's "home" word, the page's URL and the session call's answer; fails
// for /news, as a page whose render throws. Rendered for any learner, it names a personal read it
// left for the browser, as the web app's renderer does.
const RENDERER = `
export async function renderPage({ url, language, namespaces, fetch, forAnyLearner }) {
  globalThis.pageRenders = (globalThis.pageRenders ?? 0) + 1;
  if (url.startsWith('/news')) throw new Error('render failed');
  if (url.startsWith('/blogs/0')) return { html: '', queryState: { queries: [] }, notFound: true };
  const res = await fetch('/api/user/session-status', { method: 'GET' });
  const status = await res.json();
  return {
    html: '<main><h1>' + namespaces.common.nav.home + '</h1><p class="url">' + url + '</p><p class="lang">' + language + '</p><p class="user">' + (status.user ? status.user.name : 'anonymous') + '</p></main>',
    queryState: { queries: [{ queryKey: ['session'], state: { data: status, note: '</script><script>alert(1)</script>' } }] },
    ...(forAnyLearner ? { personalReads: ['/api/progress/en/c1/progress'] } : {}),
  };
}`;

let app: FastifyInstance;
let database: Database;
let webDir: string;

beforeAll(async () => {
  webDir = writeTestWebBuild({
    index: INDEX,
    translations: { 'en/common': { nav: { home: 'Home' } }, 'hi/common': { nav: { home: 'होम' } } },
    files: { '.ssr/entry-server.js': RENDERER },
    pageManifest: testPageManifest({ home: { scripts: ['/assets/home-abc.js', '/assets/shared-abc.js'] } }),
  });
  const config = testConfig({ PUBLIC_URL: 'https://jgk.example.org/' });
  database = await createTestDatabase();
  app = await buildApp({ config, db: database.db, listen: database.listen, webDir, logger: false });
});

afterAll(async () => {
  await app.close();
  await database.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

/** How many times the stand-in renderer has rendered a page. */
const renders = () => (globalThis as { pageRenders?: number }).pageRenders ?? 0;

const page = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

describe('pages rendered on the server', () => {
  it('puts the rendered page, its data and its language into the HTML', async () => {
    const res = await page('/', { cookie: 'jgk_lang=hi' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="hi" data-script="Devanagari"');
    expect(res.body).toContain(
      '<div id="root"><main><h1>होम</h1><p class="url">/</p><p class="lang">hi</p><p class="user">anonymous</p></main></div>',
    );
    const data = /<script type="application\/json" id="query-data">(.*?)<\/script>/.exec(res.body)?.[1];
    expect(data).toBeDefined();
    // Nothing in the data can end its element; it parses back to what the renderer gave.
    expect(data).not.toContain('</script>');
    expect(JSON.parse(data!).queries[0].state.note).toBe('</script><script>alert(1)</script>');
  });

  it('starts the scripts after the first paint, with the page chunks, and drops the no-script note', async () => {
    const res = await page('/');
    expect(res.body).not.toContain('<script type="module"');
    expect(res.body).not.toContain('rel="modulepreload"');
    expect(res.body).not.toContain('<noscript>');
    // The page's data is in the HTML: no separate fetch of it.
    expect(res.body).not.toContain('as="fetch"');
    expect(res.body).toContain(
      '<script src="/boot.js" defer data-entry="/assets/index-abc.js" data-chunks="/assets/vendor-abc.js /assets/home-abc.js /assets/shared-abc.js"></script>',
    );
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/style-abc.css">');
  });

  it("answers the renderer's API calls with the visitor's session", async () => {
    const learner = await signInAs(app, { name: 'Asha Devi' });
    const res = await page('/blogs?page=2', learner.headers);
    expect(res.body).toContain('<p class="url">/blogs?page=2</p>');
    expect(res.body).toContain('<p class="user">Asha Devi</p>');
  });

  it('marks every page as varying with the cookies, and a page rendered with the session private', async () => {
    const learner = await signInAs(app, { name: 'Asha Devi' });
    const mine = await page('/about', learner.headers);
    expect(mine.body).toContain('<p class="user">Asha Devi</p>');
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.headers.vary).toMatch(/(^|, *)Cookie(,|$)/i);
    for (const [url, headers] of [
      ['/about', {}],
      ['/about', { cookie: 'jgk_lang=hi' }],
      // Not rendered here: the same app for everyone, in the cookie's language.
      ['/user-profile', learner.headers],
      ['/news', learner.headers],
    ] as const) {
      const res = await page(url, headers);
      expect(res.headers.vary, url).toMatch(/(^|, *)Cookie(,|$)/i);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    // With compression the page varies with both.
    const compressed = await page('/about', { ...learner.headers, 'accept-encoding': 'br' });
    expect(compressed.headers.vary).toMatch(/Cookie/);
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(compressed.headers['cache-control']).toBe('private, no-store');
  });

  it('answers 404 with the page the browser renders when the page names nothing', async () => {
    const res = await page('/blogs/00000000-0000-4000-8000-000000000009');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(res.body).not.toContain('id="query-data"');
  });

  it('sends the page the browser renders when a render fails', async () => {
    const res = await page('/news');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(res.body).toContain('<noscript>');
    expect(res.body).not.toContain('id="query-data"');
  });

  it("leaves the learner's pages and sign-in to the browser", async () => {
    for (const url of ['/login', '/user-profile', '/courses/en/8c1d7e0e-4a57-4c52-9d2a-2d3f0b6c1a11/chapter/x']) {
      const res = await page(url);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).toContain('<script type="module"');
    }
  });

  it("renders a learner's lesson, quiz and chapter for a visitor with a session, as for any learner", async () => {
    const course = '/courses/en/8c1d7e0e-4a57-4c52-9d2a-2d3f0b6c1a11';
    const views = [`${course}/chapter/c1/lesson/l1`, `${course}/quiz/q1`, `${course}/chapter/c1`];
    const learner = await signInAs(app, { name: 'Asha Devi' });
    for (const url of views) {
      // Without a session the browser sends the visitor to sign in: no render (nor a kept empty one).
      const before = renders();
      const anonymous = await page(url);
      expect(renders(), url).toBe(before);
      expect(anonymous.body, url).toContain('<div id="root"></div>');
      expect(anonymous.body, url).toContain(
        '<link rel="preload" as="fetch" crossorigin href="/api/user/session-status" />',
      );
      expect(anonymous.body, url).not.toContain('data-learner-data');
      expect(anonymous.headers['cache-control'], url).toBe('no-cache');

      // With one, rendered without anyone's session: the learner's name and progress are not in it,
      // their own reads are started by the page, and the browser is told to fill them in.
      const mine = await page(url, learner.headers);
      expect(mine.body, url).toContain(`<p class="url">${url}</p><p class="lang">en</p><p class="user">anonymous</p>`);
      expect(mine.body, url).not.toContain('Asha Devi');
      expect(mine.body, url).toContain('<script src="/boot.js" defer');
      expect(mine.body, url).toContain('<link rel="preload" as="fetch" crossorigin href="/api/user/session-status" />');
      expect(mine.body, url).toContain(
        '<link rel="preload" as="fetch" crossorigin href="/api/progress/en/c1/progress" />',
      );
      expect(mine.body, url).toContain('<script type="application/json" id="query-data" data-learner-data="follows">');
      expect(mine.headers['cache-control'], url).toBe('no-cache');
      expect(mine.headers.vary, url).toMatch(/(^|, *)Cookie(,|$)/i);
    }
    // A video is not rendered here, signed in or not.
    const video = await page(`${course}/video/v1`, learner.headers);
    expect(video.body).toContain('<div id="root"></div>');
  });

  it("preloads the font of the course's script for a learner's view rendered here, whatever the interface's", async () => {
    const learner = await signInAs(app, { name: 'Asha Devi' });
    const fontsOf = (html: string) =>
      [...html.matchAll(/<link rel="preload" as="font" type="font\/woff2" crossorigin href="([^"]+)" \/>/g)].map(
        (m) => m[1],
      );
    const latin = ['/assets/noto-sans-latin-400-normal-abc.woff2', '/assets/noto-sans-latin-700-normal-abc.woff2'];
    const devanagari = [
      '/assets/noto-sans-devanagari-devanagari-400-normal-abc.woff2',
      '/assets/noto-sans-devanagari-devanagari-700-normal-abc.woff2',
    ];
    expect(fontsOf((await page('/courses/en/x/chapter/c1/lesson/l1', learner.headers)).body)).toEqual(latin);
    expect(fontsOf((await page('/courses/hi/x/quiz/q1', learner.headers)).body)).toEqual(devanagari);
    expect(
      fontsOf((await page('/courses/en/x/quiz/q1', { cookie: `${learner.headers.cookie}; jgk_lang=hi` })).body),
    ).toEqual([...devanagari, ...latin]);
    // Not rendered (no session), and every other English page: no font; the interface's Indic one as before.
    expect(fontsOf((await page('/courses/en/x/chapter/c1/lesson/l1')).body)).toEqual([]);
    expect(fontsOf((await page('/about', learner.headers)).body)).toEqual([]);
    expect(fontsOf((await page('/about', { cookie: 'jgk_lang=hi' })).body)).toEqual(devanagari);
  });

  it('compresses the page for clients that accept it', async () => {
    const res = await page('/about', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    const html = zlib.brotliDecompressSync(res.rawPayload).toString('utf8');
    expect(html).toContain('<p class="url">/about</p>');
  });

  it('keeps unknown API paths and missing files as JSON 404s', async () => {
    for (const url of ['/api/nothing-here', '/assets/missing-abc.js', '/uploads/none.png']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ code: 'notFound', message: 'Not found' });
    }
    const post = await app.inject({ method: 'POST', url: '/about' });
    expect(post.statusCode).toBe(404);
  });
});

describe("a page render and the visitor's API allowance", () => {
  let limitedApp: FastifyInstance;
  beforeAll(async () => {
    const config = testConfig({
      PUBLIC_URL: 'https://jgk.example.org/',
      API_ADDRESS_LIMIT_PER_MINUTE: '3',
      API_RATE_LIMIT_PER_MINUTE: '3',
    });
    limitedApp = await buildApp({ config, db: database.db, listen: database.listen, webDir, logger: false });
  });
  afterAll(async () => {
    await limitedApp?.close();
  });

  it('spends none of it: the calls the render makes inside the server are not counted', async () => {
    const remoteAddress = '100.64.50.1';
    const learner = await signInAs(limitedApp, { name: 'Asha Devi' });
    for (let i = 0; i < 5; i++) {
      const anonymous = await limitedApp.inject({
        method: 'GET',
        url: '/',
        remoteAddress,
        headers: { accept: 'text/html' },
      });
      expect(anonymous.body).toContain('<p class="user">anonymous</p>');
      const signedIn = await limitedApp.inject({
        method: 'GET',
        url: '/blogs',
        remoteAddress,
        headers: { accept: 'text/html', ...learner.headers },
      });
      expect(signedIn.body).toContain('<p class="user">Asha Devi</p>');
    }
    // Ten renders later, the address still has its whole allowance of 3 calls.
    const api = () => limitedApp.inject({ method: 'GET', url: '/api/user/session-status', remoteAddress });
    for (let i = 0; i < 3; i++) expect((await api()).statusCode).toBe(200);
    expect((await api()).statusCode).toBe(429);
  });

  it('cannot be claimed by a client: a forged inner-call header is counted like any call', async () => {
    const remoteAddress = '100.64.50.2';
    const forged = () =>
      limitedApp.inject({
        method: 'GET',
        url: '/api/user/session-status',
        remoteAddress,
        headers: { 'x-inner-call': '00'.repeat(32) },
      });
    for (let i = 0; i < 3; i++) expect((await forged()).statusCode).toBe(200);
    expect((await forged()).statusCode).toBe(429);
    // Not hex, or too short: refused as any call over the limit, never a failure of the server.
    for (const header of ['zz'.repeat(32), 'ab']) {
      const res = await limitedApp.inject({
        method: 'GET',
        url: '/api/user/session-status',
        remoteAddress,
        headers: { 'x-inner-call': header },
      });
      expect(res.statusCode).toBe(429);
    }
  });
});

describe('pages kept for visitors without a session', () => {
  let cachingApp: FastifyInstance;

  beforeAll(async () => {
    // Outside tests, shared answers are kept for a few seconds (publicCacheMs).
    const config = testConfig({ NODE_ENV: 'development', PUBLIC_URL: 'https://jgk.example.org/' });
    cachingApp = await buildApp({ config, db: database.db, listen: database.listen, webDir, logger: false });
  });
  afterAll(async () => {
    await cachingApp?.close();
  });

  const get = (url: string, cookie?: string) =>
    cachingApp.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });

  it('renders a page once per language and address for visitors without a session', async () => {
    const before = renders();
    const first = await get('/gallery');
    const second = await get('/gallery');
    expect(second.body).toBe(first.body);
    expect(renders() - before).toBe(1);
    // Another language, another address: each its own render.
    await get('/gallery', 'jgk_lang=hi');
    await get('/gallery?x=1');
    expect(renders() - before).toBe(3);
  });

  it('renders every page afresh for a signed-in learner, and never hands it to another visitor', async () => {
    const learner = await signInAs(cachingApp, { name: 'Meena Kumari' });
    const before = renders();
    const mine = await get('/highlights', learner.headers.cookie);
    await get('/highlights', learner.headers.cookie);
    expect(renders() - before).toBe(2);
    expect(mine.body).toContain('<p class="user">Meena Kumari</p>');
    const anonymous = await get('/highlights');
    expect(anonymous.body).toContain('<p class="user">anonymous</p>');
  });

  it("keeps a page's share preview as long, the same for every visitor", async () => {
    const [{ id }] = (await database.db
      .insert(blogs)
      .values({
        slug: 'kept-preview',
        title: 'Save first',
        description: '<p>Then spend.</p>',
        image: 'uploads/blogs/k.png',
        author: 'Asha',
      })
      .returning({ id: blogs.id })) as [{ id: string }];
    expect((await get(`/blogs/${id}`)).body).toContain('<title>Save first – JGK</title>');
    await database.db.update(blogs).set({ title: 'Spend first' }).where(eq(blogs.id, id));
    const learner = await signInAs(cachingApp);
    expect((await get(`/blogs/${id}`, learner.headers.cookie)).body).toContain('<title>Save first – JGK</title>');
    // Another language is its own preview.
    expect((await get(`/blogs/${id}`, 'jgk_lang=hi')).body).toContain('<title>Spend first – JGK</title>');
  });

  it('renders a kept page again, and looks its preview up again, once its content is published', async () => {
    const [{ id }] = (await database.db
      .insert(blogs)
      .values({
        slug: 'published-preview',
        title: 'Budget first',
        description: '<p>Then save.</p>',
        image: 'uploads/blogs/b.png',
        author: 'Asha',
      })
      .returning({ id: blogs.id })) as [{ id: string }];
    const before = renders();
    expect((await get(`/blogs/${id}`)).body).toContain('<title>Budget first – JGK</title>');
    await get('/gallery?published');
    await database.db.update(blogs).set({ title: 'Save first, then budget' }).where(eq(blogs.id, id));
    expect((await get(`/blogs/${id}`)).body).toContain('<title>Budget first – JGK</title>');
    await get('/gallery?published');
    expect(renders() - before).toBe(2);
    // Announced in a rolled-back transaction: nothing changes.
    await database.db
      .transaction(async (tx) => {
        await announceContentChange(tx, { kind: 'blog', lang: null });
        tx.rollback();
      })
      .catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 500));
    await get('/gallery?published');
    expect(renders() - before).toBe(2);
    // A post published: the post's preview and every kept page are made afresh.
    await database.db.transaction(async (tx) => announceContentChange(tx, { kind: 'blog', lang: null }));
    await waitFor(
      async () => (await get(`/blogs/${id}`)).body.includes('<title>Save first, then budget – JGK</title>'),
      1000,
      'the new preview',
    );
    await get('/gallery?published');
    await get('/gallery?published');
    // The post's page twice before and once after, the gallery once after.
    expect(renders() - before).toBe(4);
  });

  it("renders a learner's view once for every learner, per language and address, until a course is published", async () => {
    const url = '/courses/en/8c1d7e0e-4a57-4c52-9d2a-2d3f0b6c1a11/chapter/c1/lesson/l1';
    const asha = await signInAs(cachingApp, { name: 'Asha Devi' });
    const meena = await signInAs(cachingApp, { name: 'Meena Kumari' });
    const before = renders();
    const first = await get(url, asha.headers.cookie);
    const second = await get(url, meena.headers.cookie);
    expect(second.body).toBe(first.body);
    expect(renders() - before).toBe(1);
    // Kept finished: Brotli bytes made once are the same bytes for the next learner.
    const br = (cookie: string) =>
      cachingApp.inject({ method: 'GET', url, headers: { accept: 'text/html', 'accept-encoding': 'br', cookie } });
    const [a, b] = [await br(asha.headers.cookie), await br(meena.headers.cookie)];
    expect(a.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(a.rawPayload).toString()).toBe(first.body);
    expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
    // Another interface language is its own render.
    await get(url, `${asha.headers.cookie}; jgk_lang=hi`);
    expect(renders() - before).toBe(2);
    // A blog published leaves it kept; a course published renders it again.
    await database.db.transaction(async (tx) => announceContentChange(tx, { kind: 'blog', lang: null }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await get(url, meena.headers.cookie);
    expect(renders() - before).toBe(2);
    await database.db.transaction(async (tx) => announceContentChange(tx, { kind: 'course', lang: 'en' }));
    await waitFor(
      async () => {
        await get(url, meena.headers.cookie);
        return renders() - before === 3;
      },
      1000,
      'the view rendered again',
    );
  });

  it('does not keep a failed render', async () => {
    const before = renders();
    await get('/news');
    await get('/news');
    expect(renders() - before).toBe(2);
  });
});

describe('rendered pages', () => {
  const matchPage = pageMatcher(testPageManifest().pages);
  const isRenderedPage = (pathname: string) => matchPage(pathname)?.page.rendered ?? false;

  it('are the pages the page manifest marks rendered', () => {
    for (const p of [
      '/',
      '/about',
      '/gallery',
      '/highlights',
      '/news',
      '/blogs',
      '/blogs/abc',
      '/success-stories/all',
      '/success-stories/abc',
      '/courses',
      '/courses/en/x',
      '/vicyberShield',
      '/vicybershieldtnc',
      '/privacy-policy',
      '/blogs/',
    ]) {
      expect(isRenderedPage(p), p).toBe(true);
    }
    for (const p of [
      '/login',
      '/user-profile',
      '/courses/en/x/video/v',
      '/success-stories',
      '/quizcomponent',
      '/certificates/verify/X',
      '/unknown',
    ]) {
      expect(isRenderedPage(p), p).toBe(false);
    }
    for (const p of ['/courses/en/x/chapter/c', '/courses/en/x/chapter/c/lesson/l', '/courses/en/x/quiz/q']) {
      expect(isRenderedPage(p), p).toBe('signed-in');
    }
  });
});
