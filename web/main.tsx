import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import './styles/global.css';
import { i18n, initI18n, pageLanguage, storedLanguage } from './i18n/i18n';
import { AppProviders, createQueryClient } from './app/providers';
import { App } from './app/app';
import { AppBrowserRouter } from './app/browser-router';
import { sessionKeys } from './lib/session';
import { STAND_IN_LEARNER } from './lib/learner-data';
import { LEARNER_DATA_ATTRIBUTE, LEARNER_DATA_FOLLOWS } from '../contract/page-render';
import { registerServiceWorker } from './lib/service-worker';

const queryClient = createQueryClient();

const queryDataElement = document.getElementById('query-data');

/** The data a server-rendered page was rendered with (server/modules/pages/). */
function renderedQueryState(): DehydratedState | undefined {
  if (!queryDataElement?.textContent) return undefined;
  try {
    return JSON.parse(queryDataElement.textContent) as DehydratedState;
  } catch {
    return undefined;
  }
}

/** A learning view rendered for any learner (ADR 39): this learner's own data follows. */
const learnerDataFollows = queryDataElement?.getAttribute(LEARNER_DATA_ATTRIBUTE) === LEARNER_DATA_FOLLOWS;

const tree = (
  <AppProviders i18n={i18n} queryClient={queryClient} learnerDataFollows={learnerDataFollows}>
    <AppBrowserRouter>
      <App />
    </AppBrowserRouter>
  </AppProviders>
);

const root = document.getElementById('root');
const queryState = renderedQueryState();
if (root && queryState && root.firstElementChild) {
  // The server rendered this page: the browser takes it over with the same language and data
  // (the root layout then switches to the visitor's stored language if the page was written in
  // another one, once hydrated: followStoredLanguage).
  void initI18n(pageLanguage() ?? storedLanguage());
  hydrate(queryClient, queryState);
  if (learnerDataFollows) {
    // Hydrated with the session the server drew the page with, then asked for this visitor's own
    // (preloaded with the page): a session that has ended sends them to sign in, as before.
    queryClient.setQueryData(sessionKeys.session, STAND_IN_LEARNER);
    void queryClient.invalidateQueries({ queryKey: sessionKeys.session });
  }
  hydrateRoot(root, tree);
} else if (root) {
  // The common namespace of the visitor's language starts downloading before React renders.
  void initI18n();
  createRoot(root).render(tree);
}

// Lets the site open without a network (web/public/sw.js), once the page has loaded.
registerServiceWorker();
