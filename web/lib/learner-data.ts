// A learning view (lesson, quiz, chapter) rendered on the server once for every learner (ADR 39):
// the same HTML for all of them, with the learner's own data (their progress, their profile) left
// out and filled in by the browser. While it is on its way the view is drawn as for any signed-in
// learner: the session stands in for theirs, the sign-in and consent gates let the view through,
// and the check marks, progress and "Mark as complete" wait in the space they will take.
import { createContext, useContext } from 'react';
import type { SessionUser } from '../../contract/auth';

/** The session a shared render is drawn with: a signed-in learner, nobody in particular. */
export const STAND_IN_LEARNER: SessionUser = { role: 'user', name: '', active: true };

/**
 * A read of the learner's own data, by its address: a shared render leaves it for the browser (the
 * server does not call it without the learner's session), and the page asks the browser to start
 * it at once (a preload), before the scripts have arrived.
 */
export function personalRead(address: string): { personalRead: string } {
  return { personalRead: address };
}

/** The address of a personal read, from a query's meta; undefined for any other read. */
export function personalReadOf(meta: Record<string, unknown> | undefined): string | undefined {
  return typeof meta?.personalRead === 'string' ? meta.personalRead : undefined;
}

const LearnerDataFollows = createContext(false);
export const LearnerDataFollowsProvider = LearnerDataFollows.Provider;

/**
 * True on a page rendered for any learner, in the server's render and in the browser: a gate or a
 * view that would wait for the learner's own data draws what it can instead.
 */
export function useLearnerDataFollows(): boolean {
  return useContext(LearnerDataFollows);
}
