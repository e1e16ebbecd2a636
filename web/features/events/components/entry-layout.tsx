// What the entrant's part of an event's page is made of whatever its state: its place (the hero's
// "Take part" leads to it), the notice of a refused start, and when entries cannot start now.
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { PublicEvent } from './event-page';
import { useEventTimes } from './event-times';

/** The entrant's part of the page (the hero's "Take part" leads to it). */
export const ENTRY_ID = 'event-entry';

/** The rules before the entrant's part, that part (after any notice), and what follows it. */
export function EntryLayout({
  before,
  notice,
  main,
  after,
}: {
  before?: ReactNode;
  notice?: string | null;
  main: ReactNode;
  after?: ReactNode;
}) {
  return (
    <>
      {before}
      <div id={ENTRY_ID} className="event-entry">
        {notice && (
          <p className="event-notice" role="alert" data-testid="event-notice">
            {notice}
          </p>
        )}
        {main}
      </div>
      {after}
    </>
  );
}

/** When entries cannot be started now: when they open next, or that the event has closed. */
export function NotOpenNow({ event }: { event: PublicEvent }) {
  const { t } = useTranslation('events');
  const times = useEventTimes();
  return (
    <p className="event-card__note">
      {event.nextOpening ? t('notOpen.next', { when: times.moment(event.nextOpening) }) : t('notOpen.closed')}
    </p>
  );
}

/** Take part, when entries cannot be started now. */
export function NotOpenCard({ event }: { event: PublicEvent }) {
  const { t } = useTranslation('events');
  return (
    <section className="event-card" aria-labelledby="event-enter-title">
      <h2 id="event-enter-title" className="event-card__title" tabIndex={-1}>
        {t('enter.title')}
      </h2>
      <NotOpenNow event={event} />
    </section>
  );
}
