// The browser's router: React Router's BrowserRouter, plus whether a navigation is still waiting
// for its page. A move to another page is a transition (the page on screen stays until the next
// one's chunk and translations are there); `useNavigationPending()` tells the layout, which shows
// a progress bar when that takes more than a moment (layouts/navigation-progress.tsx).
//
// A page with unsaved work can hold moves (useLeaveGuard, web/lib/leave-guard.ts): a link
// or navigate() waits for the person's answer; the back and forward buttons are undone at once (the
// address goes back to the page's) and redone if the person lets the move go.
import { createContext, useContext, useLayoutEffect, useMemo, useState, useTransition, type ReactNode } from 'react';
import {
  Router,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  type Location,
  type NavigationType,
  type Navigator,
} from 'react-router';
import { NavigationGuardsProvider, type HeldListener, type NavigationGuards } from '../lib/navigation-blocker';

const NavigationPending = createContext(false);

/** Whether the address has changed and its page is not on screen yet (always false on the server). */
export function useNavigationPending(): boolean {
  return useContext(NavigationPending);
}

type History = ReturnType<typeof createBrowserHistory>;

/** The guard of the page on screen, and the navigator that asks it before every move. */
function guardedNavigation(history: History) {
  let guard: (() => boolean) | null = null;
  const listeners = new Set<HeldListener>();
  /** A step through the history let go after a hold: made without asking again. */
  let letThrough = false;
  /** The back or forward step that undid a held move: not a move of its own. */
  let undoing = false;

  const attempt = (move: () => void) => {
    if (!guard?.()) move();
    else for (const listener of listeners) listener(move);
  };

  const guards: NavigationGuards = {
    setGuard: (next) => {
      guard = next;
    },
    onHeld: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };

  const navigator: Navigator = {
    createHref: (to) => history.createHref(to),
    encodeLocation: (to) => history.encodeLocation(to),
    // A step through the history is held where the browser's buttons are: when it arrives (allowPop).
    go: (delta) => history.go(delta),
    push: (to, state) => attempt(() => history.push(to, state)),
    replace: (to, state) => attempt(() => history.replace(to, state)),
  };

  /** Whether a step through the browser's history should be shown (false: held or undone). */
  const allowPop = (delta: number | null): boolean => {
    if (undoing) {
      undoing = false;
      return false;
    }
    if (letThrough || delta === null || !guard?.()) {
      letThrough = false;
      return true;
    }
    undoing = true;
    history.go(-delta);
    const go = () => {
      letThrough = true;
      history.go(delta);
    };
    for (const listener of listeners) listener(go);
    return false;
  };

  return { guards, navigator, allowPop };
}

export function AppBrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory({ window, v5Compat: true }));
  const { guards, navigator, allowPop } = useMemo(() => guardedNavigation(history), [history]);
  const [state, setState] = useState<{ action: NavigationType; location: Location }>(() => ({
    action: history.action,
    location: history.location,
  }));
  const [pending, startTransition] = useTransition();
  useLayoutEffect(
    () =>
      history.listen((update) => {
        if (update.action === 'POP' && !allowPop(update.delta)) return;
        startTransition(() => setState({ action: update.action, location: update.location }));
      }),
    [history, allowPop],
  );
  return (
    <NavigationPending.Provider value={pending}>
      <NavigationGuardsProvider guards={guards}>
        <Router location={state.location} navigationType={state.action} navigator={navigator}>
          {children}
        </Router>
      </NavigationGuardsProvider>
    </NavigationPending.Provider>
  );
}
