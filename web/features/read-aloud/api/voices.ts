// The voices of a course language's spoken texts (ADR 41): which file plays each sentence. Asked
// for when the learner first presses Listen, never with the page, so a lesson loads no more than
// before; the answer then serves every Listen of the course.
import { queryOptions } from '@tanstack/react-query';
import type { LanguageCode } from '../../../../contract/languages';
import { api } from '../../../lib/api-client';
import { learningKeys } from '../../../lib/course/keys';

export const voicesQuery = (lang: LanguageCode, courseId: string) =>
  queryOptions({
    queryKey: learningKeys.voices(lang, courseId),
    queryFn: ({ signal }) =>
      api.get('/api/read-aloud/courses/{courseId}', { path: { courseId }, query: { lang }, signal }),
    // A published text's voices change when it is published again: a few minutes old is fine.
    staleTime: 5 * 60_000,
  });
