// The success stories feature's TanStack Query keys: each answer is in the reader's language.
export const storyKeys = {
  list: (lang: string, page: number) => ['stories', lang, page] as const,
  recent: (lang: string) => ['stories', lang, 'recent'] as const,
  detail: (lang: string, storyId: string) => ['story', lang, storyId] as const,
};
