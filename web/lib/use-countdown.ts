import { useCallback, useEffect, useState } from 'react';

/** Seconds left until a moment, ticking once a second; start(seconds) begins a new count. */
export function useCountdown() {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    const timer = window.setTimeout(() => setNow(Date.now()), 250);
    return () => window.clearTimeout(timer);
  }, [until, now]);
  const start = useCallback((seconds: number) => {
    const current = Date.now();
    setNow(current);
    setUntil(current + seconds * 1000);
  }, []);
  const reset = useCallback(() => setUntil(0), []);
  return { secondsLeft: Math.max(0, Math.ceil((until - now) / 1000)), start, reset };
}
