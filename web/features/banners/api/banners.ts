// The banner items' call (specification section 7) as a TanStack Query hook, in the reader's
// interface language where that version is published, else in English (the API's choice).
import { useQuery } from '@tanstack/react-query';
import type { BannerItem } from '../../../../contract/public-content';
import { useLanguage } from '../../../i18n/use-language';
import { api } from '../../../lib/api-client';
import { bannerKeys } from './keys';

/** A picture of a banner item. */
export type BannerImage = BannerItem['media_images'][number];

export function useBanner() {
  const { language: lang } = useLanguage();
  return useQuery({
    queryKey: bannerKeys.items(lang),
    queryFn: ({ signal }) => api.get('/api/media/public/banner', { query: { lang }, signal }),
    select: (data) => data.media,
  });
}
