// A learner's progress calls: enrol, the progress record, completions, quiz answers, the journal,
// the rating and the list of enrolled courses.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LanguageCode } from '../../../../contract/languages';
import type { RatingResponse, RatingSaved } from '../../../../contract/courses';
import type { MessageResponse } from '../../../../contract/message-responses';
import { PROGRESS_PAGE_SIZE } from '../../../../contract/page-sizes';
import type {
  JournalResponse,
  JournalSaved,
  ProgressListResponse,
  ProgressRecord,
  ProgressRecordResponse,
  QuizResult,
  QuizSubmission,
} from '../../../../contract/progress';
import { api, ApiError } from '../../../lib/api-client';
import { learningKeys } from './keys';

const base = (lang: string, courseId: string) => `/api/progress/${lang}/${encodeURIComponent(courseId)}`;

/** The progress record, or null when the learner is not enrolled (404). Off when signed out. */
export const progressQuery = (lang: LanguageCode, courseId: string) =>
  queryOptions({
    queryKey: learningKeys.progress(lang, courseId),
    queryFn: async ({ signal }): Promise<ProgressRecord | null> => {
      try {
        return (await api.get<ProgressRecordResponse>(`${base(lang, courseId)}/progress`, undefined, signal)).progress;
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
      api.get<ProgressListResponse>(`/api/progress/${lang}/progress`, { offset: 0, limit: PROGRESS_PAGE_SIZE }, signal),
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
    mutationFn: () => api.post<MessageResponse>(base(lang, courseId)),
  });
}

export function useCompleteLesson(lang: LanguageCode, courseId: string) {
  const change = useProgressChange(lang, courseId);
  return useMutation({
    ...change,
    mutationFn: ({ chapterId, lessonId }: { chapterId: string; lessonId: string }) =>
      api.post<MessageResponse>(
        `${base(lang, courseId)}/chapters/${encodeURIComponent(chapterId)}/lessons/${encodeURIComponent(lessonId)}/complete`,
      ),
  });
}

export function useCompleteVideo(lang: LanguageCode, courseId: string) {
  const change = useProgressChange(lang, courseId);
  return useMutation({
    ...change,
    mutationFn: (videoId: string) =>
      api.post<MessageResponse>(`${base(lang, courseId)}/videos/${encodeURIComponent(videoId)}/complete`),
  });
}

export function useSubmitQuiz(lang: LanguageCode, courseId: string, quizId: string) {
  const change = useProgressChange(lang, courseId);
  return useMutation({
    ...change,
    mutationFn: (body: QuizSubmission) =>
      api.post<QuizResult>(`${base(lang, courseId)}/quiz/${encodeURIComponent(quizId)}/complete`, body),
  });
}

export function useJournal(lang: LanguageCode, courseId: string) {
  return useQuery({
    queryKey: learningKeys.journal(lang, courseId),
    queryFn: ({ signal }) => api.get<JournalResponse>(`${base(lang, courseId)}/journal`, undefined, signal),
    select: (data) => data.journal,
    staleTime: 0,
  });
}

export function useSaveJournal(lang: LanguageCode, courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.put<JournalSaved>(`${base(lang, courseId)}/journal`, { text }),
    onSuccess: (data) => client.setQueryData(learningKeys.journal(lang, courseId), { journal: data.journal }),
  });
}

const ratingPath = (lang: string, courseId: string) => `/api/course/${lang}/${encodeURIComponent(courseId)}/rating`;

export function useRating(lang: LanguageCode, courseId: string, enabled: boolean) {
  return useQuery({
    queryKey: learningKeys.rating(lang, courseId),
    enabled,
    queryFn: ({ signal }) => api.get<RatingResponse>(ratingPath(lang, courseId), undefined, signal),
  });
}

export function useRate(lang: LanguageCode, courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rating: number) => api.put<RatingSaved>(ratingPath(lang, courseId), { rating }),
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
