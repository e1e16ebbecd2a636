import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../../contract/languages';
import { pages, site } from './pages';
import {
  buildPageManifest,
  chunksOf,
  localesIn,
  routingOnly,
  scriptFontsOf,
  titlesOf,
  type ReadLocale,
  type ViteManifestChunk,
} from './pages-manifest';

const readLocale = localesIn(path.join(import.meta.dirname, '../i18n/locales'));

describe('chunksOf', () => {
  const manifest: Record<string, ViteManifestChunk> = {
    'index.html': { file: 'assets/index.js', isEntry: true },
    'app/routes/blogs.tsx': {
      file: 'assets/blogs.js',
      imports: ['index.html', '_shared.js'],
      css: ['assets/blogs.css'],
    },
    '_shared.js': { file: 'assets/shared.js', imports: ['app/routes/blogs.tsx'] },
  };

  it('lists the route chunk and what it imports, never the entry', () => {
    expect(chunksOf('app/routes/blogs.tsx', manifest)).toEqual({
      scripts: ['/assets/blogs.js', '/assets/shared.js'],
      styles: ['/assets/blogs.css'],
    });
    expect(chunksOf('app/routes/somewhere.tsx', manifest)).toEqual({ scripts: [], styles: [] });
  });
});

describe('titlesOf', () => {
  it('keeps the English title as declared and gives "<heading> – <site name>" where the heading is translated', () => {
    const titles = titlesOf(pages.blogs.title, readLocale);
    expect(titles.en).toBe('Blogs – JGK');
    expect(titles.hi).toBe('ब्लॉग – JGK');
    expect(titles.tm).toBe('வலைப்பதிவுகள் – JGK');
    expect(Object.keys(titles).sort()).toEqual([...LANGUAGE_CODES].sort());
  });

  it('gives no title in a language that lacks the long text holding the heading', () => {
    // Which languages have the About page's text changes as translations arrive: here only Hindi has it.
    const onlyHindiAbout: ReadLocale = (language, namespace) =>
      namespace === 'about' && language !== 'hi' ? undefined : readLocale(language, namespace);
    expect(titlesOf(pages.about.title, onlyHindiAbout)).toEqual({ en: 'About us – JGK', hi: 'हमारे बारे में – JGK' });
    expect(titlesOf(pages.about.title, readLocale).tm).toBe('எங்களைப் பற்றி – JGK');
  });

  it('gives only English for a title without a key, or with a key no language has', () => {
    expect(titlesOf({ en: 'Somewhere – JGK' }, readLocale)).toEqual({ en: 'Somewhere – JGK' });
    expect(titlesOf({ en: 'Somewhere – JGK', key: 'blogs:noSuchKey' }, readLocale)).toEqual({ en: 'Somewhere – JGK' });
  });
});

describe('buildPageManifest', () => {
  // A build in which every route module is a chunk importing one shared chunk.
  const modules = [...new Set(Object.values(pages).map((page) => page.module))];
  const viteManifest: Record<string, ViteManifestChunk> = {
    'index.html': { file: 'assets/index.js', isEntry: true },
    '_shared.js': { file: 'assets/shared.js' },
    ...Object.fromEntries(
      modules.map((module) => [
        `app/routes/${module}.tsx`,
        { file: `assets/${module}.js`, imports: ['index.html', '_shared.js'] },
      ]),
    ),
  };

  it('lists every declared page as declared, with its chunks', () => {
    const manifest = buildPageManifest(pages, site, viteManifest, readLocale, {});
    expect(manifest.site).toEqual(site);
    expect(manifest.pages.map((page) => page.name)).toEqual(Object.keys(pages));
    for (const entry of manifest.pages) {
      const declared = pages[entry.name as keyof typeof pages] as (typeof pages)[keyof typeof pages] & {
        rendered?: boolean;
        title?: { en: string };
      };
      expect(entry.path).toBe(declared.path);
      expect(entry.namespaces).toEqual(declared.namespaces);
      expect(entry.rendered).toBe(declared.rendered ?? false);
      expect(entry.titles?.en).toBe(declared.title?.en);
      expect(entry.scripts).toEqual([`/assets/${declared.module}.js`, '/assets/shared.js']);
    }
    // JSON through and through: what the server reads is what was built.
    expect(JSON.parse(JSON.stringify(manifest))).toEqual(manifest);
  });

  it('refuses a declared page whose module the build does not have', () => {
    const { 'app/routes/blog.tsx': _missing, ...withoutBlog } = viteManifest;
    expect(() => buildPageManifest(pages, site, withoutBlog, readLocale, {})).toThrow(
      'Page blog: the build has no chunk for app/routes/blog.tsx',
    );
  });
});

describe('scriptFontsOf', () => {
  // As the build writes the stylesheet: minified, families unquoted, woff2 before woff.
  const face = (family: string, weight: number, file: string) =>
    `@font-face{font-family:${family};font-style:normal;font-display:swap;font-weight:${weight};src:url(/assets/${file}.woff2)format("woff2"),url(/assets/${file}.woff)format("woff");unicode-range:U+B82-BFA}`;
  const scripts = ['Devanagari', 'Bengali', 'Gujarati', 'Kannada', 'Malayalam', 'Oriya', 'Tamil', 'Telugu'];
  const stylesheet = [
    face('Noto Sans', 400, 'latin-400-x'),
    face('Noto Sans', 700, 'latin-700-x'),
    ...scripts.flatMap((script) => [
      face(`"Noto Sans ${script}"`, 400, `${script}-400-h1`),
      face(`Noto Sans ${script}`, 700, `${script}-700-h2`),
    ]),
    'body{font-family:Noto Sans,sans-serif}',
  ].join('');

  it("gives each script's woff2 files at 400 and 700, as built (Latin's are Noto Sans' own)", () => {
    const fonts = scriptFontsOf([stylesheet]);
    expect(Object.keys(fonts).sort()).toEqual(['Latin', ...scripts].sort());
    expect(fonts.Latin).toEqual(['/assets/latin-400-x.woff2', '/assets/latin-700-x.woff2']);
    expect(fonts.Tamil).toEqual(['/assets/Tamil-400-h1.woff2', '/assets/Tamil-700-h2.woff2']);
    expect(fonts.Malayalam).toEqual(['/assets/Malayalam-400-h1.woff2', '/assets/Malayalam-700-h2.woff2']);
  });

  it('fails when a script of the languages has no face at one of the weights', () => {
    const withoutBoldTelugu = stylesheet.replace(face('Noto Sans Telugu', 700, 'Telugu-700-h2'), '');
    expect(() => scriptFontsOf([withoutBoldTelugu])).toThrow('no woff2 face of Noto Sans Telugu at weight 700');
  });
});

describe('routingOnly', () => {
  it("keeps what the router and the links use, and leaves the server's fields to the manifest", () => {
    const routing = routingOnly(pages);
    expect(Object.keys(routing)).toEqual(Object.keys(pages));
    expect(routing.home).toEqual({
      path: '/',
      module: 'home',
      namespaces: ['home', 'home-text', 'stories', 'media', 'event-link'],
    });
    expect(routing.lesson).toEqual({
      path: '/courses/:lang/:courseId/chapter/:chapterId/lesson/:lessonId',
      module: 'learning',
      view: 'Lesson',
      layout: 'Layout',
      namespaces: ['learning', 'messages', 'profile', 'quiz', 'quiz-demo'],
    });
  });
});
