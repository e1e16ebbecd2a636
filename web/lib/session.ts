// The signed-in user, loaded once per page load from GET /api/user/session-status. Only the role
// "user" counts as a session here (staff sign in elsewhere); "signed in" means present and active.
import { useEffect } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '../../contract/auth';
import { api, ApiError, onUnauthorized } from './api-client';
import { offlineSide } from './when-offline';

export const sessionKeys = {
  session: ['session'] as const,
};

/** The learner in an answer that says who is signed in (session-status, login, register). */
export function learnerOf(data: { user: SessionUser | null }): SessionUser | null {
  return data.user && data.user.role === 'user' ? data.user : null;
}

async function fetchSession(): Promise<SessionUser | null> {
  try {
    return learnerOf(await api.get('/api/user/session-status'));
  } catch (error) {
    // Without a network: the learner kept on this phone with a course saved for offline (ADR 42),
    // so the saved course opens; its code loads only then, never with a page's first scripts.
    if (error instanceof ApiError && error.status === 0) {
      return offlineSide().then(
        (o) => o.keptSession(),
        () => null,
      );
    }
    // A failed status check leaves the visitor anonymous instead of breaking the page.
    console.warn('session status unavailable', error);
    return null;
  }
}

/** The session query, also for reading the session outside a component (after signing in). */
export const sessionQuery = queryOptions({ queryKey: sessionKeys.session, queryFn: fetchSession, staleTime: Infinity });

export function useSession() {
  const queryClient = useQueryClient();
  const query = useQuery(sessionQuery);
  useEffect(() => onUnauthorized(() => queryClient.setQueryData(sessionKeys.session, null)), [queryClient]);
  const user = query.data ?? null;
  return { user, loading: query.isPending, signedIn: Boolean(user?.active) };
}

export function useSignOut() {
  return useMutation({
    // What the learner did offline is sent first; then, once the server has ended the session,
    // everything the phone keeps of them is deleted (web/lib/offline/).
    mutationFn: () => offlineSide().then((o) => o.signOut()),
    // The whole app starts over without the session, as the specification's reload does.
    onSettled: () => window.location.reload(),
  });
}
