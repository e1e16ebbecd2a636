// A learner's progress calls: enrol, the progress record, completions, quiz answers, the journal,
// the rating and the list of enrolled courses.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

const base = (lang: string, courseId: string) => `/api/progress/${lang}/${encodeURIComponent(courseId)}`;

export const progressKey = (lang: string, courseId: string) => ['progress', lang, courseId] as const;

/** The progress record, or null when the learner is not enrolled (404). Off when signed out. */
export function useProgress(lang: LanguageCode, courseId: string, enabled: boolean) {
  return useQuery({
    queryKey: progressKey(lang, courseId),
    enabled,
    queryFn: async ({ signal }): Promise<ProgressRecord | null> => {
      try {
        return (await api.get<ProgressRecordResponse>(`${base(lang, courseId)}/progress`, undefined, signal)).progress;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export function useProgressList(lang: LanguageCode, enabled: boolean) {
  return useQuery({
    queryKey: ['progress-list', lang],
    enabled,
    queryFn: ({ signal }) => api.get<ProgressListResponse>(`/api/progress/${lang}/progress`, { offset: 0, limit: PROGRESS_PAGE_SIZE }, signal),
  });
}

/** After any change to progress, the record, the lists and the stats are read again. */
function useRefreshProgress(lang: string, courseId: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: progressKey(lang, courseId) }),
      client.invalidateQueries({ queryKey: ['progress-list'] }),
      client.invalidateQueries({ queryKey: ['stats'] }),
    ]);
}

export function useEnrol(lang: LanguageCode, courseId: string) {
  const refresh = useRefreshProgress(lang, courseId);
  return useMutation({
    mutationFn: () => api.post<MessageResponse>(base(lang, courseId)),
    onSuccess: refresh,
  });
}

export function useCompleteLesson(lang: LanguageCode, courseId: string) {
  const refresh = useRefreshProgress(lang, courseId);
  return useMutation({
    mutationFn: ({ chapterId, lessonId }: { chapterId: string; lessonId: string }) =>
      api.post<MessageResponse>(`${base(lang, courseId)}/chapters/${encodeURIComponent(chapterId)}/lessons/${encodeURIComponent(lessonId)}/complete`),
    onSuccess: refresh,
  });
}

export function useCompleteVideo(lang: LanguageCode, courseId: string) {
  const refresh = useRefreshProgress(lang, courseId);
  return useMutation({
    mutationFn: (videoId: string) => api.post<MessageResponse>(`${base(lang, courseId)}/videos/${encodeURIComponent(videoId)}/complete`),
    onSuccess: refresh,
  });
}

export function useSubmitQuiz(lang: LanguageCode, courseId: string, quizId: string) {
  const refresh = useRefreshProgress(lang, courseId);
  return useMutation({
    mutationFn: (body: QuizSubmission) => api.post<QuizResult>(`${base(lang, courseId)}/quiz/${encodeURIComponent(quizId)}/complete`, body),
    onSuccess: refresh,
  });
}

export function useJournal(lang: LanguageCode, courseId: string) {
  return useQuery({
    queryKey: ['journal', lang, courseId],
    queryFn: ({ signal }) => api.get<JournalResponse>(`${base(lang, courseId)}/journal`, undefined, signal),
    select: (data) => data.journal,
    staleTime: 0,
  });
}

export function useSaveJournal(lang: LanguageCode, courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.put<JournalSaved>(`${base(lang, courseId)}/journal`, { text }),
    onSuccess: (data) => client.setQueryData(['journal', lang, courseId], { journal: data.journal }),
  });
}

const ratingPath = (lang: string, courseId: string) => `/api/course/${lang}/${encodeURIComponent(courseId)}/rating`;

export function useRating(lang: LanguageCode, courseId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['rating', lang, courseId],
    enabled,
    queryFn: ({ signal }) => api.get<RatingResponse>(ratingPath(lang, courseId), undefined, signal),
  });
}

export function useRate(lang: LanguageCode, courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rating: number) => api.put<RatingSaved>(ratingPath(lang, courseId), { rating }),
    onSuccess: (data) => {
      client.setQueryData(['rating', lang, courseId], { myRating: data.myRating, rating: data.rating, averageRating: data.averageRating });
      void client.invalidateQueries({ queryKey: ['course', lang, courseId] });
    },
  });
}
