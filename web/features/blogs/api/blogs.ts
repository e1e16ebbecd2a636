// Blog calls (specification section 7) as TanStack Query hooks.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pageOffset } from '../../../lib/pagination';

export const BLOG_PAGE_SIZE = 4;

export interface Blog {
  id: string;
  title: string;
  description: string;
  image: string;
  imageAlt?: string;
  author: string;
  createdAt: string;
  readTime: number;
}

export function useBlogs(page: number) {
  return useQuery({
    queryKey: ['blogs', page],
    queryFn: ({ signal }) =>
      api.get<{ response: { rows: Blog[]; count: number } }>('/api/blog/public', { offset: pageOffset(page, BLOG_PAGE_SIZE), limit: BLOG_PAGE_SIZE }, signal),
    select: (data) => data.response,
    placeholderData: keepPreviousData,
  });
}

export function useBlog(blogId: string) {
  return useQuery({
    queryKey: ['blog', blogId],
    queryFn: ({ signal }) => api.get<{ response: Blog }>(`/api/blog/public/${encodeURIComponent(blogId)}`, undefined, signal),
    select: (data) => data.response,
  });
}

export function useRecentBlogs() {
  return useQuery({
    queryKey: ['blogs', 'recent'],
    queryFn: ({ signal }) => api.get<{ response: Blog[] }>('/api/blog/public/recent', undefined, signal),
    select: (data) => data.response,
  });
}
