// The staff's events (/api/staff/events, ADR 40): the list and an event, its question pool, its
// texts by language, live counts, flagged entries, disqualification, scheduling, closing, publishing
// the results, the results and their CSV file. Every change reads the events again (the list, the
// event's state and translation status, its pool and figures all live under one key prefix).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateEventBody,
  EventCountsAnswer,
  EventLanguageState,
  EventTranslationAnswer,
  FlaggedEntriesAnswer,
  QuestionBody,
  StaffEvent,
  StaffQuestion,
  StaffResultsAnswer,
  UpdateEventBody,
} from '../../../contract/events';
import type { LanguageCode } from '../../../contract/languages';
import { ApiError, api, apiAddress } from '../../lib/api-client';
import { staffKeys } from './keys';

export type {
  EventCountsAnswer,
  EventLanguageState,
  EventTranslationAnswer,
  QuestionBody,
  StaffEvent,
  StaffQuestion,
  StaffResultsAnswer,
};
export type FlaggedEntry = FlaggedEntriesAnswer['entries'][number];
export type QuestionText = StaffQuestion['texts'][string];
export type EventText = StaffEvent['texts'][string];

/** How often the live counts are read again while the event takes entries. */
export const LIVE_COUNTS_EVERY_MS = 15_000;

/** The event's English name (the source every language is translated from), else its key. */
export const eventName = (event: Pick<StaffEvent, 'texts' | 'key'>) => event.texts.en?.name.trim() || event.key;

/**
 * What a language's cell says, in the words of content's matrix (`states.*`): stale when the English
 * changed under a written translation, else its status (in review is `review`).
 */
export type LanguageBadge = 'missing' | 'draft' | 'review' | 'published' | 'stale';
export function languageBadge(state: EventLanguageState | undefined, lang: LanguageCode): LanguageBadge {
  if (!state || state.status === 'missing') return 'missing';
  if (lang !== 'en' && state.stale > 0) return 'stale';
  return state.status === 'in_review' ? 'review' : state.status;
}

/** Whether the days, hours, rules and pool may still change: before the event opens (the server's rule, 409 eventLocked). */
export const isEditable = (state: StaffEvent['state']) => state === 'draft' || state === 'scheduled';

export function useEvents() {
  return useQuery({
    queryKey: staffKeys.events,
    queryFn: ({ signal }): Promise<StaffEvent[]> =>
      api.get('/api/staff/events', { signal }).then((answer) => answer.events),
  });
}

export function useEvent(id: string) {
  return useQuery({
    queryKey: staffKeys.event(id),
    queryFn: ({ signal }): Promise<StaffEvent> =>
      api.get('/api/staff/events/{id}', { path: { id }, signal }).then((answer) => answer.event),
  });
}

export function useQuestions(id: string, enabled = true) {
  return useQuery({
    queryKey: staffKeys.eventPart(id, 'questions'),
    enabled,
    queryFn: ({ signal }): Promise<StaffQuestion[]> =>
      api.get('/api/staff/events/{id}/questions', { path: { id }, signal }).then((answer) => answer.questions),
  });
}

/** Counts by state, read again every few seconds while `live` (the event takes entries). */
export function useCounts(id: string, enabled: boolean, live: boolean) {
  return useQuery({
    queryKey: staffKeys.eventPart(id, 'counts'),
    enabled,
    refetchInterval: live ? LIVE_COUNTS_EVERY_MS : false,
    queryFn: ({ signal }): Promise<EventCountsAnswer> =>
      api.get('/api/staff/events/{id}/counts', { path: { id }, signal }),
  });
}

export function useFlagged(id: string, enabled: boolean, live: boolean) {
  return useQuery({
    queryKey: staffKeys.eventPart(id, 'flagged'),
    enabled,
    refetchInterval: live ? LIVE_COUNTS_EVERY_MS : false,
    queryFn: ({ signal }): Promise<FlaggedEntry[]> =>
      api.get('/api/staff/events/{id}/flagged', { path: { id }, signal }).then((answer) => answer.entries),
  });
}

export function useResults(id: string, enabled: boolean) {
  return useQuery({
    queryKey: staffKeys.eventPart(id, 'results'),
    enabled,
    queryFn: ({ signal }): Promise<StaffResultsAnswer['rows']> =>
      api.get('/api/staff/events/{id}/results', { path: { id }, signal }).then((answer) => answer.rows),
  });
}

/** The results file's address: a plain download link (the session cookie goes with it; each download is audited). */
export const resultsCsvAddress = (id: string) => apiAddress('/api/staff/events/{id}/results.csv', { path: { id } });

/**
 * A change to events: on success every event read is read again; so too on a conflict (409: the
 * event opened meanwhile, another person's change), so the page shows the event as it now is.
 */
function useEventChange<V, R>(call: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: staffKeys.events });
  return useMutation({
    mutationFn: call,
    onSuccess: refresh,
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void refresh();
    },
  });
}

export const useCreateEvent = () =>
  useEventChange((body: CreateEventBody) => api.post('/api/staff/events', { body }).then((answer) => answer.event));

export const useUpdateEvent = (id: string) =>
  useEventChange((body: UpdateEventBody) =>
    api.patch('/api/staff/events/{id}', { path: { id }, body }).then((answer) => answer.event),
  );

export type EventStep = 'schedule' | 'close' | 'publish';

/** Scheduling a draft, closing the event early, publishing the results of a closed one. */
export const useEventStep = (id: string) =>
  useEventChange((step: EventStep) =>
    (step === 'schedule'
      ? api.post('/api/staff/events/{id}/schedule', { path: { id } })
      : step === 'close'
        ? api.post('/api/staff/events/{id}/close', { path: { id } })
        : api.post('/api/staff/events/{id}/results/publish', { path: { id } })
    ).then((answer) => answer.event),
  );

export const useTranslateEvent = (id: string) =>
  useEventChange(({ lang, text }: { lang: LanguageCode; text: EventText }) =>
    api.put('/api/staff/events/{id}/texts/{lang}', { path: { id, lang }, body: text }).then((answer) => answer.event),
  );

/** Adds a question (no id) or replaces one: its type, right options and texts in every language given. */
export const useSaveQuestion = (id: string) =>
  useEventChange(({ questionId, body }: { questionId: string | null; body: QuestionBody }) =>
    (questionId
      ? api.put('/api/staff/events/{id}/questions/{questionId}', { path: { id, questionId }, body })
      : api.post('/api/staff/events/{id}/questions', { path: { id }, body })
    ).then((answer) => answer.question),
  );

export const useDeleteQuestion = (id: string) =>
  useEventChange((questionId: string) =>
    api.delete('/api/staff/events/{id}/questions/{questionId}', { path: { id, questionId } }),
  );

export const useTranslateQuestion = (id: string) =>
  useEventChange(({ questionId, lang, text }: { questionId: string; lang: LanguageCode; text: QuestionText }) =>
    api
      .put('/api/staff/events/{id}/questions/{questionId}/texts/{lang}', {
        path: { id, questionId, lang },
        body: text,
      })
      .then((answer) => answer.question),
  );

export const useDisqualify = (id: string) =>
  useEventChange(({ number, reason }: { number: number; reason: string }) =>
    api.post('/api/staff/events/{id}/entries/{number}/disqualify', { path: { id, number }, body: { reason } }),
  );

/** One language of an event for its translation view: its newest text, where it stands, its stale fields (ADR 45). */
export function useEventTranslation(id: string, lang: LanguageCode, enabled = true) {
  return useQuery({
    queryKey: staffKeys.eventPart(id, `translation-${lang}`),
    enabled,
    queryFn: ({ signal }): Promise<EventTranslationAnswer> =>
      api.get('/api/staff/events/{id}/translations/{lang}', { path: { id, lang }, signal }),
  });
}

/** Sending a language's draft for review (its translator), or publishing it (editors and admins). */
export const useTranslationStep = (id: string) =>
  useEventChange(({ lang, step }: { lang: LanguageCode; step: 'submit' | 'publish' }) =>
    step === 'submit'
      ? api.post('/api/staff/events/{id}/translations/{lang}/submit', { path: { id, lang } })
      : api.post('/api/staff/events/{id}/translations/{lang}/publish', { path: { id, lang } }),
  );
