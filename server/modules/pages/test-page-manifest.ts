// A page manifest for the tests of this module, shaped like the one the web build writes from
// web/app/pages.ts (tests/e2e/pages-agree.e2e.ts checks the real one against the server), and a
// small web build around it in a temporary folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PAGE_MANIFEST_FILE, type PageManifest, type PageManifestEntry } from '../../../contract/page-manifest';

const page = (name: string, pagePath: string, rest: Partial<PageManifestEntry> = {}): PageManifestEntry => ({
  name,
  path: pagePath,
  rendered: false,
  namespaces: [],
  scripts: [],
  styles: [],
  ...rest,
});

const coursePreview = { content: 'course', langParam: 'lang', idParam: 'courseId' } as const;

export function testPageManifest(overrides: Record<string, Partial<PageManifestEntry>> = {}): PageManifest {
  const pages = [
    page('home', '/', {
      rendered: true,
      namespaces: ['home'],
      titles: { en: 'JGK – Taking India forward with financial literacy' },
      lcpImage: '/home/hero-1.svg',
    }),
    page('about', '/about', { rendered: true, namespaces: ['about'], titles: { en: 'About us – JGK' } }),
    page('gallery', '/gallery', { rendered: true, namespaces: ['media'], titles: { en: 'Gallery – JGK' } }),
    page('highlights', '/highlights', { rendered: true, namespaces: ['media'], titles: { en: 'Highlights – JGK' } }),
    page('news', '/news', { rendered: true, namespaces: ['news'], titles: { en: 'News and publications – JGK' } }),
    page('blogs', '/blogs', {
      rendered: true,
      namespaces: ['blogs'],
      titles: { en: 'Blogs – JGK', hi: 'ब्लॉग – JGK' },
      preview: { content: 'blog-list' },
    }),
    page('blog', '/blogs/:blogId', {
      rendered: true,
      namespaces: ['blogs'],
      preview: { content: 'blog', idParam: 'blogId' },
    }),
    page('storiesAll', '/success-stories/all', {
      rendered: true,
      namespaces: ['stories'],
      titles: { en: 'Success stories – JGK' },
    }),
    page('story', '/success-stories/:storyId', {
      rendered: true,
      namespaces: ['stories'],
      preview: { content: 'story', idParam: 'storyId' },
    }),
    page('login', '/login', { namespaces: ['auth', 'messages'], titles: { en: 'Sign in – JGK' } }),
    page('courses', '/courses', {
      rendered: true,
      namespaces: ['learning', 'messages'],
      titles: { en: 'Courses – JGK' },
      description: 'Free courses in 10 Indian languages.',
    }),
    page('course', '/courses/:lang/:courseId', { rendered: true, namespaces: ['learning'], preview: coursePreview }),
    page('chapter', '/courses/:lang/:courseId/chapter/:chapterId', {
      rendered: 'signed-in',
      namespaces: ['learning'],
      preview: coursePreview,
    }),
    page('lesson', '/courses/:lang/:courseId/chapter/:chapterId/lesson/:lessonId', {
      rendered: 'signed-in',
      namespaces: ['learning'],
      preview: coursePreview,
    }),
    page('quiz', '/courses/:lang/:courseId/quiz/:quizId', {
      rendered: 'signed-in',
      namespaces: ['learning'],
      preview: coursePreview,
    }),
    page('video', '/courses/:lang/:courseId/video/:videoId', { namespaces: ['learning'], preview: coursePreview }),
    page('profile', '/user-profile', { namespaces: ['profile'] }),
    page('certificateVerify', '/certificates/verify/:number', { namespaces: ['profile'] }),
    page('cyberShield', '/vicyberShield', {
      rendered: true,
      namespaces: ['cybershield'],
      titles: { en: 'Vi CyberShield – stay safe from online fraud – JGK' },
      description: 'How to recognise phishing: call 1930 or report at cybercrime.gov.in.',
    }),
    page('cyberShieldTerms', '/vicybershieldtnc', {
      rendered: true,
      namespaces: ['quiz-terms'],
      titles: { en: 'Vi CyberShield quiz terms and conditions – JGK' },
    }),
    page('privacy', '/privacy-policy', {
      rendered: true,
      namespaces: ['privacy'],
      titles: { en: 'Privacy policy – JGK' },
    }),
    page('quizComponent', '/quizcomponent', { namespaces: ['quiz'] }),
  ].map((entry) => ({ ...entry, ...overrides[entry.name] }));
  return {
    site: {
      name: 'JGK',
      title: 'JGK – Taking India forward with financial literacy',
      description:
        'Free financial-literacy and cyber-safety courses in 10 Indian languages, taught with games, quizzes and stories.',
      image: '/og-image.png',
    },
    pages,
    fonts: {
      Latin: ['/assets/noto-sans-latin-400-normal-abc.woff2', '/assets/noto-sans-latin-700-normal-abc.woff2'],
      Devanagari: [
        '/assets/noto-sans-devanagari-devanagari-400-normal-abc.woff2',
        '/assets/noto-sans-devanagari-devanagari-700-normal-abc.woff2',
      ],
      Tamil: [
        '/assets/noto-sans-tamil-tamil-400-normal-abc.woff2',
        '/assets/noto-sans-tamil-tamil-700-normal-abc.woff2',
      ],
    },
  };
}

export function writeTestPageManifest(webDir: string, manifest: PageManifest = testPageManifest()): void {
  const file = path.join(webDir, PAGE_MANIFEST_FILE);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(manifest));
}

export interface TestWebBuild {
  /** The built index.html. */
  index: string;
  /** Translation files by language and namespace ('hi/common'), named in Vite's manifest. */
  translations: Record<string, object>;
  /** Any other file, by its path in the build. */
  files?: Record<string, string | Buffer>;
  pageManifest?: PageManifest;
}

/**
 * Writes a web build into a new temporary folder and answers the folder: index.html, its entry
 * script (/assets/index-abc.js), Vite's manifest naming the translation files, and the page manifest.
 */
export function writeTestWebBuild(build: TestWebBuild): string {
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jgk-web-'));
  const viteManifest: Record<string, { file: string; isEntry?: boolean }> = {
    'index.html': { file: 'assets/index-abc.js', isEntry: true },
  };
  const files: Record<string, string | Buffer> = { 'index.html': build.index, 'assets/index-abc.js': 'console.log(1)' };
  for (const [name, data] of Object.entries(build.translations)) {
    const [lang, ns] = name.split('/');
    const file = `assets/${ns}-${lang}.json`;
    viteManifest[`i18n/locales/${lang}/${ns}.json`] = { file };
    files[file] = JSON.stringify(data);
  }
  files['.vite/manifest.json'] = JSON.stringify(viteManifest);
  for (const [file, data] of Object.entries({ ...files, ...build.files })) {
    fs.mkdirSync(path.dirname(path.join(webDir, file)), { recursive: true });
    fs.writeFileSync(path.join(webDir, file), data);
  }
  writeTestPageManifest(webDir, build.pageManifest);
  return webDir;
}
