// The public reads of a learning view beside its course (web/lib/course/courses.ts): a chapter with
// its lessons, and a quiz, each in one plain shape whatever the language.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LanguageCode } from '../../../../contract/languages';
import { api } from '../../../lib/api-client';
import { toChapterView, toQuizView } from '../../../lib/course/course-views';
import { learningKeys } from '../../../lib/course/keys';

export const chapterQuery = (lang: LanguageCode, courseId: string, chapterId: string) =>
  queryOptions({
    queryKey: learningKeys.chapter(lang, courseId, chapterId),
    queryFn: ({ signal }) =>
      api.get('/api/chapter/public/{lang}/{courseId}/chapters/{chapterId}', {
        path: { lang, courseId, chapterId },
        signal,
      }),
  });

export const quizQuery = (lang: LanguageCode, courseId: string, quizId: string) =>
  queryOptions({
    queryKey: learningKeys.quiz(lang, courseId, quizId),
    queryFn: ({ signal }) =>
      api.get('/api/quiz/public/{lang}/{courseId}/quiz/{quizId}', { path: { lang, courseId, quizId }, signal }),
  });

export function useChapter(lang: LanguageCode, courseId: string, chapterId: string) {
  return useQuery({
    ...chapterQuery(lang, courseId, chapterId),
    select: (data) => toChapterView(data, lang),
  });
}

export function useQuiz(lang: LanguageCode, courseId: string, quizId: string) {
  return useQuery({
    ...quizQuery(lang, courseId, quizId),
    select: (data) => toQuizView(data, lang),
  });
}
