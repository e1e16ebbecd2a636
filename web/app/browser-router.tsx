// The browser's router: React Router's BrowserRouter, plus whether a navigation is still waiting
// for its page. A move to another page is a transition (the page on screen stays until the next
// one's chunk and translations are there); `useNavigationPending()` tells the layout, which shows
// a progress bar when that takes more than a moment (layouts/navigation-progress.tsx).
import { createContext, useContext, useLayoutEffect, useState, useTransition, type ReactNode } from 'react';
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory, type Location, type NavigationType } from 'react-router';

const NavigationPending = createContext(false);

/** Whether the address has changed and its page is not on screen yet (always false on the server). */
export function useNavigationPending(): boolean {
  return useContext(NavigationPending);
}

export function AppBrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory({ window, v5Compat: true }));
  const [state, setState] = useState<{ action: NavigationType; location: Location }>(() => ({
    action: history.action,
    location: history.location,
  }));
  const [pending, startTransition] = useTransition();
  useLayoutEffect(() => history.listen((update) => startTransition(() => setState(update))), [history]);
  return (
    <NavigationPending.Provider value={pending}>
      <Router location={state.location} navigationType={state.action} navigator={history}>
        {children}
      </Router>
    </NavigationPending.Provider>
  );
}
