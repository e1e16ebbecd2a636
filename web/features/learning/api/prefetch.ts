// The reads a learning view needs, started together as soon as its frame mounts. Left to the
// components, they would follow one another (the session, then the consent check, then the
// course, then the chapter, then the progress), each a round trip on a slow network.
import {
  useQueryClient,
  type QueryClient,
  type QueryFunction,
  type QueryKey,
  type QueryMeta,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import type { LanguageCode } from '../../../../contract/languages';
import { courseQuery } from '../../../lib/course/courses';
import { progressQuery } from '../../../lib/course/progress';
import { chapterQuery, quizQuery } from './chapter-quiz';

/** A read put into the cache without fetching it: a waiting query, which the server's render fetches. */
function leaveWaiting(client: QueryClient, read: { queryKey: QueryKey; queryFn?: unknown; meta?: QueryMeta }) {
  // The key's data tag (queryOptions') makes the two sides' types differ; the function is the read's own.
  client
    .getQueryCache()
    .build(client, { queryKey: read.queryKey, queryFn: read.queryFn as QueryFunction, meta: read.meta });
}

/**
 * The course, and the chapter or quiz of the address, at once: they are public. The learner's
 * progress once the session says who is signed in (it is theirs; asked for signed out, it would be
 * refused).
 */
export function usePrefetchLearningView(
  lang: LanguageCode,
  courseId: string,
  view: { chapterId?: string; quizId?: string; signedIn: boolean },
) {
  const client = useQueryClient();
  const { chapterId, quizId, signedIn } = view;
  // On the server there are no effects: a render's calls are the queries it leaves waiting in the
  // cache (web/entry-server.tsx). Left there by the frame's render, the view's reads are fetched
  // with the session's call, not one and two data passes after it (behind the sign-in and consent
  // gates), and the view is rendered with its data within the renderer's passes.
  if (import.meta.env.SSR) {
    leaveWaiting(client, courseQuery(lang, courseId));
    if (chapterId) leaveWaiting(client, chapterQuery(lang, courseId, chapterId));
    if (quizId) leaveWaiting(client, quizQuery(lang, courseId, quizId));
    if (signedIn) leaveWaiting(client, progressQuery(lang, courseId));
  }
  useEffect(() => {
    void client.prefetchQuery(courseQuery(lang, courseId));
    if (chapterId) void client.prefetchQuery(chapterQuery(lang, courseId, chapterId));
    if (quizId) void client.prefetchQuery(quizQuery(lang, courseId, quizId));
  }, [client, lang, courseId, chapterId, quizId]);
  useEffect(() => {
    if (signedIn) void client.prefetchQuery(progressQuery(lang, courseId));
  }, [client, lang, courseId, signedIn]);
}
