// The gallery and banner feature's TanStack Query keys.
export const mediaKeys = {
  titles: ['media', 'titles'] as const,
  images: (titleId: string | undefined) => ['media', 'images', titleId] as const,
  banner: ['media', 'banner'] as const,
};
