// The routes of the web app, one per page declared in pages.ts. Each page is its own chunk
// (React.lazy), fetched together with its translation namespaces so it renders once, complete.
// Pages live in app/routes/ and compose features. (Declarative routes: the data-router half of
// React Router would add 17 KB gzip to every first load, and no page uses loaders.)
import { lazy, type ComponentType } from 'react';
import { Navigate, matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { i18n } from '../i18n/i18n';
import { pages, redirects, type PageDeclaration } from './pages';
import { ConsoleRoot, RootLayout } from './layouts/root-layout';

type RouteModule = Record<string, unknown>;

// One lazily loaded chunk per module of app/routes/, by file name. (A module a page names but the
// folder lacks fails the build: web/app/pages-manifest.ts.)
const routeModules = import.meta.glob<RouteModule>(['./*.tsx', '!./*.test.tsx'], { base: './routes' });

/**
 * Loads a route module with translation namespaces, in parallel, once (the page's lazy component
 * and a preload share the promise). A namespace that cannot be fetched does not stop the page: it
 * shows that namespace's keys. (On the server every namespace is given to the page's translator
 * before rendering.) A failed load is forgotten, so the next visit tries again.
 */
const loads = new Map<string, Promise<RouteModule>>();
function loadModule(module: string, namespaces: readonly string[]): Promise<RouteModule> {
  const key = `${module}|${namespaces.join(',')}`;
  let load = loads.get(key);
  if (!load) {
    load = Promise.all([
      routeModules[`./${module}.tsx`]!(),
      namespaces.length && !import.meta.env.SSR ? i18n.loadNamespaces(namespaces).catch(() => undefined) : undefined,
    ]).then(([loaded]) => loaded);
    load.catch(() => loads.delete(key));
    loads.set(key, load);
  }
  return load;
}

/** An export of a route module as a lazy component. */
function lazyExport(module: string, name: string, namespaces: readonly string[]) {
  return lazy(async () => ({ default: (await loadModule(module, namespaces))[name] as ComponentType }));
}

/** The routes of the declared pages; pages sharing a layout sit under one layout route. */
function pageRoutes(declared: Record<string, PageDeclaration>): RouteObject[] {
  const routes: RouteObject[] = [];
  const layouts = new Map<string, RouteObject & { children: RouteObject[] }>();
  for (const [name, page] of Object.entries(declared)) {
    const View = lazyExport(page.module, page.view ?? 'Component', page.namespaces);
    const preload = () => loadModule(page.module, page.namespaces);
    const route: RouteObject = { id: name, path: page.path, element: <View />, handle: { preload } };
    if (!page.layout) {
      routes.push(route);
      continue;
    }
    const id = `${page.module}.${page.layout}`;
    let layout = layouts.get(id);
    if (!layout) {
      const Layout = lazyExport(page.module, page.layout, page.namespaces);
      layout = { id, element: <Layout />, children: [] };
      layouts.set(id, layout);
      routes.push(layout);
    }
    layout.children.push(route);
  }
  return routes;
}

/** The pages of one frame: the public site's, or the staff console's. */
function pagesOf(frame: 'site' | 'console'): Record<string, PageDeclaration> {
  const declared: Record<string, PageDeclaration> = pages;
  return Object.fromEntries(
    Object.entries(declared).filter(([, page]) => (page.console ? 'console' : 'site') === frame),
  );
}

export const appRoutes: RouteObject[] = [
  // The staff console has a frame of its own, in its own chunk (the layout of its pages).
  { element: <ConsoleRoot />, children: pageRoutes(pagesOf('console')) },
  {
    element: <RootLayout />,
    children: [
      ...pageRoutes(pagesOf('site')),
      { path: redirects.stories.path, element: <Navigate to={redirects.stories.to} replace /> },
      { path: '*', element: <Navigate to={pages.home.path} replace /> },
    ],
  },
];

/**
 * Fetches the chunk and translations of the page at an address ahead of a move there (a sign-in
 * about to lead to it), so the move itself waits for nothing. Errors are left to the move.
 */
export function preloadPage(address: string): void {
  for (const match of matchRoutes(appRoutes, address) ?? []) {
    const handle = match.route.handle as { preload?: () => Promise<unknown> } | undefined;
    handle?.preload?.().catch(() => undefined);
  }
}

export function AppRoutes() {
  return useRoutes(appRoutes);
}
