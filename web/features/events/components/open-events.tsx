// A link to each event taking entries at this moment, on the server's clock (the home page and the
// cyber-safety page show it); nothing at all while none is. Its few words are the small 'event-link'
// namespace, so the pages that show it do not load the event page's.
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { useWrittenIn } from '../../../i18n/written-in';
import type { PublicEventSummary } from '../../../../contract/events';
import { useOpenEvents } from '../api/open-events';
import './open-events.css';

function OpenEvent({ event, href }: { event: PublicEventSummary; href: string }) {
  const { t } = useTranslation('event-link');
  const { lang } = useWrittenIn(event.lang);
  return (
    <li className="open-event">
      <p className="open-event__text">
        <span className="open-event__label">{t('openNow')}</span>{' '}
        <span className="open-event__name" lang={lang}>
          {event.name}
        </span>
      </p>
      <Link className="btn btn--light open-event__link" to={href}>
        {t('takePart')}
      </Link>
    </li>
  );
}

export function OpenEvents({ eventPath }: { eventPath: (key: string) => string }) {
  const { t } = useTranslation('event-link');
  const events = useOpenEvents();
  if (!events.data?.length) return null;
  return (
    <aside className="open-events" aria-label={t('label')}>
      <ul className="container open-events__list">
        {events.data.map((event) => (
          <OpenEvent key={event.key} event={event} href={eventPath(event.key)} />
        ))}
      </ul>
    </aside>
  );
}
