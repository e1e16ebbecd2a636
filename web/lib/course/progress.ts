// The learner's progress calls both the course page (features/courses) and the learning views
// (features/learning) make: the progress record, and enrolling. Every change of progress goes
// through useProgressChange.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LanguageCode } from '../../../contract/languages';
import type { ProgressRecord } from '../../../contract/progress';
import { api, apiAddress, ApiError } from '../api-client';
import { personalRead } from '../learner-data';
import { learningKeys } from './keys';
import { offlineSide } from '../when-offline';

/** The progress record, or null when the learner is not enrolled (404). Off when signed out. */
export const progressQuery = (lang: LanguageCode, courseId: string) =>
  queryOptions({
    queryKey: learningKeys.progress(lang, courseId),
    queryFn: async ({ signal }): Promise<ProgressRecord | null> => {
      try {
        return (await api.get('/api/progress/{lang}/{courseId}/progress', { path: { lang, courseId }, signal }))
          .progress;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        // Without a network: the record kept on the phone for a course saved for offline (ADR 42).
        if (error instanceof ApiError && error.status === 0) {
          const kept = await (await offlineSide()).keptProgress(lang, courseId);
          if (kept !== undefined) return kept;
        }
        throw error;
      }
    },
    meta: personalRead(apiAddress('/api/progress/{lang}/{courseId}/progress', { path: { lang, courseId } })),
  });

export function useProgress(lang: LanguageCode, courseId: string, enabled: boolean) {
  return useQuery({ ...progressQuery(lang, courseId), enabled });
}

/**
 * After any change to progress, the record and the lists are read again; the change's mutation key
 * lets other features refresh what depends on it (web/app/query-reactions.ts).
 */
export function useProgressChange(lang: string, courseId: string) {
  const client = useQueryClient();
  return {
    mutationKey: learningKeys.progressChange,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: learningKeys.progress(lang, courseId) }),
        client.invalidateQueries({ queryKey: learningKeys.allProgressLists }),
      ]),
  };
}

export function useEnrol(lang: LanguageCode, courseId: string) {
  const change = useProgressChange(lang, courseId);
  return useMutation({
    ...change,
    mutationFn: () => api.post('/api/progress/{lang}/{courseId}', { path: { lang, courseId } }),
  });
}
