import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Every path change starts at the top of the page (smoothly unless reduced motion is asked for). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, left: 0, behavior: reduce ? 'auto' : 'smooth' });
  }, [pathname]);
  return null;
}
