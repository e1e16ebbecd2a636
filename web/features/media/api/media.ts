// Gallery and banner calls (specification section 7) as TanStack Query hooks.
import { useQuery } from '@tanstack/react-query';
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
  return useQuery({
    queryKey: mediaKeys.titles,
    queryFn: ({ signal }) => api.get<{ media: MediaTitle[] }>('/api/media/public/titles', undefined, signal),
    select: (data) => data.media,
  });
}

export function useMediaImages(titleId: string | undefined) {
  return useQuery({
    queryKey: mediaKeys.images(titleId),
    queryFn: ({ signal }) => api.get<{ media: MediaImage[] }>(`/api/media/public/${encodeURIComponent(titleId ?? '')}`, undefined, signal),
    select: (data) => data.media,
    enabled: Boolean(titleId),
  });
}

export function useBanner() {
  return useQuery({
    queryKey: mediaKeys.banner,
    queryFn: ({ signal }) => api.get<{ media: BannerItem[] }>('/api/media/public/banner', undefined, signal),
    select: (data) => data.media,
  });
}
