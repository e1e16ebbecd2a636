// The rules of an event as the server enforces them (ADR 40), in the reader's language, with the
// event's own figures: its days and hours, one entry per number, the time limit and the day's
// closing, the grace for the network, minors, the ranking, withdrawal and the results' review.
import { MINOR_AGE } from '../../../../contract/profile-options';
import { useTranslation } from '../../../i18n/react';
import type { TFunction } from '../../../i18n/translator';
import { useLanguage } from '../../../i18n/use-language';
import type { PublicEvent } from './event-page';
import { minutesAndSeconds } from './entry-clock';
import { dayText, isAllDay, timeOfDay } from './event-times';
import { localeOf } from './locale';

/** A duration in words: "5 minutes", "1 minute 30 seconds", "45 seconds". */
export function durationText(t: TFunction, totalSeconds: number): string {
  const { minutes, seconds } = minutesAndSeconds(totalSeconds);
  const m = t('duration.minutes', { count: minutes });
  const s = t('duration.seconds', { count: seconds });
  if (minutes === 0) return s;
  return seconds === 0 ? m : t('duration.both', { minutes: m, seconds: s });
}

export function EventRules({ event }: { event: PublicEvent }) {
  const { t } = useTranslation('events');
  const { language } = useLanguage();
  const locale = localeOf(language);
  const allDay = isAllDay(event.opensAt, event.closesAt);
  const first = dayText(event.firstDay, locale);
  const last = dayText(event.lastDay, locale);
  const days = event.firstDay === event.lastDay ? t('days.one', { day: first }) : t('days.range', { first, last });
  const hours = allDay
    ? t('hours.allDay')
    : t('hours.range', { opens: timeOfDay(event.opensAt), closes: timeOfDay(event.closesAt) });
  const time = durationText(t, event.timeLimitSeconds);
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
