// The event quiz's public reads (ADR 40): an event's page and its leaderboard in the reader's
// language. The entrant's own entry is api/entry.ts.
import { useQuery } from '@tanstack/react-query';
import type { LeaderboardAnswer, PublicEventAnswer } from '../../../../contract/events';
import { useLanguage } from '../../../i18n/use-language';
import { api, ApiError } from '../../../lib/api-client';
import { PAGE_SUBJECT } from '../../../lib/page-subject';
import { eventKeys } from './keys';

/** An event's public page; 404 names nothing (the page answers "not found"). */
export function useEvent(key: string) {
  const { language: lang } = useLanguage();
  return useQuery({
    queryKey: eventKeys.event(lang, key),
    queryFn: ({ signal }): Promise<PublicEventAnswer> =>
      api.get('/api/events/public/{lang}/{key}', { path: { lang, key }, signal }),
    meta: PAGE_SUBJECT,
    select: (data) => data.event,
    // Whether entries are open now is the server's to say: read again when the page comes back.
    staleTime: 30_000,
  });
}

/** The leaderboard; null before results are published. */
export function useLeaderboard(key: string) {
  const { language: lang } = useLanguage();
  return useQuery({
    queryKey: eventKeys.leaderboard(lang, key),
    queryFn: async ({ signal }): Promise<LeaderboardAnswer | null> => {
      try {
        return await api.get('/api/events/public/{lang}/{key}/leaderboard', { path: { lang, key }, signal });
      } catch (error) {
        if (error instanceof ApiError && error.code === 'eventResultsNotPublished') return null;
        throw error;
      }
    },
  });
}
