// The reads a learning view needs, started together as soon as its frame mounts. Left to the
// components, they would follow one another (the session, then the consent check, then the
// course, then the chapter, then the progress), each a round trip on a slow network.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { LanguageCode } from '../../../../contract/languages';
import { chapterQuery, courseQuery, quizQuery } from './courses';
import { progressQuery } from './progress';

/**
 * The course, and the chapter or quiz of the address, at once: they are public. The learner's
 * progress once the session says who is signed in (it is theirs; asked for signed out, it would be
 * refused).
 */
export function usePrefetchLearningView(lang: LanguageCode, courseId: string, view: { chapterId?: string; quizId?: string; signedIn: boolean }) {
  const client = useQueryClient();
  const { chapterId, quizId, signedIn } = view;
  useEffect(() => {
    void client.prefetchQuery(courseQuery(lang, courseId));
    if (chapterId) void client.prefetchQuery(chapterQuery(lang, courseId, chapterId));
    if (quizId) void client.prefetchQuery(quizQuery(lang, courseId, quizId));
  }, [client, lang, courseId, chapterId, quizId]);
  useEffect(() => {
    if (signedIn) void client.prefetchQuery(progressQuery(lang, courseId));
  }, [client, lang, courseId, signedIn]);
}
