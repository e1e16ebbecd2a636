// A learner's progress calls: enrol, the progress record, completions, quiz answers, the journal,
// the rating and the list of enrolled courses.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LanguageCode } from '../../../../contract/languages';
import { PROGRESS_PAGE_SIZE } from '../../../../contract/page-sizes';
import type { ProgressRecord, QuizSubmission } from '../../../../contract/progress';
import { api, ApiError } from '../../../lib/api-client';
import { learningKeys } from './keys';

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
        throw error;
      }
    },
  });

export function useProgress(lang: LanguageCode, courseId: string, enabled: boolean) {
  return useQuery({ ...progressQuery(lang, courseId), enabled });
}

export function useProgressList(lang: LanguageCode, enabled: boolean) {
  return useQuery({
    queryKey: learningKeys.progressList(lang),
    enabled,
    queryFn: ({ signal }) =>
      api.get('/api/progress/{lang}/progress', {
        path: { lang },
        query: { offset: 0, limit: PROGRESS_PAGE_SIZE },
        signal,
      }),
  });
}

/**
 * After any change to progress, the record and the lists are read again; the change's mutation key
 * lets other features refresh what depends on it (web/app/query-reactions.ts).
 */
function useProgressChange(lang: string, courseId: string) {
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

export function useCompleteLesson(lang: LanguageCode, courseId: string) {
  const change = useProgressChange(lang, courseId);
  return useMutation({
    ...change,
    mutationFn: ({ chapterId, lessonId }: { chapterId: string; lessonId: string }) =>
      api.post('/api/progress/{lang}/{courseId}/chapters/{chapterId}/lessons/{lessonId}/complete', {
        path: { lang, courseId, chapterId, lessonId },
      }),
  });
}

export function useCompleteVideo(lang: LanguageCode, courseId: string) {
  const change = useProgressChange(lang, courseId);
  return useMutation({
    ...change,
    mutationFn: (videoId: string) =>
      api.post('/api/progress/{lang}/{courseId}/videos/{videoId}/complete', { path: { lang, courseId, videoId } }),
  });
}

export function useSubmitQuiz(lang: LanguageCode, courseId: string, quizId: string) {
  const change = useProgressChange(lang, courseId);
  return useMutation({
    ...change,
    mutationFn: (body: QuizSubmission) =>
      api.post('/api/progress/{lang}/{courseId}/quiz/{quizId}/complete', { path: { lang, courseId, quizId }, body }),
  });
}

export function useJournal(lang: LanguageCode, courseId: string) {
  return useQuery({
    queryKey: learningKeys.journal(lang, courseId),
    queryFn: ({ signal }) => api.get('/api/progress/{lang}/{courseId}/journal', { path: { lang, courseId }, signal }),
    select: (data) => data.journal,
    staleTime: 0,
  });
}

export function useSaveJournal(lang: LanguageCode, courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      api.put('/api/progress/{lang}/{courseId}/journal', { path: { lang, courseId }, body: { text } }),
    onSuccess: (data) => client.setQueryData(learningKeys.journal(lang, courseId), { journal: data.journal }),
  });
}

export function useRating(lang: LanguageCode, courseId: string, enabled: boolean) {
  return useQuery({
    queryKey: learningKeys.rating(lang, courseId),
    enabled,
    queryFn: ({ signal }) => api.get('/api/course/{lang}/{courseId}/rating', { path: { lang, courseId }, signal }),
  });
}

export function useRate(lang: LanguageCode, courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rating: number) =>
      api.put('/api/course/{lang}/{courseId}/rating', { path: { lang, courseId }, body: { rating } }),
    onSuccess: (data) => {
      client.setQueryData(learningKeys.rating(lang, courseId), {
        myRating: data.myRating,
        rating: data.rating,
        averageRating: data.averageRating,
      });
      void client.invalidateQueries({ queryKey: learningKeys.course(lang, courseId) });
    },
  });
}
