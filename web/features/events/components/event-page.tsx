// An event's public page (ADR 40): its name, days and hours in IST, where it stands now, the rules as
// the server enforces them, the event's own terms, and the entrant's place: Enter (signing in first),
// the running quiz, a guardian's consent, the result, withdrawal. Rendered on the server for everyone;
// the entrant's own entry is read by the browser (api/events.ts says why).
import { Link } from 'react-router';
import type { PublicEventAnswer } from '../../../../contract/events';
import { QueryState } from '../../../components/query-state';
import { useTranslation } from '../../../i18n/react';
import { useWrittenIn } from '../../../i18n/written-in';
import { isClientError } from '../../../lib/api-client';
import { useEvent } from '../api/events';
import { ENTRY_ID } from './entry-layout';
import { EntryPanel } from './entry-panel';
import { EventRules } from './event-rules';
import { useEventTimes } from './event-times';
import './events.css';

export type PublicEvent = PublicEventAnswer['event'];

export interface EventPageProps {
  eventKey: string;
  /** Sign-in, coming back to this page. */
  signInHref: string;
  leaderboardHref: string;
  /** The terms and conditions page of the event quizzes. */
  termsHref: string;
}

/** Where the event stands, in a few words, for the band under its name. */
function EventStatus({ event }: { event: PublicEvent }) {
  const { t } = useTranslation('events');
  const times = useEventTimes();
  if (event.entriesOpenNow) return <p className="event-status event-status--open">{t('status.openNow')}</p>;
  if (event.state === 'results_published') return <p className="event-status">{t('status.results')}</p>;
  if (event.nextOpening)
    return <p className="event-status">{t('status.opensAt', { when: times.moment(event.nextOpening) })}</p>;
  return <p className="event-status">{t('status.closed')}</p>;
}

/** The event's days and daily hours in IST. */
export function EventDays({ event }: { event: PublicEvent }) {
  const times = useEventTimes();
  return (
    <p className="event-days">
      {times.days(event)} · {times.hours(event)}
    </p>
  );
}

function EventTerms({ event, termsHref }: { event: PublicEvent; termsHref: string }) {
  const { t } = useTranslation('events');
  const { t: tc } = useTranslation();
  const { lang, isFallback } = useWrittenIn(event.lang);
  const paragraphs = event.terms.split(/\n+/).filter((line) => line.trim());
  return (
    <section className="event-section" aria-labelledby="event-terms-title">
      <h2 id="event-terms-title" className="event-section__title">
        {t('terms.title')}
      </h2>
      {paragraphs.length > 0 && (
        <details className="event-terms">
          <summary>{t('terms.show')}</summary>
          {isFallback && <p className="fallback-note">{tc('status.fallbackNote')}</p>}
          <div lang={lang}>
            {paragraphs.map((text, i) => (
              <p key={i}>{text}</p>
            ))}
          </div>
          <p className="event-terms__version">{t('terms.version', { version: event.termsVersion })}</p>
        </details>
      )}
      <p>
        <Link to={termsHref}>{t('terms.link')}</Link>
      </p>
    </section>
  );
}

export function EventPage({ eventKey, signInHref, leaderboardHref, termsHref }: EventPageProps) {
  const { t } = useTranslation('events');
  const query = useEvent(eventKey);
  const event = query.data;
  const { lang } = useWrittenIn(event?.lang ?? 'en');

  if (!event) {
    return (
      <div className="container section">
        {/* An unknown key is "not found", not a failure to try again. */}
        <QueryState
          isPending={query.isPending}
          isError={query.isError && !isClientError(query.error)}
          refetch={() => void query.refetch()}
          minHeight="screen"
        />
        {isClientError(query.error) && (
          <>
            <h1>{t('notFound.title')}</h1>
            <p>{t('notFound.text')}</p>
          </>
        )}
      </div>
    );
  }

  return (
    <div className="event-page">
      <header className="page-hero event-hero">
        <div className="container">
          <p className="eyebrow">{t('eyebrow')}</p>
          <h1 lang={lang}>{event.name}</h1>
          <EventDays event={event} />
          <EventStatus event={event} />
          {event.entriesOpenNow && (
            <p className="event-hero__jump">
              <a className="btn" href={`#${ENTRY_ID}`}>
                {t('enter.title')}
              </a>
            </p>
          )}
        </div>
      </header>
      <div className="container event-page__body">
        <EntryPanel
          event={event}
          signInHref={signInHref}
          leaderboardHref={leaderboardHref}
          rules={<EventRules event={event} />}
        />
        <EventTerms event={event} termsHref={termsHref} />
        {event.state === 'results_published' && (
          <p className="event-section">
            <Link className="btn btn--ghost" to={leaderboardHref}>
              {t('leaderboard.link')}
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}
