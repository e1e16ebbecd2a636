// The routes of the web app, one per page declared in pages.ts. Each page is its own chunk
// (React.lazy), fetched together with its translation namespaces so it renders once, complete.
// Pages live in app/routes/ and compose features. (Declarative routes: the data-router half of
// React Router would add 17 KB gzip to every first load, and no page uses loaders.)
import { lazy, type ComponentType } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { i18n } from '../i18n/i18n';
import { pages, redirects, type PageDeclaration } from './pages';
import { RootLayout } from './layouts/root-layout';

type RouteModule = Record<string, unknown>;

// One lazily loaded chunk per module of app/routes/, by file name. (A module a page names but the
// folder lacks fails the build: web/app/pages-manifest.ts.)
const routeModules = import.meta.glob<RouteModule>(['./*.tsx', '!./*.test.tsx'], { base: './routes' });

/**
 * An export of a route module, loaded lazily with translation namespaces, in parallel. A
 * namespace that cannot be fetched does not stop the page: it shows that namespace's keys. (On the
 * server every namespace is given to the page's translator before rendering.)
 */
function lazyExport(module: string, name: string, namespaces: readonly string[]) {
  return lazy(async () => {
    const [loaded] = await Promise.all([
      routeModules[`./${module}.tsx`]!(),
      namespaces.length && !import.meta.env.SSR ? i18n.loadNamespaces(namespaces).catch(() => undefined) : undefined,
    ]);
    return { default: loaded[name] as ComponentType };
  });
}

/** The routes of the declared pages; pages sharing a layout sit under one layout route. */
function pageRoutes(declared: Record<string, PageDeclaration>): RouteObject[] {
  const routes: RouteObject[] = [];
  const layouts = new Map<string, RouteObject & { children: RouteObject[] }>();
  for (const [name, page] of Object.entries(declared)) {
    const View = lazyExport(page.module, page.view ?? 'Component', page.namespaces);
    const route: RouteObject = { id: name, path: page.path, element: <View /> };
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

export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      ...pageRoutes(pages),
      { path: redirects.stories.path, element: <Navigate to={redirects.stories.to} replace /> },
      { path: '*', element: <Navigate to={pages.home.path} replace /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(appRoutes);
}
