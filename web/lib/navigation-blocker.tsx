// Holding a move to another page while a page has work that is not saved (the console's editors):
// the browser's router (web/app/browser-router.tsx) asks the page's guard before every move, a link,
// navigate() or the back and forward buttons, and keeps the move waiting until the page lets it go
// or drops it. React Router's own useBlocker needs its data router, which this app does not use
// (web/app/router.tsx says why). Only the meeting point is here, as it is in every page's first
// load; the hook a page uses is the staff console's (web/staff-shared/components/leave-guard.ts).
import { createContext, useContext, type ReactNode } from 'react';

/** Told of a move held for the person's answer: `go` makes it; not calling it drops it. */
export type HeldListener = (go: () => void) => void;

/** The router's side: who, if anyone, holds moves now, and the move waiting for an answer. */
export interface NavigationGuards {
  /** Sets the page's guard (null: none); a guard answers true to hold a move. */
  setGuard: (guard: (() => boolean) | null) => void;
  /** Subscribes to held moves; returns the function that stops listening. */
  onHeld: (listener: HeldListener) => () => void;
}

const Guards = createContext<NavigationGuards | null>(null);

export function NavigationGuardsProvider({ guards, children }: { guards: NavigationGuards; children: ReactNode }) {
  return <Guards.Provider value={guards}>{children}</Guards.Provider>;
}

/** The router's guards, or null without the browser's router (on the server). */
export function useNavigationGuards(): NavigationGuards | null {
  return useContext(Guards);
}
