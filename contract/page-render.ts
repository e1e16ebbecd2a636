// The surface of the web app's server-side renderer (web/entry-server.tsx, built into
// <webDir>/.ssr/entry-server.js), as the server loads and calls it (server/modules/pages/), and the
// mark the server puts on a page rendered for any learner, which the browser reads.
import type { LanguageCode } from './languages';

/** How a render reaches the API: the server answers each call inside itself, as for the visitor. */
export type RenderFetch = (path: string, init: RequestInit) => Promise<Response>;

export interface RenderInput {
  /** Path and query of the page. */
  url: string;
  language: LanguageCode;
  /** Every translation namespace of the language (nothing is fetched while rendering). */
  namespaces: Record<string, Record<string, unknown>>;
  /** Answers the app's API calls for this visitor (their cookie, their address). */
  fetch: RenderFetch;
  /** A render that takes longer is given up (the browser then renders the page itself). */
  timeoutMs?: number;
  /**
   * Render for every signed-in learner alike (a learning view, ADR 39): a stand-in session, and the
   * learner's own reads left for the browser. `fetch` then answers as to a visitor without a session.
   */
  forAnyLearner?: boolean;
}

/** `QueryState` is TanStack Query's dehydrated state; the server only writes it into the page as JSON. */
export interface RenderResult<QueryState = unknown> {
  /** The markup inside #root. */
  html: string;
  /** The data the page was rendered with, for the browser's query cache before hydrating. */
  queryState: QueryState;
  /**
   * The page names nothing that exists (its item's read answered 404: a mistyped or withdrawn post,
   * story or course): the server answers 404, and the browser renders the page's own "not found".
   */
  notFound?: true;
  /**
   * Rendered for any learner: the addresses of the learner's own reads the page left for the
   * browser (their progress, their profile), which the page asks the browser to start at once.
   */
  personalReads?: string[];
}

export interface PageRenderModule {
  renderPage(input: RenderInput): Promise<RenderResult>;
}

/**
 * The attribute and value on the page's query data (`<script id="query-data">`) that say it was
 * rendered for any learner (`forAnyLearner`): the browser sets the stand-in session and asks for its own.
 */
export const LEARNER_DATA_ATTRIBUTE = 'data-learner-data';
export const LEARNER_DATA_FOLLOWS = 'follows';
