// The pages the web app declares (web/app/pages.ts), its router, the page manifest its build wrote
// and the running server agree: every declared page is routed, is in the built manifest as
// declared, and the server renders it or leaves it to the browser as declared, with its title and
// its chunks' preload hints.
import fs from 'node:fs';
import path from 'node:path';
import { matchRoutes } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_MANIFEST_FILE, type PageManifest } from '../../contract/page-manifest';
import { pages, type PageDeclaration } from '../../web/app/pages';
import { appRoutes } from '../../web/app/router';
import { baseUrl } from './helpers';

const webDir = path.resolve(import.meta.dirname, '../../dist/web');
const declared = Object.entries(pages) as Array<[string, PageDeclaration]>;
let manifest: PageManifest;
/** Sample values of the address parameters: real content where the page shows it. */
const params: Record<string, string> = {
  lang: 'en',
  chapterId: 'x',
  lessonId: 'x',
  quizId: 'x',
  videoId: 'x',
  number: 'X',
  // The demo event the server opens outside production (sample-content/events/demo.yaml).
  eventKey: 'demo',
};

const get = async (url: string, cookie?: string) => {
  const response = await fetch(`${baseUrl()}${url}`, {
    headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
  });
  expect(response.status, url).toBe(200);
  return response.text();
};
const api = async <T>(url: string) => (await (await fetch(`${baseUrl()}${url}`)).json()) as T;
const address = (pattern: string) =>
  pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? name));
const escape = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

beforeAll(async () => {
  manifest = JSON.parse(fs.readFileSync(path.join(webDir, PAGE_MANIFEST_FILE), 'utf8')) as PageManifest;
  params.blogId = (await api<{ response: Array<{ id: string }> }>('/api/blog/public/recent')).response[0]!.id;
  params.storyId = (
    await api<{ response: Array<{ id: string }> }>('/api/successstories/public/recent')
  ).response[0]!.id;
  params.courseId = (
    await api<{ courses: Array<{ id: string }> }>('/api/course/public?offset=0&limit=1&lang=en')
  ).courses[0]!.id;
});

describe('declared pages', () => {
  it('are each routed at their address', () => {
    for (const [name, page] of declared) {
      expect(matchRoutes(appRoutes, address(page.path))?.at(-1)?.route.id, name).toBe(name);
    }
  });

  it('are each in the built page manifest as declared, with chunks the build has', () => {
    expect(manifest.pages.map((entry) => entry.name).sort()).toEqual(declared.map(([name]) => name).sort());
    for (const [name, page] of declared) {
      const entry = manifest.pages.find((candidate) => candidate.name === name)!;
      expect(entry.path, name).toBe(page.path);
      expect(entry.rendered, name).toBe(page.rendered ?? false);
      expect(entry.namespaces, name).toEqual(page.namespaces);
      expect(entry.titles?.en, name).toBe(page.title?.en);
      expect(entry.scripts.length, name).toBeGreaterThan(0);
      for (const file of [...entry.scripts, ...entry.styles])
        expect(fs.existsSync(path.join(webDir, file)), `${name} ${file}`).toBe(true);
    }
  });

  it('are served as declared: rendered or left to the browser, titled, their chunks preloaded', async () => {
    for (const [name, page] of declared) {
      const entry = manifest.pages.find((candidate) => candidate.name === name)!;
      const url = address(page.path);
      const html = await get(url);
      // Asked without a session: a learner's own view (`'signed-in'`) is the browser's to render
      // (tests/e2e/server-rendering.e2e.ts renders them signed in).
      if (page.rendered === true) {
        expect(html, name).not.toContain('<div id="root"></div>');
        expect(html, name).toContain('id="query-data"');
        const chunks = /data-chunks="([^"]*)"/.exec(html)?.[1]?.split(' ') ?? [];
        expect(chunks, name).toEqual(expect.arrayContaining(entry.scripts));
      } else {
        expect(html, name).toContain('<div id="root"></div>');
        expect(html, name).not.toContain('id="query-data"');
        for (const script of entry.scripts)
          expect(html, `${name} ${script}`).toContain(`<link rel="modulepreload" crossorigin href="${script}" />`);
      }
      if (page.title) {
        expect(html, name).toContain(`<title>${escape(page.title.en)}</title>`);
        const hindi = entry.titles?.hi;
        if (hindi) expect(await get(url, 'jgk_lang=hi'), name).toContain(`<title>${escape(hindi)}</title>`);
      } else if (!page.preview) {
        expect(html, name).toContain(`<title>${escape(manifest.site.title)}</title>`);
      }
    }
  });
});
