// The events taking entries now, for the links to them on other pages: a module of its own, so those
// pages carry this one call and not the event page's.
import { useQuery } from '@tanstack/react-query';
import type { PublicEventSummary } from '../../../../contract/events';
import { useLanguage } from '../../../i18n/use-language';
import { api } from '../../../lib/api-client';
import { eventKeys } from './keys';

/** The events taking entries at this moment (on the server's clock), for the links to them. */
export function useOpenEvents() {
  const { language: lang } = useLanguage();
  return useQuery({
    queryKey: eventKeys.open(lang),
    queryFn: ({ signal }) => api.get('/api/events/public/{lang}', { path: { lang }, signal }),
    select: (data): PublicEventSummary[] => data.events.filter((event) => event.entriesOpenNow),
  });
}
