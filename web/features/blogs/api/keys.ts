// The blogs feature's TanStack Query keys.
export const blogKeys = {
  list: (page: number) => ['blogs', 'list', page] as const,
  recent: ['blogs', 'recent'] as const,
  detail: (blogId: string) => ['blog', blogId] as const,
};
