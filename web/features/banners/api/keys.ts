// The banners feature's TanStack Query keys: banner items are in the reader's language.
export const bannerKeys = {
  items: (lang: string) => ['banners', 'items', lang] as const,
};
