// Registers the site's service worker (web/public/sw.js, ADR 43) once the page is loaded and the
// browser is idle, so it takes nothing from the first load; and offers a new version of the site when
// one is ready, never forcing it: the learner chooses "Reload" (useUpdateReady, takeUpdate).
import { useSyncExternalStore } from 'react';
import { OUTBOX_WAITING_FLAG, offlineSide } from './when-offline';

const WORKER_URL = '/sw.js';

let waiting: ServiceWorker | null = null;
let reloadOnTakeOver = false;
const listeners = new Set<() => void>();

function offer(worker: ServiceWorker) {
  waiting = worker;
  listeners.forEach((listener) => listener());
}

function watch(registration: ServiceWorkerRegistration | undefined) {
  // A browser that refuses workers for the site (an enterprise policy, a test harness) may answer none.
  if (!registration) return;
  // A version that was ready before this page opened (an earlier page did not take it).
  if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      // Installed while another version serves the page: an update. The first install is not one.
      if (installing.state === 'installed' && navigator.serviceWorker.controller) offer(installing);
    });
  });
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloadOnTakeOver) window.location.reload();
  });
}

/** Registers the worker after the page's load, when the browser is idle. Not in development. */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(WORKER_URL).then(watch, (error: unknown) => {
      // The site works without it; only opening it without a network does not.
      console.info('the site works online only here: its service worker could not be registered', error);
    });
    // Changes made offline wait (a flag of web/lib/offline/outbox.ts): sent from whatever page the
    // app starts on; the outbox's code loads only then.
    if (localStorage.getItem(OUTBOX_WAITING_FLAG)) void offlineSide().then((o) => o.startFlusher());
  };
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(register, { timeout: 10_000 })
      : setTimeout(register, 2000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/** Whether a new version of the site is ready to take over. */
export function useUpdateReady(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting !== null,
    () => false,
  );
}

/** Lets the waiting version take over, then reloads the page with it. */
export function takeUpdate(): void {
  if (!waiting) return;
  reloadOnTakeOver = true;
  waiting.postMessage({ type: 'take-over' });
}
