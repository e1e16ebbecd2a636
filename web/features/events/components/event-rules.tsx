// The rules of an event as the server enforces them (ADR 40), in the reader's language, with the
// event's own figures: its days and hours, one entry per number, the time limit and the day's
// closing, the grace for the network, minors, the ranking, withdrawal and the results' review.
import { MINOR_AGE } from '../../../../contract/profile-options';
import { useTranslation } from '../../../i18n/react';
import type { PublicEvent } from './event-page';
import { isAllDay, timeOfDay, useEventTimes } from './event-times';

export function EventRules({ event }: { event: PublicEvent }) {
  const { t } = useTranslation('events');
  const times = useEventTimes();
  const allDay = isAllDay(event.opensAt, event.closesAt);
  const days = times.days(event);
  const hours = times.hours(event);
  const time = times.duration(event.timeLimitSeconds);
  const rules = [
    t('rules.window', { days, hours }),
    t('rules.oneEntry'),
    allDay ? t('rules.timeAllDay', { time }) : t('rules.time', { time, closes: timeOfDay(event.closesAt) }),
    t('rules.questions', { count: event.questionsPerEntry }),
    t('rules.grace', { count: event.graceSeconds }),
    event.minorsAllowed ? t('rules.minors', { age: MINOR_AGE }) : t('rules.adultsOnly', { age: MINOR_AGE }),
    t('rules.ranking'),
    t('rules.withdraw'),
    event.reviewHours > 0 ? t('rules.results', { count: event.reviewHours }) : t('rules.resultsFinal'),
  ];
  return (
    <section className="event-section" aria-labelledby="event-rules-title">
      <h2 id="event-rules-title" className="event-section__title">
        {t('rules.title')}
      </h2>
      <ul className="event-rules">
        {rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </section>
  );
}
