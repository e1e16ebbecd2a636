// Read aloud's calls for the staff (ADR 41): the published texts of a language that some sentence
// has no fresh recording of, a person's recording of sentences, and the synthesis queue.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LanguageCode } from '../../../../contract/languages';
import type { VoiceJobState } from '../../../../contract/read-aloud-rules';
import { api } from '../../../lib/api-client';
import { apiUpload } from '../../../lib/api-upload';
import { staffKeys } from '../../../staff-shared/api/keys';

export function useNeedsVoice(lang: LanguageCode) {
  return useQuery(
    queryOptions({
      queryKey: staffKeys.needsVoice(lang),
      queryFn: ({ signal }) => api.get('/api/staff/read-aloud/needs-voice/{lang}', { path: { lang }, signal }),
    }),
  );
}

export type NeedsVoiceText = NonNullable<ReturnType<typeof useNeedsVoice>['data']>['texts'][number];

export function useVoiceJobs(query: { state?: VoiceJobState; lang?: LanguageCode }) {
  return useQuery({
    queryKey: staffKeys.voiceJobs(query),
    queryFn: ({ signal }) =>
      api.get('/api/staff/read-aloud/jobs', { query: { ...query, offset: 0, limit: 20 }, signal }),
    // The queue moves on its own: read again every 15 s while the page is open.
    refetchInterval: 15_000,
  });
}

export function useRetryJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post('/api/staff/read-aloud/jobs/{id}/retry', { path: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: staffKeys.voices }),
  });
}

export interface RecordingTarget {
  itemId: string;
  lang: LanguageCode;
  part: string;
  firstSentence: number;
  sentenceCount: number;
}

/** Saves a recording of sentences; the language's list is read again after. */
export function useSaveRecording() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ target, file }: { target: RecordingTarget; file: Blob & { name?: string } }) =>
      apiUpload('/api/staff/read-aloud/{itemId}/{lang}/recordings', file, {
        path: { itemId: target.itemId, lang: target.lang },
        query: { part: target.part, firstSentence: target.firstSentence, sentenceCount: target.sentenceCount },
      }),
    onSuccess: (_saved, { target }) => client.invalidateQueries({ queryKey: staffKeys.needsVoice(target.lang) }),
  });
}
