// The signed-in entrant's one entry (ADR 40): read, start, answer, submit, withdraw, and a minor's
// guardian consent. Every answer of the entry measures the gap between the phone's clock and the
// server's (entry-clock.ts), so the time left never rests on the phone's clock alone. Loaded with
// the entrant's part of the page only, not by a visitor who is not signed in.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnswerReceipt, EntryView } from '../../../../contract/events';
import type { LanguageCode } from '../../../../contract/languages';
import type { GuardianConsentBody, GuardianConsentCodeBody } from '../../../../contract/users';
import { api, ApiError } from '../../../lib/api-client';
import { clockOffset } from '../components/entry-clock';
import { eventKeys } from './keys';

/** The entrant's entry (null: none yet) and how far the phone's clock is ahead of the server's. */
export interface EntryState {
  entry: EntryView | null;
  offsetMs: number;
}

/** Calls the server for an entry and measures the clocks' gap around the call. */
async function timed(call: () => Promise<{ entry: EntryView }>): Promise<EntryState> {
  const sent = Date.now();
  const { entry } = await call();
  return { entry, offsetMs: clockOffset(entry.serverTime, sent, Date.now()) };
}

/**
 * The signed-in entrant's entry. Only the browser asks (entry-panel.tsx mounts its reader once the
 * page runs): the time left is measured on the phone, and a page the server rendered would carry
 * the server's moment.
 * While the entry runs it is read again whenever the page comes back into view (the phone slept,
 * the entrant looked at a message): the server may have closed it, and the clocks are measured anew.
 */
export function useEntry(key: string) {
  return useQuery({
    queryKey: eventKeys.entry(key),
    queryFn: ({ signal }) =>
      timed(() => api.get('/api/events/{key}/entry', { path: { key }, signal })).catch((error: unknown) => {
        if (error instanceof ApiError && error.code === 'eventNoEntry') return { entry: null, offsetMs: 0 };
        throw error;
      }),
    staleTime: 0,
    refetchOnWindowFocus: (query) => query.state.data?.entry?.state === 'open',
  });
}

/** The entrant's calls; each one that answers the entry puts it in the page at once. */
export function useEntryCalls(key: string) {
  const client = useQueryClient();
  const put = (state: EntryState) => {
    client.setQueryData(eventKeys.entry(key), state);
    return state.entry!;
  };
  const path = { key };
  return {
    start: async (lang: LanguageCode, age: number) =>
      put(await timed(() => api.post('/api/events/{key}/entry', { path, body: { lang, age } }))),
    answer: (questionId: string, selected: number[]): Promise<AnswerReceipt> =>
      api.post('/api/events/{key}/entry/answers', { path, body: { questionId, selected } }),
    submit: async () => put(await timed(() => api.post('/api/events/{key}/entry/submit', { path }))),
    /** Withdraws the entry; answers the server's message (the entry and its answers erased). */
    withdraw: async () => {
      const answer = await api.delete('/api/events/{key}/entry', { path });
      await client.invalidateQueries({ queryKey: eventKeys.entry(key) });
      return answer;
    },
    sendConsentCode: (body: GuardianConsentCodeBody) =>
      api.post('/api/events/{key}/entry/guardian-consent/code', { path, body }),
    confirmConsent: async (body: GuardianConsentBody) =>
      put(await timed(() => api.post('/api/events/{key}/entry/guardian-consent', { path, body }))),
    /** Reads the entry again (after a refusal that says it changed). */
    refresh: () => client.invalidateQueries({ queryKey: eventKeys.entry(key) }),
  };
}
