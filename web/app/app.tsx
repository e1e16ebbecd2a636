import { Suspense } from 'react';
import { AppRoutes } from './router';

/**
 * The app inside its router and providers: the browser wraps it in a BrowserRouter (main.tsx), the
 * server in a StaticRouter (entry-server.tsx). Both trees must be the same for hydration.
 */
export function App() {
  return (
    <Suspense fallback={null}>
      <AppRoutes />
    </Suspense>
  );
}
