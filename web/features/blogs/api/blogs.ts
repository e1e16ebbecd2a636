// Blog calls (specification section 7) as TanStack Query hooks, in the reader's interface language:
// each post in it where that version is published, else in English (the API's choice).
import { PAGE_SUBJECT } from '../../../lib/page-subject';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BLOG_PAGE_SIZE } from '../../../../contract/page-sizes';
import { useLanguage } from '../../../i18n/use-language';
import { api } from '../../../lib/api-client';
import { pageOffset } from '../../../lib/pagination';
import { blogKeys } from './keys';

/** The newest post, shown as the featured article and left out of the list below it. */
const FEATURED_COUNT = 1;

/**
 * The "All posts" list, 4 a page. The newest post is the featured article above it (the recent
 * call, same order), so the list holds the others: its page offsets start one post later and its
 * count is one less, and the specification's pagination rule applies to that list.
 */
export function useBlogs(page: number) {
  const { language: lang } = useLanguage();
  return useQuery({
    queryKey: blogKeys.list(lang, page),
    queryFn: ({ signal }) =>
      api.get('/api/blog/public', {
        query: { offset: FEATURED_COUNT + pageOffset(page, BLOG_PAGE_SIZE), limit: BLOG_PAGE_SIZE, lang },
        signal,
      }),
    select: (data) => ({ rows: data.response.rows, count: Math.max(0, data.response.count - FEATURED_COUNT) }),
    // The previous page stays while the next arrives; another language's posts never stand in.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === lang ? keepPreviousData(previous) : undefined,
  });
}

/** A post; in the reader's language when it is published in it (a reader who changed language, or a shared link). */
export function useBlog(blogId: string) {
  const { language: lang } = useLanguage();
  return useQuery({
    queryKey: blogKeys.detail(lang, blogId),
    queryFn: ({ signal }) => api.get('/api/blog/public/{blogId}', { path: { blogId }, query: { lang }, signal }),
    meta: PAGE_SUBJECT,
    select: (data) => data.response,
  });
}

export function useRecentBlogs() {
  const { language: lang } = useLanguage();
  return useQuery({
    queryKey: blogKeys.recent(lang),
    queryFn: ({ signal }) => api.get('/api/blog/public/recent', { query: { lang }, signal }),
    select: (data) => data.response,
  });
}
