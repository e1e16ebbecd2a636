// The gallery feature's TanStack Query keys: titles are in the reader's language.
export const galleryKeys = {
  titles: (lang: string) => ['gallery', 'titles', lang] as const,
  images: (titleId: string | undefined) => ['gallery', 'images', titleId] as const,
};
