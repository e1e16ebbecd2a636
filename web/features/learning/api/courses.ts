// Course reads (specification section 7). The wire keys carry the language (course_hi,
// chapter_his, ...); these hooks hand the components one plain shape whatever the language.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CounterpartQuery } from '../../../../contract/courses';
import type { LanguageCode } from '../../../../contract/languages';
import { COURSE_PAGE_SIZE } from '../../../../contract/page-sizes';
import { api } from '../../../lib/api-client';
import { pageOffset } from '../../../lib/pagination';
import { toChapterView, toCourseView, toQuizView } from './course-views';
import { learningKeys } from './keys';

export function useCourses(lang: LanguageCode, page = 1) {
  return useQuery({
    queryKey: learningKeys.courses(lang, page),
    queryFn: ({ signal }) =>
      api.get('/api/course/public', {
        query: { offset: pageOffset(page, COURSE_PAGE_SIZE), limit: COURSE_PAGE_SIZE, lang },
        signal,
      }),
    // The previous page stays while the next arrives; another language's courses never stand in.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === lang ? keepPreviousData(previous) : undefined,
  });
}

export const courseQuery = (lang: LanguageCode, courseId: string) =>
  queryOptions({
    queryKey: learningKeys.course(lang, courseId),
    queryFn: ({ signal }) => api.get('/api/course/public/{lang}/{courseId}', { path: { lang, courseId }, signal }),
  });

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

export function useCourse(lang: LanguageCode, courseId: string) {
  return useQuery({
    ...courseQuery(lang, courseId),
    select: (data) => toCourseView(data, lang),
  });
}

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

/** The same course (and page) in another language; a 404 `courseNotInLanguage` when it has none. */
export function fetchCounterpart(
  lang: LanguageCode,
  courseId: string,
  to: LanguageCode,
  items: CounterpartQuery,
  signal?: AbortSignal,
) {
  const query: CounterpartQuery = Object.fromEntries(Object.entries(items).filter(([, id]) => id));
  return api.get('/api/course/public/{lang}/{courseId}/in/{otherLang}', {
    path: { lang, courseId, otherLang: to },
    query,
    signal,
  });
}
