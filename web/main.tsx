import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import './styles/global.css';
import { i18n, initI18n, pageLanguage, storedLanguage } from './i18n/i18n';
import { AppProviders, createQueryClient } from './app/providers';
import { App } from './app/app';
import { AppBrowserRouter } from './app/browser-router';

const queryClient = createQueryClient();

/** The data a server-rendered page was rendered with (server/modules/pages/). */
function renderedQueryState(): DehydratedState | undefined {
  const element = document.getElementById('query-data');
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as DehydratedState;
  } catch {
    return undefined;
  }
}

const tree = (
  <AppProviders i18n={i18n} queryClient={queryClient}>
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
  hydrateRoot(root, tree);
} else if (root) {
  // The common namespace of the visitor's language starts downloading before React renders.
  void initI18n();
  createRoot(root).render(tree);
}
