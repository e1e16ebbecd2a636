// The gallery's calls (specification section 7) as TanStack Query hooks. Titles are in the reader's
// interface language where that version is published, else in English (the API's choice); a
// title's images are those of the title's version.
import { useQuery } from '@tanstack/react-query';
import { useLanguage } from '../../../i18n/use-language';
import { api } from '../../../lib/api-client';
import { galleryKeys } from './keys';

export function useGalleryTitles() {
  const { language: lang } = useLanguage();
  return useQuery({
    queryKey: galleryKeys.titles(lang),
    queryFn: ({ signal }) => api.get('/api/media/public/titles', { query: { lang }, signal }),
    select: (data) => data.media,
  });
}

export function useGalleryImages(titleId: string | undefined) {
  return useQuery({
    queryKey: galleryKeys.images(titleId),
    queryFn: ({ signal }) => api.get('/api/media/public/{titleId}', { path: { titleId: titleId ?? '' }, signal }),
    select: (data) => data.media,
    enabled: Boolean(titleId),
  });
}
