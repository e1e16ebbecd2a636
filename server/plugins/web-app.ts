// The web app's entry page for every path that is not an API call or a file, with the page's own
// title, description and share-preview tags (Open Graph, Twitter) written into it, so a link shared
// on WhatsApp shows what it points to. Blog, story and course titles come from the database.
// Unknown /api/* paths stay JSON 404s. Registered last in app.ts: it is the not-found handler.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq } from 'drizzle-orm';
import { blogs, courses, successStories } from '../db/schema';
import { isLanguageCode } from '../../contract/languages';

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URL of a raster image (link previews do not show SVG). */
  image: string;
  url: string;
  type: 'website' | 'article';
}

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
  ].join('\n    ');
}

export default fp(
  async function webApp(app: FastifyInstance, opts: { webDir?: string }) {
    const indexFile = opts.webDir ? path.join(opts.webDir, 'index.html') : undefined;
    const template = indexFile && fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined;
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
      const known = STATIC_PAGES[pathname.toLowerCase().replace(/\/+$/, '') || '/'];
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

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const isPage = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/') && pathname !== '/api' && !pathname.startsWith('/uploads/') &&
        // A missing script, style or image is a 404, not the app.
        !/\.[a-z0-9]{1,8}$/i.test(pathname);
      if (!isPage || !template) return reply.code(404).send({ message: 'Not found' });
      let meta: PageMeta;
      try {
        meta = await metaFor(pathname);
      } catch (error) {
        // A preview is a nicety: the page itself must still load.
        request.log.warn({ err: error }, 'page meta lookup failed');
        meta = { title: `${SITE_NAME} – ${TAGLINE}`, description: DEFAULT_DESCRIPTION, image: absolute(DEFAULT_IMAGE), url: absolute(pathname), type: 'website' };
      }
      const html = template.replace(/<!--head-tags-->[\s\S]*?<!--\/head-tags-->/, renderHeadTags(meta));
      return reply.code(200).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    });
  },
  { name: 'web-app', dependencies: ['config'] },
);
