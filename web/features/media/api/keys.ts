// The gallery and banner feature's TanStack Query keys: titles and banner items are in the reader's language.
export const mediaKeys = {
  titles: (lang: string) => ['media', 'titles', lang] as const,
  images: (titleId: string | undefined) => ['media', 'images', titleId] as const,
  banner: (lang: string) => ['media', 'banner', lang] as const,
};
