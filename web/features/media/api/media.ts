// Gallery and banner calls (specification section 7) as TanStack Query hooks. Titles and banner items
// are in the reader's interface language where that version is published, else in English (the
// API's choice); a title's images are those of the title's version.
import { useQuery } from '@tanstack/react-query';
import { useLanguage } from '../../../i18n/use-language';
import { api } from '../../../lib/api-client';
import { mediaKeys } from './keys';

export interface MediaTitle {
  id: string;
  title: string;
}

export interface MediaImage {
  id?: string;
  image: string;
  alt?: string;
}

export interface BannerItem {
  id?: string;
  title: string;
  sub_title: string;
  location: string;
  media_images: MediaImage[];
}

export function useMediaTitles() {
  const { language: lang } = useLanguage();
  return useQuery({
    queryKey: mediaKeys.titles(lang),
    queryFn: ({ signal }) => api.get<{ media: MediaTitle[] }>('/api/media/public/titles', { lang }, signal),
    select: (data) => data.media,
  });
}

export function useMediaImages(titleId: string | undefined) {
  return useQuery({
    queryKey: mediaKeys.images(titleId),
    queryFn: ({ signal }) =>
      api.get<{ media: MediaImage[] }>(`/api/media/public/${encodeURIComponent(titleId ?? '')}`, undefined, signal),
    select: (data) => data.media,
    enabled: Boolean(titleId),
  });
}

export function useBanner() {
  const { language: lang } = useLanguage();
  return useQuery({
    queryKey: mediaKeys.banner(lang),
    queryFn: ({ signal }) => api.get<{ media: BannerItem[] }>('/api/media/public/banner', { lang }, signal),
    select: (data) => data.media,
  });
}
