// The blogs feature's TanStack Query keys: each answer is in the reader's language.
export const blogKeys = {
  list: (lang: string, page: number) => ['blogs', lang, 'list', page] as const,
  recent: (lang: string) => ['blogs', lang, 'recent'] as const,
  detail: (lang: string, blogId: string) => ['blog', lang, blogId] as const,
};
