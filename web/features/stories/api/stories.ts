// Success-story calls (specification section 7) as TanStack Query hooks, in the reader's interface
// language: each story in it where that version is published, else in English (the API's choice).
import { PAGE_SUBJECT } from '../../../lib/page-subject';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { STORY_PAGE_SIZE } from '../../../../contract/page-sizes';
import { useLanguage } from '../../../i18n/use-language';
import { api } from '../../../lib/api-client';
import { pageOffset } from '../../../lib/pagination';
import { storyKeys } from './keys';

export function useStories(page: number) {
  const { language: lang } = useLanguage();
  return useQuery({
    queryKey: storyKeys.list(lang, page),
    queryFn: ({ signal }) =>
      api.get('/api/successstories/public', {
        query: { offset: pageOffset(page, STORY_PAGE_SIZE), limit: STORY_PAGE_SIZE, lang },
        signal,
      }),
    select: (data) => data.response,
    // The previous page stays while the next arrives; another language's stories never stand in.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === lang ? keepPreviousData(previous) : undefined,
  });
}

/** A story; in the reader's language when it is published in it (a reader who changed language, or a shared link). */
export function useStory(storyId: string) {
  const { language: lang } = useLanguage();
  return useQuery({
    queryKey: storyKeys.detail(lang, storyId),
    queryFn: ({ signal }) =>
      api.get('/api/successstories/public/{storyId}', { path: { storyId }, query: { lang }, signal }),
    meta: PAGE_SUBJECT,
    select: (data) => data.response,
  });
}

export function useRecentStories() {
  const { language: lang } = useLanguage();
  return useQuery({
    queryKey: storyKeys.recent(lang),
    queryFn: ({ signal }) => api.get('/api/successstories/public/recent', { query: { lang }, signal }),
    select: (data) => data.response,
  });
}
