// Holding a move to another page while a page has work that is not saved (the course editor): the
// browser's router (web/app/browser-router.tsx) asks the page's guard before every move, a link,
// navigate() or the back and forward buttons, and keeps the move waiting until the page lets it go
// or drops it. React Router's own useBlocker needs its data router, which this app does not use
// (web/app/router.tsx says why). Leaving the site or closing the tab is the browser's question
// (`beforeunload`), asked by useLeaveGuard too.
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';

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

export interface LeaveGuard {
  /** A move is waiting for the person's answer. */
  held: boolean;
  /** Makes the waiting move. */
  proceed: () => void;
  /** Drops it: the page stays. */
  stay: () => void;
}

/**
 * While `when` is true, moves to another page wait for the person's answer (`held`), and leaving the
 * site or reloading asks through the browser. Without the browser's router (on the server) nothing
 * is held.
 */
export function useLeaveGuard(when: boolean): LeaveGuard {
  const guards = useContext(Guards);
  const whenRef = useRef(when);
  const [held, setHeld] = useState<(() => void) | null>(null);

  useEffect(() => {
    whenRef.current = when;
  }, [when]);

  useEffect(() => {
    if (!guards) return;
    guards.setGuard(() => whenRef.current);
    const stop = guards.onHeld((go) => setHeld(() => go));
    return () => {
      stop();
      guards.setGuard(null);
    };
  }, [guards]);

  useEffect(() => {
    if (!when) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers read the question from returnValue; every browser shows its own words.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [when]);

  const proceed = useCallback(() => {
    setHeld(null);
    held?.();
  }, [held]);
  const stay = useCallback(() => setHeld(null), []);
  return { held: held !== null, proceed, stay };
}
