// The learner's progress calls of the learning views: completions, quiz answers and the journal
// (the record and enrolling are shared with the course page: web/lib/course/progress.ts).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LanguageCode } from '../../../../contract/languages';
import type { QuizSubmission } from '../../../../contract/progress';
import { api } from '../../../lib/api-client';
import { learningKeys } from '../../../lib/course/keys';
import { useProgressChange } from '../../../lib/course/progress';

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
