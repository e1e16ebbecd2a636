// A course's public read and its counterpart in another language (specification section 7), shared
// by the course page (features/courses) and the learning views (features/learning). The wire keys
// carry the language (course_hi, chapter_his, ...); useCourse hands the components one plain shape
// whatever the language.
import { PAGE_SUBJECT } from '../page-subject';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CounterpartQuery } from '../../../contract/courses';
import type { LanguageCode } from '../../../contract/languages';
import { api } from '../api-client';
import { toCourseView } from './course-views';
import { learningKeys } from './keys';

export const courseQuery = (lang: LanguageCode, courseId: string) =>
  queryOptions({
    queryKey: learningKeys.course(lang, courseId),
    queryFn: ({ signal }) => api.get('/api/course/public/{lang}/{courseId}', { path: { lang, courseId }, signal }),
    meta: PAGE_SUBJECT,
  });

export function useCourse(lang: LanguageCode, courseId: string) {
  return useQuery({
    ...courseQuery(lang, courseId),
    select: (data) => toCourseView(data, lang),
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
