// Pages rendered to HTML on the server (the public ones, and a signed-in learner's lesson and quiz),
// so a visitor on a slow phone sees the page before any script has arrived; the browser then
// hydrates the same tree (main.tsx). Built by `vite build --ssr` into the web build's .ssr folder
// and loaded by server/modules/pages/, which gives each render the visitor's language, its
// translations and a way to call the API inside the server. Its input and output are
// contract/page-render.ts.
import { isPageSubject } from './lib/page-subject';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ReactElement } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import {
  defaultShouldDehydrateQuery,
  dehydrate,
  type DehydratedState,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import type { RenderInput, RenderResult } from '../contract/page-render';
import { isNotFound, setApiTransport, type ApiTransport } from './lib/api-client';
import { createServerI18n } from './i18n/i18n';
import { AppProviders, createQueryClient } from './app/providers';
import { App } from './app/app';
import { sessionKeys } from './lib/session';
import { personalReadOf, STAND_IN_LEARNER } from './lib/learner-data';

/**
 * Rendering finds a page's data calls as its components ask for them: each pass renders, then
 * fetches the calls that are still waiting (a call that depends on another shows up one pass
 * later). Public pages need one or two; a learner's lesson or quiz three (its frame leaves the
 * view's reads waiting with the session's, then the learner's own follow: learning/api/prefetch.ts).
 */
const MAX_DATA_PASSES = 3;

const transports = new AsyncLocalStorage<ApiTransport>();
setApiTransport((path, init) => {
  const transport = transports.getStore();
  if (!transport) return Promise.reject(new Error(`API call outside a server render: ${path}`));
  return transport(path, init);
});

async function renderToHtml(element: ReactElement, signal: AbortSignal): Promise<string> {
  let failure: unknown;
  const { prelude } = await prerenderToNodeStream(element, {
    signal,
    onError(error) {
      failure ??= error;
    },
  });
  let html = '';
  for await (const chunk of prelude)
    html += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
  // A component that failed on the server would be rendered by the browser alone, and hydration
  // would not match: the page is left to the browser instead.
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return html;
}

function isEnabled(query: Query): boolean {
  const enabled = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled;
  return (typeof enabled === 'function' ? enabled(query) : enabled) !== false;
}

function waitingQueries(queryClient: QueryClient, tried: Set<string>, forAnyLearner: boolean): Query[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter(
      (query) =>
        query.state.status === 'pending' &&
        query.state.fetchStatus === 'idle' &&
        isEnabled(query) &&
        !tried.has(query.queryHash) &&
        // Rendered for any learner, the learner's own reads are the browser's.
        !(forAnyLearner && personalReadOf(query.meta)),
    );
}

/** The learner's own reads a render for any learner left waiting: the browser starts them at once. */
function personalReads(queryClient: QueryClient): string[] {
  const reads = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'pending')
    .map((query) => personalReadOf(query.meta))
    .filter((read): read is string => read !== undefined);
  return [...new Set(reads)];
}

const isSession = (query: Query) => query.queryKey[0] === sessionKeys.session[0];

export async function renderPage(input: RenderInput): Promise<RenderResult<DehydratedState>> {
  const queryClient = createQueryClient();
  // One try per call: a failing call makes the browser render the page, not the server wait.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const i18n = createServerI18n(input.language, input.namespaces);
  const forAnyLearner = input.forAnyLearner === true;
  // The session every learner's copy is drawn with; the browser asks for the learner's own.
  if (forAnyLearner) queryClient.setQueryData(sessionKeys.session, STAND_IN_LEARNER);
  const element = (
    <AppProviders i18n={i18n} queryClient={queryClient} learnerDataFollows={forAnyLearner}>
      <StaticRouter location={input.url}>
        <App />
      </StaticRouter>
    </AppProviders>
  );
  const signal = AbortSignal.timeout(input.timeoutMs ?? 3000);
  return transports.run(input.fetch, async () => {
    const tried = new Set<string>();
    let html = await renderToHtml(element, signal);
    for (let pass = 1; pass < MAX_DATA_PASSES; pass++) {
      const waiting = waitingQueries(queryClient, tried, forAnyLearner);
      if (!waiting.length) break;
      waiting.forEach((query) => tried.add(query.queryHash));
      await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)));
      html = await renderToHtml(element, signal);
    }
    const failures = queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.status === 'error');
    // The page's item does not exist: a 404, whose "not found" the browser renders.
    if (failures.some((query) => isPageSubject(query.meta)) && failures.every((query) => isNotFound(query.state.error)))
      return { html: '', queryState: { mutations: [], queries: [] }, notFound: true };
    const failed = failures[0];
    // An error state cannot be handed to the browser as it is: the browser asks again itself.
    if (failed) throw new Error(`call ${failed.queryHash} failed: ${String(failed.state.error)}`);
    if (!forAnyLearner) return { html, queryState: dehydrate(queryClient) };
    return {
      html,
      // The stand-in session stays on the server: the browser sets its own (web/main.tsx).
      queryState: dehydrate(queryClient, {
        shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) && !isSession(query),
      }),
      personalReads: personalReads(queryClient),
    };
  });
}
