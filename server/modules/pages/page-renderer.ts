// Server-side rendering of the pages the page manifest marks `rendered` (the public pages, and a
// learner's own views for a visitor with a session): loads the web build's renderer
// (web/entry-server.tsx, built into <webDir>/.ssr; its surface is contract/page-render.ts) and
// runs it with the visitor's language, every translation of that
// language and the API answered inside this server (app.inject, with the visitor's cookie and
// address, so sessions and access rules apply as to the browser's own calls; marked as the
// server's own, so they spend none of the visitor's API allowance and are not shed, the page
// request having been counted and admitted already: plugins/rate-limit.ts). Without a renderer,
// or when a render fails, the page goes out as the bare app, which the browser renders itself.
// A page for a visitor without a session is the same for all of them: it is kept a few seconds
// (as the public reads are, ADR 8) or until content changes (ADR 21), so a busy page costs one
// render per language and address. So is a learner's view (lesson, quiz, chapter): rendered once
// for every learner, without anyone's session, and the learner's own data filled in by the browser
// (ADR 39).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LanguageCode } from '../../../contract/languages';
import type { PageRenderModule, RenderResult } from '../../../contract/page-render';
import { CHANGE_KINDS } from '../../lib/content-changes';
import { databaseUnavailable } from '../../plugins/database-faults';
import { sessionCookieName } from '../../plugins/session';
import type { Translations } from './translations';

/** A render that takes longer is given up: the visitor gets the page the browser renders. */
const RENDER_TIMEOUT_MS = 3000;

/**
 * A page rendered here; `personal` when it was rendered with the visitor's session (their name, their
 * progress), else the same for every visitor of its kind (`personalReads` set: every learner).
 */
export interface RenderedPage extends RenderResult {
  personal: boolean;
}

export interface PageRenderer {
  /**
   * The page rendered for this visitor, or undefined when the browser is to render it: a failed
   * render, or a learner's own view (`'signed-in'` in the page manifest) asked without a session.
   */
  render(
    request: FastifyRequest,
    url: string,
    language: LanguageCode,
    rendered: true | 'signed-in',
  ): Promise<RenderedPage | undefined>;
}

/**
 * A page's failure in the log, once per request, unless the database is away: that is logged once
 * when it goes and once when it is back (plugins/database-faults.ts), not again for every page.
 */
export function logPageFailure(app: FastifyInstance, request: FastifyRequest, error: unknown, message: string): void {
  if (databaseUnavailable(app, error) || (app.hasDecorator('databaseHealth') && app.databaseHealth.state() === 'down'))
    return;
  request.log.warn({ err: error, url: request.url }, message);
}

export async function createPageRenderer(
  app: FastifyInstance,
  webDir: string,
  /** Every translation namespace of a language. */
  translations: (language: LanguageCode) => Translations,
): Promise<PageRenderer | undefined> {
  const file = path.join(webDir, '.ssr/entry-server.js');
  if (!fs.existsSync(file)) return undefined;
  const renderer = (await import(pathToFileURL(file).href)) as PageRenderModule;

  // Read once per language: the files do not change while the server runs.
  const byLanguage = new Map<LanguageCode, Translations>();
  const namespacesOf = (language: LanguageCode) => {
    let namespaces = byLanguage.get(language);
    if (!namespaces) {
      namespaces = translations(language);
      byLanguage.set(language, namespaces);
    }
    return namespaces;
  };

  // Any page may show any kind of content (the home page shows courses, posts, stories, the banner and
  // the link to an open event).
  const anonymousPages = app.publicCaches.create<RenderResult>({
    name: 'pages',
    kinds: CHANGE_KINDS,
    maxEntries: 500,
  });
  // A learner's view depends on its course alone: kept as the public pages are, emptied when a course changes.
  const learnerViews = app.publicCaches.create<RenderResult>({
    name: 'learner-views',
    kinds: ['course'],
    maxEntries: 1000,
  });
  const sessionCookie = sessionCookieName(app);

  return {
    async render(request, url, language, rendered) {
      const withSession = Boolean(request.cookies?.[sessionCookie]);
      // Without a session a learner's view only sends the visitor to sign in, which the browser does.
      if (rendered === 'signed-in' && !withSession) return undefined;
      // A learner's view is rendered for every learner alike: its calls go without anyone's session.
      const forAnyLearner = rendered === 'signed-in';
      const cookie = forAnyLearner ? undefined : request.headers.cookie;
      const fetchInside = async (callPath: string, init: RequestInit): Promise<Response> => {
        const res = await app.inject({
          method: (init.method ?? 'GET') as 'GET',
          url: callPath,
          headers: {
            accept: 'application/json',
            ...app.innerCallHeaders,
            ...(cookie ? { cookie } : {}),
          },
          remoteAddress: request.ip,
          ...(typeof init.body === 'string' ? { payload: init.body } : {}),
        });
        const headers = new Headers();
        const type = res.headers['content-type'];
        if (typeof type === 'string') headers.set('content-type', type);
        return new Response(res.statusCode === 204 || res.statusCode === 304 ? null : new Uint8Array(res.rawPayload), {
          status: res.statusCode,
          headers,
        });
      };
      const render = () =>
        renderer.renderPage({
          url,
          language,
          namespaces: namespacesOf(language),
          fetch: fetchInside,
          timeoutMs: RENDER_TIMEOUT_MS,
          forAnyLearner,
        });
      try {
        // A failed render is not kept (the cache drops rejected loads): the next visitor tries again.
        if (forAnyLearner) return { ...(await learnerViews.get(`${language} ${url}`, render)), personal: false };
        if (withSession) return { ...(await render()), personal: true };
        return { ...(await anonymousPages.get(`${language} ${url}`, render)), personal: false };
      } catch (error) {
        logPageFailure(app, request, error, 'page not rendered on the server; the browser renders it');
        return undefined;
      }
    },
  };
}
