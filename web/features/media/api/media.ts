// Gallery and banner calls (specification section 7) as TanStack Query hooks. Titles and banner items
// are in the reader's interface language where that version is published, else in English (the
// API's choice); a title's images are those of the title's version.
import { useQuery } from '@tanstack/react-query';
import type { BannerItem } from '../../../../contract/public-content';
import { useLanguage } from '../../../i18n/use-language';
import { api } from '../../../lib/api-client';
import { mediaKeys } from './keys';

/** A picture of a banner item. */
export type MediaImage = BannerItem['media_images'][number];

export function useMediaTitles() {
  const { language: lang } = useLanguage();
  return useQuery({
    queryKey: mediaKeys.titles(lang),
    queryFn: ({ signal }) => api.get('/api/media/public/titles', { query: { lang }, signal }),
    select: (data) => data.media,
  });
}

export function useMediaImages(titleId: string | undefined) {
  return useQuery({
    queryKey: mediaKeys.images(titleId),
    queryFn: ({ signal }) => api.get('/api/media/public/{titleId}', { path: { titleId: titleId ?? '' }, signal }),
    select: (data) => data.media,
    enabled: Boolean(titleId),
  });
}

export function useBanner() {
  const { language: lang } = useLanguage();
  return useQuery({
    queryKey: mediaKeys.banner(lang),
    queryFn: ({ signal }) => api.get('/api/media/public/banner', { query: { lang }, signal }),
    select: (data) => data.media,
  });
}
