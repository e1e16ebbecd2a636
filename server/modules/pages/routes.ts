// The web app's pages: every GET that is not an API call or a file gets the built index.html with
// the page's title, share preview, first translations and preload hints, and a public page its
// markup rendered here. Which pages exist, and what each needs, comes from the web build's page
// manifest (web/app/pages.ts); the server has no list of its own. Unknown /api/* paths and
// missing files stay JSON 404s (a known /api/ path with a method it lacks, a 405). Registered
// last in app.ts: a catch-all GET route (a route, so responses are compressed like any other)
// and the not-found handler for everything else.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGES,
  isLanguageCode,
  type LanguageCode,
  type Script,
} from '../../../contract/languages';
import { webAppManifestFile, type PageManifestEntry } from '../../../contract/page-manifest';
import { messageBody } from '../../../contract/messages';
import { CHANGE_KINDS } from '../../lib/content-changes';
import { sessionCookieName } from '../../plugins/session';
import { assemblePage, escapeHtml, jsonForHtml, renderHeadTags, startScriptsAfterPaint, type PageMeta } from './html';
import { pageMatcher, type PageMatch } from './page-match';
import { createPageRenderer, logPageFailure } from './page-renderer';
import { queryDataOf, sendPage, SESSION_STATUS_CALL, type FinishedPage } from './page-answer';
import { sharePreview, sitePreview, type SharePreviewContext } from './share-preview';
import { allNamespaces, readNamespaces, translationsFor } from './translations';
import { readWebBuild } from './web-build';

/** The web app's pages are not part of the API, so its document leaves them out. */
const PAGE_ROUTE = { schema: { hide: true } };

/** The script of the course a learner's view (`rendered: 'signed-in'`) shows, from its address. */
function courseScriptOf({ page, params }: PageMatch): Script | undefined {
  if (page.rendered !== 'signed-in' || page.preview?.content !== 'course') return undefined;
  const lang = params[page.preview.langParam];
  return lang && isLanguageCode(lang) ? LANGUAGES[lang].script : undefined;
}

function isPageAddress(pathname: string): boolean {
  return (
    !pathname.startsWith('/api/') &&
    pathname !== '/api' &&
    !pathname.startsWith('/uploads/') &&
    // A missing script, style or image is a 404, not the app.
    !/\.[a-z0-9]{1,8}$/i.test(pathname)
  );
}

export default fp(
  async function pages(app: FastifyInstance, opts: { webDir?: string }) {
    // A known /api/ path asked with a method it does not have is a 405, a segment no parameter
    // takes a 400 (plugins/allowed-methods.ts).
    const notFound = (request: FastifyRequest, reply: FastifyReply) => {
      const answer = app.unroutedApiAnswer(request.method, request.url);
      if (answer) throw answer;
      return reply.code(404).send(messageBody('notFound'));
    };
    app.setNotFoundHandler(async (request, reply) => notFound(request, reply));
    const build = readWebBuild(opts.webDir);
    if (!build) {
      app.get('/*', PAGE_ROUTE, async (request, reply) => notFound(request, reply));
      return;
    }
    const { template, viteManifest, pageManifest, readTranslation } = build;
    const matchPage = pageMatcher(pageManifest.pages);
    const renderer = viteManifest
      ? await createPageRenderer(app, build.dir, (language) =>
          readNamespaces(allNamespaces(viteManifest), language, viteManifest, readTranslation),
        )
      : undefined;
    const publicUrl = app.config.publicUrl;
    const preview: SharePreviewContext = {
      db: app.db,
      site: pageManifest.site,
      absolute: (p) => `${publicUrl}/${p.replace(/^\/+/, '')}`,
    };
    // A preview is the same for every visitor: kept as long as the public reads are (ADR 8) or until
    // a post, a story or a course changes (ADR 21), so a busy post costs its lookup once per language
    // and address, not once per view.
    const previews = app.publicCaches.create<PageMeta>({
      name: 'previews',
      kinds: ['blog', 'story', 'course'],
      maxEntries: 500,
    });
    const previewOf = (request: FastifyRequest, pathname: string, match: PageMatch | undefined, lang: LanguageCode) =>
      previews
        .get(`${lang} ${pathname}`, () => sharePreview(preview, pathname, match, lang))
        .catch((error: unknown) => {
          // A preview is a nicety: the page itself must still load.
          logPageFailure(app, request, error, 'page meta lookup failed');
          return sitePreview(preview, pathname);
        });

    // Everything of a page's HTML that depends only on the page, the language and whether it was
    // rendered here (the template, preload hints, first translations): the build does not change
    // while the server runs, so each is made on its first visit and kept.
    const frames = new Map<string, { template: string; htmlAttributes: string; head: string }>();
    const frameOf = (
      page: PageManifestEntry | undefined,
      lang: LanguageCode,
      rendered: boolean,
      courseScript: Script | undefined,
    ) => {
      const key = `${page?.name ?? ''} ${lang} ${rendered} ${courseScript ?? ''}`;
      let frame = frames.get(key);
      if (!frame) {
        const scripts = page?.scripts ?? [];
        const { bcp47, script } = LANGUAGES[lang];
        // The interface's Indic font is needed for the first paint: fetched only once the
        // stylesheet is read and text of its script laid out, it would arrive after that paint and
        // move the page (its metrics differ from the fallback's; the fallback is sized to Noto
        // Sans' Latin, which moves short public texts by nothing measurable). A learner's view
        // rendered here is mostly its course's running text, whose lines the Latin fallback too
        // wraps differently (a lesson moved by 0.021): its course's script's font as well.
        const fontScripts = new Set<Script>([
          ...(script === 'Latin' ? [] : [script]),
          ...(rendered && courseScript ? [courseScript] : []),
        ]);
        const hints = [
          ...(build.webAppManifests ? [`<link rel="manifest" href="/${webAppManifestFile(lang)}" />`] : []),
          ...[...fontScripts]
            .flatMap((name) => pageManifest.fonts[name] ?? [])
            .map((href) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${escapeHtml(href)}" />`),
          ...(rendered ? [] : scripts).map(
            (href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`,
          ),
          ...(page?.styles ?? []).map(
            (href) => `<link rel="preload" as="style" crossorigin href="${escapeHtml(href)}" />`,
          ),
          // crossorigin (anonymous) matches the app's same-origin fetch, cookie included. The staff
          // console never asks it: preloaded there, the browser warns it went unused.
          ...(rendered || page?.console ? [] : [SESSION_STATUS_CALL]).map(
            (href) => `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(href)}" />`,
          ),
        ];
        const translations = translationsFor(page, lang, viteManifest, readTranslation);
        if (Object.keys(translations).length) {
          hints.push(
            `<script type="application/json" id="i18n-data">${jsonForHtml({ lang, namespaces: translations })}</script>`,
          );
        }
        frame = {
          template: rendered ? startScriptsAfterPaint(template, scripts) : template,
          htmlAttributes: `lang="${bcp47}" data-script="${script}"`,
          head: hints.map((tag) => `\n    ${tag}`).join(''),
        };
        frames.set(key, frame);
      }
      return frame;
    };

    const finishedPages = app.publicCaches.create<FinishedPage>({
      name: 'finished-pages',
      kinds: CHANGE_KINDS,
      maxEntries: 1000,
    });
    const sessionCookie = sessionCookieName(app);

    app.get('/*', PAGE_ROUTE, async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (!isPageAddress(pathname)) return notFound(request, reply);
      const cookieLang = request.cookies?.[LANGUAGE_COOKIE];
      const lang = cookieLang && isLanguageCode(cookieLang) ? cookieLang : DEFAULT_LANGUAGE;
      const withSession = Boolean(request.cookies?.[sessionCookie]);
      const key = `${lang} ${withSession ? 'session' : 'none'} ${request.url}`;
      const kept = finishedPages.peek(key);
      if (kept) return sendPage(request, reply, kept, false);
      const match = matchPage(pathname);
      const [meta, rendered] = await Promise.all([
        previewOf(request, pathname, match, lang),
        renderer && match?.page.rendered ? renderer.render(request, request.url, lang, match.page.rendered) : undefined,
      ]);
      // A page whose item does not exist is a 404 that the browser renders ("not found" in its words).
      const notFoundPage = rendered?.notFound === true;
      const shown = notFoundPage ? undefined : rendered;
      const frame = frameOf(match?.page, lang, Boolean(shown), match && courseScriptOf(match));
      const html = assemblePage(frame.template, {
        htmlAttributes: frame.htmlAttributes,
        head: `${renderHeadTags(meta, pageManifest.site.name)}${frame.head}${shown ? queryDataOf(shown) : ''}`,
        root: shown?.html ?? '',
      });
      const page: FinishedPage = { status: notFoundPage ? 404 : 200, body: Buffer.from(html) };
      const personal = rendered?.personal === true;
      // A page the server meant to render but could not goes out as the bare app, and is not kept:
      // the next visitor's render may well succeed.
      const renderFailed =
        Boolean(renderer && match?.page.rendered) && !rendered && (match?.page.rendered === true || withSession);
      if (!personal && !renderFailed) finishedPages.set(key, page);
      return sendPage(request, reply, page, personal);
    });
  },
  { name: 'pages', dependencies: ['config', 'allowed-methods'] },
);
