// Blog calls (specification section 7) as TanStack Query hooks.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BLOG_PAGE_SIZE } from '../../../../contract/page-sizes';
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
  return useQuery({
    queryKey: blogKeys.list(page),
    queryFn: ({ signal }) =>
      api.get('/api/blog/public', {
        query: { offset: FEATURED_COUNT + pageOffset(page, BLOG_PAGE_SIZE), limit: BLOG_PAGE_SIZE },
        signal,
      }),
    select: (data) => ({ rows: data.response.rows, count: Math.max(0, data.response.count - FEATURED_COUNT) }),
    placeholderData: keepPreviousData,
  });
}

export function useBlog(blogId: string) {
  return useQuery({
    queryKey: blogKeys.detail(blogId),
    queryFn: ({ signal }) => api.get('/api/blog/public/{blogId}', { path: { blogId }, signal }),
    select: (data) => data.response,
  });
}

export function useRecentBlogs() {
  return useQuery({
    queryKey: blogKeys.recent,
    queryFn: ({ signal }) => api.get('/api/blog/public/recent', { signal }),
    select: (data) => data.response,
  });
}
