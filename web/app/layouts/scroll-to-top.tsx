import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** How long an address's #part may take to appear (a card shown once its data arrives). */
const TARGET_WAIT_MS = 5000;

/**
 * Every path change starts at the top of the page (smoothly unless reduced motion is asked for),
 * or at the element an address's #part names (`/user-profile#certificate`) once it is on the page.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const behavior = reduce ? 'auto' : 'smooth';
    const id = decodeURIComponent(hash.slice(1));
    if (!id) {
      window.scrollTo({ top: 0, left: 0, behavior });
      return;
    }
    const reach = () => {
      const target = document.getElementById(id);
      if (!target) return false;
      target.scrollIntoView({ behavior, block: 'start' });
      target.focus({ preventScroll: true });
      return true;
    };
    if (reach()) return;
    const observer = new MutationObserver(() => {
      if (reach()) stop();
    });
    const timer = window.setTimeout(() => stop(), TARGET_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname, hash]);
  return null;
}
