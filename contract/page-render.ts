// The surface of the web app's server-side renderer (web/entry-server.tsx, built into
// <webDir>/.ssr/entry-server.js), as the server loads and calls it (server/modules/pages/). Types
// only: neither side imports anything from here at run time.
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
}

export interface PageRenderModule {
  renderPage(input: RenderInput): Promise<RenderResult>;
}
