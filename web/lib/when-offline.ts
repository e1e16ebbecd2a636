// The one way the app's shared first scripts reach learning without a network's code
// (web/lib/offline/, ADR 42): one lazy import, so a public page's first load carries none of it, and
// the session, sign-out, start, profile and progress all share its single loader.
export const offlineSide = () => import('./offline/app-hooks');

/**
 * Set in localStorage while changes made offline wait to be sent, and only that (no content): the
 * app's start (service-worker.ts) then loads the sender, on whatever page it starts.
 */
export const OUTBOX_WAITING_FLAG = 'jgk_outbox_waiting';
