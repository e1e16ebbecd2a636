// Asking before unsaved work is left: while `when` is true, a move to another page of the app waits
// for the person's answer (`held`, through the router's guards, web/lib/navigation-blocker.tsx), and
// leaving the site, reloading or closing the tab asks through the browser (`beforeunload`).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigationGuards } from '../../lib/navigation-blocker';

export interface LeaveGuard {
  /** A move is waiting for the person's answer. */
  held: boolean;
  /** Makes the waiting move. */
  proceed: () => void;
  /** Drops it: the page stays. */
  stay: () => void;
}

export function useLeaveGuard(when: boolean): LeaveGuard {
  const guards = useNavigationGuards();
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
