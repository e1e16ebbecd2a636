// The success stories feature's TanStack Query keys.
export const storyKeys = {
  list: (page: number) => ['stories', page] as const,
  recent: ['stories', 'recent'] as const,
  detail: (storyId: string) => ['story', storyId] as const,
};
