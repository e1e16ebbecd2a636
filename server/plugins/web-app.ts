// The web app's entry page for every path that is not an API call or a file, with the page's own
// title, description and share-preview tags (Open Graph, Twitter) written into it, so a link shared
// on WhatsApp shows what it points to. Blog, story and course titles come from the database.
// The public pages are rendered here too (page-renderer.ts). Unknown /api/* paths and missing
// files stay JSON 404s. Registered last in app.ts: a catch-all GET route (a route, so responses
// are compressed like any other) and the not-found handler for everything else.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { and, desc, eq } from 'drizzle-orm';
import { blogs, courses, successStories } from '../db/schema';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguageCode, type LanguageCode } from '../../contract/languages';
import { BLOG_PAGE_SIZE, STORY_PAGE_SIZE } from '../../contract/page-sizes';
import { messageBody } from '../../contract/messages';
import { createPageRenderer, isRenderedPage } from './page-renderer';

/**
 * Each public page's route module (web/app/routes/) and translation namespaces (as in
 * web/app/router.tsx), and the API calls its first screen makes (the hooks in web/features/), with
 * the query string in the order the web app's api client writes it: a preload is used only when
 * the URL matches exactly.
 */
const ROUTE_MODULES: Array<{ pattern: RegExp; module: string; namespaces: string[]; calls?: (lang: LanguageCode, page: number) => string[] }> = [
  {
    pattern: /^\/$/,
    module: 'home',
    namespaces: ['home', 'home-text', 'stories', 'media'],
    calls: () => ['/api/successstories/public/recent', '/api/media/public/titles', '/api/media/public/banner'],
  },
  { pattern: /^\/about$/, module: 'about', namespaces: ['about'] },
  { pattern: /^\/gallery$/, module: 'gallery', namespaces: ['media'], calls: () => ['/api/media/public/titles'] },
  { pattern: /^\/highlights$/, module: 'highlights', namespaces: ['media'] },
  { pattern: /^\/news$/, module: 'news', namespaces: ['news'] },
  {
    pattern: /^\/blogs$/,
    module: 'blogs',
    namespaces: ['blogs'],
    // The newest post is the featured article above the list, so the list starts one post later.
    calls: (_lang, page) => ['/api/blog/public/recent', `/api/blog/public?offset=${1 + (page - 1) * BLOG_PAGE_SIZE}&limit=${BLOG_PAGE_SIZE}`],
  },
  { pattern: /^\/blogs\/[^/]+$/, module: 'blog', namespaces: ['blogs'] },
  {
    pattern: /^\/success-stories\/all$/,
    module: 'stories',
    namespaces: ['stories'],
    calls: (_lang, page) => [`/api/successstories/public?offset=${(page - 1) * STORY_PAGE_SIZE}&limit=${STORY_PAGE_SIZE}`],
  },
  { pattern: /^\/success-stories\/[^/]+$/, module: 'story', namespaces: ['stories'] },
  {
    pattern: /^\/courses$/,
    module: 'courses',
    namespaces: ['learning', 'messages'],
    calls: (lang) => [`/api/course/public?offset=0&limit=${COURSE_PAGE_SIZE}&lang=${lang}`],
  },
  { pattern: /^\/vicybershield$/i, module: 'cyber-shield', namespaces: ['cybershield'] },
];

/** The page size of the course catalogue (web/features/learning/api/courses.ts). */
const COURSE_PAGE_SIZE = 20;

function routeFor(pathname: string) {
  return ROUTE_MODULES.find((r) => r.pattern.test(pathname.replace(/\/+$/, '') || '/'));
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

/**
 * The scripts a page needs before it can show anything beyond the entry: its route chunk with the
 * chunks that one imports. Sent as preload hints, they download in parallel with the entry
 * instead of after it.
 */
export function preloadsFor(pathname: string, manifest: Record<string, ManifestChunk> | undefined): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  if (!manifest) return { scripts: [], styles: [] };
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || scripts.has(`/${chunk.file}`)) return;
    scripts.add(`/${chunk.file}`);
    chunk.css?.forEach((css) => styles.add(`/${css}`));
    chunk.imports?.forEach(visit);
  };
  const route = routeFor(pathname);
  if (route) visit(`app/routes/${route.module}.tsx`);
  return { scripts: [...scripts], styles: [...styles] };
}

/** The API calls of a page's first screen, to start with the page instead of after its scripts. */
export function firstScreenCalls(pathname: string, search: URLSearchParams, lang: LanguageCode): string[] {
  const route = routeFor(pathname);
  const page = Number(search.get('page'));
  return ['/api/user/session-status', ...(route?.calls?.(lang, Number.isInteger(page) && page >= 1 ? page : 1) ?? [])];
}

/**
 * Translation namespaces in a language (a namespace a language lacks comes in English, as the web
 * app's loader does), read from the built files named in Vite's manifest.
 */
export function readNamespaces(
  names: string[],
  lang: LanguageCode,
  manifest: Record<string, ManifestChunk> | undefined,
  read: (file: string) => Record<string, unknown> | undefined,
): Record<string, Record<string, unknown>> {
  const namespaces: Record<string, Record<string, unknown>> = {};
  if (!manifest) return namespaces;
  for (const ns of names) {
    const entry = manifest[`i18n/locales/${lang}/${ns}.json`] ?? manifest[`i18n/locales/${DEFAULT_LANGUAGE}/${ns}.json`];
    const data = entry && read(entry.file);
    if (data) namespaces[ns] = data;
  }
  return namespaces;
}

/** Every namespace the build has (each exists in English). */
function allNamespaces(manifest: Record<string, ManifestChunk>): string[] {
  return Object.keys(manifest)
    .map((key) => new RegExp(`^i18n/locales/${DEFAULT_LANGUAGE}/([\\w-]+)\\.json$`).exec(key)?.[1])
    .filter((name): name is string => Boolean(name));
}

/** The translations a page shows first: the common namespace and the page's own. */
export function translationsFor(
  pathname: string,
  lang: LanguageCode,
  manifest: Record<string, ManifestChunk> | undefined,
  read: (file: string) => Record<string, unknown> | undefined,
): Record<string, Record<string, unknown>> {
  return readNamespaces(['common', ...(routeFor(pathname)?.namespaces ?? [])], lang, manifest, read);
}

/**
 * A page rendered on the server starts its scripts once it has been painted (web/public/boot.js):
 * the entry script and the chunk preloads of the built page are replaced by the boot script,
 * which carries them (with the page's own chunks) as attributes. The stylesheet stays in the head.
 */
export function startScriptsAfterPaint(html: string, pageChunks: string[]): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!entry?.[1]) return html;
  const chunks = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1] as string);
  const all = [...new Set([...chunks, ...pageChunks])];
  const boot = `<script src="/boot.js" defer data-entry="${escapeHtml(entry[1])}" data-chunks="${escapeHtml(all.join(' '))}"></script>`;
  return html
    .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '')
    .replace(entry[0], boot)
    // The page reads without scripts; only its controls need them.
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '');
}

/** JSON that can sit inside a <script type="application/json"> element: nothing in it can close the element. */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URL of a raster image (link previews do not show SVG). */
  image: string;
  url: string;
  type: 'website' | 'article';
  /** The picture likely to be the largest on screen, fetched early. */
  lcpImage?: string;
}

/** The cookie in which the web app keeps the visitor's language (web/i18n/i18n.ts). */
const LANGUAGE_COOKIE = 'jgk_lang';

const SITE_NAME = 'JGK';
const TAGLINE = 'Taking India forward with financial literacy';
const DEFAULT_DESCRIPTION =
  'Free financial-literacy and cyber-safety courses in 10 Indian languages, taught with games, quizzes and stories.';
const DEFAULT_IMAGE = '/og-image.png';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const STATIC_PAGES: Record<string, { title: string; description?: string }> = {
  '/': { title: `${SITE_NAME} – ${TAGLINE}` },
  '/about': { title: `About us – ${SITE_NAME}` },
  '/gallery': { title: `Gallery – ${SITE_NAME}` },
  '/highlights': { title: `Highlights – ${SITE_NAME}` },
  '/news': { title: `News and publications – ${SITE_NAME}` },
  '/blogs': { title: `Blogs – ${SITE_NAME}` },
  '/success-stories/all': { title: `Success stories – ${SITE_NAME}` },
  '/courses': { title: `Courses – ${SITE_NAME}`, description: 'Free courses on saving, banking, digital payments and staying safe from fraud, in 10 Indian languages.' },
  '/vicybershield': {
    title: `Vi CyberShield – stay safe from online fraud – ${SITE_NAME}`,
    description:
      'How to recognise phishing, shopping fraud, malware and identity theft, ten tips to stay safe, and what to do if you are cheated: call 1930 or report at cybercrime.gov.in.',
  },
  '/vicybershieldtnc': { title: `Vi CyberShield quiz terms and conditions – ${SITE_NAME}` },
  '/privacy-policy': { title: `Privacy policy – ${SITE_NAME}` },
  '/login': { title: `Sign in – ${SITE_NAME}` },
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** Plain text of sanitised HTML, cut at a word boundary. */
export function plainExcerpt(html: string, max = 160): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2))}…`;
}

export function renderHeadTags(meta: PageMeta): string {
  const e = escapeHtml;
  return [
    `<title>${e(meta.title)}</title>`,
    `<meta name="description" content="${e(meta.description)}" />`,
    `<link rel="canonical" href="${e(meta.url)}" />`,
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:type" content="${meta.type}" />`,
    `<meta property="og:title" content="${e(meta.title)}" />`,
    `<meta property="og:description" content="${e(meta.description)}" />`,
    `<meta property="og:url" content="${e(meta.url)}" />`,
    `<meta property="og:image" content="${e(meta.image)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${e(meta.title)}" />`,
    `<meta name="twitter:description" content="${e(meta.description)}" />`,
    `<meta name="twitter:image" content="${e(meta.image)}" />`,
    ...(meta.lcpImage ? [`<link rel="preload" as="image" href="${e(meta.lcpImage)}" fetchpriority="high" />`] : []),
  ].join('\n    ');
}

export default fp(
  async function webApp(app: FastifyInstance, opts: { webDir?: string }) {
    const indexFile = opts.webDir ? path.join(opts.webDir, 'index.html') : undefined;
    const template = indexFile && fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined;
    const manifestFile = opts.webDir ? path.join(opts.webDir, '.vite/manifest.json') : undefined;
    const manifest = manifestFile && fs.existsSync(manifestFile) ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>) : undefined;
    const translationFiles = new Map<string, Record<string, unknown> | undefined>();
    const readTranslation = (file: string) => {
      if (!translationFiles.has(file)) {
        let data: Record<string, unknown> | undefined;
        try {
          data = JSON.parse(fs.readFileSync(path.join(opts.webDir ?? '', file), 'utf8')) as Record<string, unknown>;
        } catch {
          data = undefined;
        }
        translationFiles.set(file, data);
      }
      return translationFiles.get(file);
    };
    const renderer =
      opts.webDir && manifest
        ? await createPageRenderer(app, opts.webDir, (language) => readNamespaces(allNamespaces(manifest), language, manifest, readTranslation))
        : undefined;
    const publicUrl = app.config.publicUrl;
    const absolute = (p: string) => `${publicUrl}/${p.replace(/^\/+/, '')}`;
    const shareImage = (stored: string | null | undefined) =>
      stored && /\.(png|jpe?g|webp)$/i.test(stored) ? absolute(stored) : absolute(DEFAULT_IMAGE);

    async function metaFor(pathname: string): Promise<PageMeta> {
      const base: PageMeta = {
        title: `${SITE_NAME} – ${TAGLINE}`,
        description: DEFAULT_DESCRIPTION,
        image: absolute(DEFAULT_IMAGE),
        url: absolute(pathname),
        type: 'website',
      };
      const key = pathname.toLowerCase().replace(/\/+$/, '') || '/';
      const known = STATIC_PAGES[key];
      if (key === '/') return { ...base, lcpImage: '/home/hero-1.svg' };
      if (key === '/blogs') {
        // The featured article's picture is the largest thing on the blog list.
        const [latest] = await app.db
          .select({ image: blogs.image })
          .from(blogs)
          .where(eq(blogs.published, true))
          .orderBy(desc(blogs.createdAt))
          .limit(1);
        return { ...base, title: known?.title ?? base.title, lcpImage: latest ? `/${latest.image.replace(/^\/+/, '')}` : undefined };
      }
      if (known) return { ...base, title: known.title, description: known.description ?? base.description };

      let match = /^\/blogs\/([^/]+)\/?$/.exec(pathname);
      if (match?.[1] && UUID.test(match[1])) {
        const [row] = await app.db
          .select({ title: blogs.title, description: blogs.description, image: blogs.image })
          .from(blogs)
          .where(and(eq(blogs.id, match[1]), eq(blogs.published, true)))
          .limit(1);
        if (row) return { ...base, type: 'article', title: `${row.title} – ${SITE_NAME}`, description: plainExcerpt(row.description), image: shareImage(row.image) };
      }
      match = /^\/success-stories\/([^/]+)\/?$/.exec(pathname);
      if (match?.[1] && UUID.test(match[1])) {
        const [row] = await app.db
          .select({ authorName: successStories.authorName, description: successStories.description, image: successStories.image })
          .from(successStories)
          .where(and(eq(successStories.id, match[1]), eq(successStories.published, true)))
          .limit(1);
        if (row) {
          return { ...base, type: 'article', title: `${row.authorName}: a success story – ${SITE_NAME}`, description: plainExcerpt(row.description), image: shareImage(row.image) };
        }
      }
      match = /^\/courses\/([^/]+)\/([^/]+)(?:\/.*)?$/.exec(pathname);
      if (match?.[1] && match[2] && isLanguageCode(match[1]) && UUID.test(match[2])) {
        const [row] = await app.db
          .select({ title: courses.title, description: courses.description, image: courses.image })
          .from(courses)
          .where(and(eq(courses.id, match[2]), eq(courses.lang, match[1]), eq(courses.published, true)))
          .limit(1);
        if (row) return { ...base, title: `${row.title} – ${SITE_NAME}`, description: plainExcerpt(row.description), image: shareImage(row.image) };
      }
      return base;
    }

    const notFound = (reply: FastifyReply) => reply.code(404).send(messageBody('notFound'));
    app.setNotFoundHandler(async (_request, reply) => notFound(reply));
    app.get('/*', async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const isPage = !pathname.startsWith('/api/') && pathname !== '/api' && !pathname.startsWith('/uploads/') &&
        // A missing script, style or image is a 404, not the app.
        !/\.[a-z0-9]{1,8}$/i.test(pathname);
      if (!isPage || !template) return notFound(reply);
      let meta: PageMeta;
      try {
        meta = await metaFor(pathname);
      } catch (error) {
        // A preview is a nicety: the page itself must still load.
        request.log.warn({ err: error }, 'page meta lookup failed');
        meta = { title: `${SITE_NAME} – ${TAGLINE}`, description: DEFAULT_DESCRIPTION, image: absolute(DEFAULT_IMAGE), url: absolute(pathname), type: 'website' };
      }
      const { scripts, styles } = preloadsFor(pathname, manifest);
      const cookieLang = request.cookies?.[LANGUAGE_COOKIE];
      const lang = cookieLang && isLanguageCode(cookieLang) ? cookieLang : DEFAULT_LANGUAGE;
      const search = new URLSearchParams(request.url.split('?')[1] ?? '');
      const rendered = renderer && isRenderedPage(pathname) ? await renderer.render(request, request.url, lang) : undefined;
      const hints = [
        ...(rendered ? [] : scripts).map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`),
        ...styles.map((href) => `<link rel="preload" as="style" crossorigin href="${escapeHtml(href)}" />`),
        // crossorigin (anonymous) matches the app's same-origin fetch, cookie included. A page
        // rendered here carries its data instead.
        ...(rendered ? [] : firstScreenCalls(pathname, search, lang)).map((href) => `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(href)}" />`),
      ].join('\n    ');
      const translations = translationsFor(pathname, lang, manifest, readTranslation);
      const data = [
        ...(Object.keys(translations).length ? [`<script type="application/json" id="i18n-data">${jsonForHtml({ lang, namespaces: translations })}</script>`] : []),
        ...(rendered ? [`<script type="application/json" id="query-data">${jsonForHtml(rendered.queryState)}</script>`] : []),
      ].map((block) => `\n    ${block}`).join('');
      const { bcp47, script } = LANGUAGES[lang];
      const html = (rendered ? startScriptsAfterPaint(template, scripts) : template)
        .replace(/<html lang="[^"]*"/, `<html lang="${bcp47}" data-script="${script}"`)
        .replace(/<!--head-tags-->[\s\S]*?<!--\/head-tags-->/, `${renderHeadTags(meta)}${hints ? `\n    ${hints}` : ''}${data}`)
        .replace('<div id="root"></div>', () => `<div id="root">${rendered?.html ?? ''}</div>`);
      return reply.code(200).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    });
  },
  { name: 'web-app', dependencies: ['config'] },
);
