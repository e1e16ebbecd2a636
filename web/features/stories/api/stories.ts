// Success-story calls (specification section 7) as TanStack Query hooks.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { StoryList, StoryOne, StoryPage } from '../../../../contract/public-content';
import { STORY_PAGE_SIZE } from '../../../../contract/page-sizes';
import { api } from '../../../lib/api-client';
import { pageOffset } from '../../../lib/pagination';
import { storyKeys } from './keys';

export function useStories(page: number) {
  return useQuery({
    queryKey: storyKeys.list(page),
    queryFn: ({ signal }) =>
      api.get<StoryPage>('/api/successstories/public', { offset: pageOffset(page, STORY_PAGE_SIZE), limit: STORY_PAGE_SIZE }, signal),
    select: (data) => data.response,
    placeholderData: keepPreviousData,
  });
}

export function useStory(storyId: string) {
  return useQuery({
    queryKey: storyKeys.detail(storyId),
    queryFn: ({ signal }) => api.get<StoryOne>(`/api/successstories/public/${encodeURIComponent(storyId)}`, undefined, signal),
    select: (data) => data.response,
  });
}

export function useRecentStories() {
  return useQuery({
    queryKey: storyKeys.recent,
    queryFn: ({ signal }) => api.get<StoryList>('/api/successstories/public/recent', undefined, signal),
    select: (data) => data.response,
  });
}
