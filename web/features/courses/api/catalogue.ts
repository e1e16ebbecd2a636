// The course lists: the published courses of a language (specification section 7) and the
// learner's enrolled ones with their progress.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LanguageCode } from '../../../../contract/languages';
import { COURSE_PAGE_SIZE, PROGRESS_PAGE_SIZE } from '../../../../contract/page-sizes';
import { api } from '../../../lib/api-client';
import { learningKeys } from '../../../lib/course/keys';
import { pageOffset } from '../../../lib/pagination';

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

/** The courses not in a language yet, each with the languages it is in. */
export function useCoursesInOtherLanguages(lang: LanguageCode) {
  return useQuery({
    queryKey: learningKeys.otherLanguages(lang),
    queryFn: ({ signal }) => api.get('/api/course/public/other-languages', { query: { lang }, signal }),
  });
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
