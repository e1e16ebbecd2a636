// An event's days, hours, moments and durations as the reader's language writes them, always on
// India's clock (the event's days and hours are IST, whatever the phone says), so the server's page
// and the phone's agree.
import { LANGUAGES, type LanguageCode } from '../../../../contract/languages';
import { useTranslation } from '../../../i18n/react';
import type { TFunction } from '../../../i18n/translator';
import { useLanguage } from '../../../i18n/use-language';
import { formatDate } from '../../../lib/text';
import { minutesAndSeconds } from './entry-clock';

/**
 * The locale an event's dates and times are written in: the language as India writes it, with the
 * digits 0-9 the rest of the page uses (Bengali and Marathi would otherwise get their own digits).
 */
export function localeOf(language: LanguageCode): string {
  return `${LANGUAGES[language].bcp47}-IN-u-nu-latn`;
}

/** A calendar day of the event (YYYY-MM-DD, IST) in words: "8 October 2025". */
export function dayText(day: string, bcp47: string): string {
  // Noon in India: the same calendar day whatever the formatter's rounding.
  return formatDate(`${day}T12:00:00+05:30`, bcp47);
}

/** A daily time (HH:MM, IST) as written on the page: 24:00 is the end of the day. */
export const timeOfDay = (time: string) => time.slice(0, 5);

/** Open all day: from midnight to the end of the day. */
export const isAllDay = (opensAt: string, closesAt: string) =>
  timeOfDay(opensAt) === '00:00' && timeOfDay(closesAt) === '24:00';

/** A duration in words: "5 minutes", "1 minute 30 seconds", "45 seconds". */
export function durationText(t: TFunction, totalSeconds: number): string {
  const { minutes, seconds } = minutesAndSeconds(totalSeconds);
  const m = t('duration.minutes', { count: minutes });
  const s = t('duration.seconds', { count: seconds });
  if (minutes === 0) return s;
  return seconds === 0 ? m : t('duration.both', { minutes: m, seconds: s });
}

interface EventSchedule {
  firstDay: string;
  lastDay: string;
  opensAt: string;
  closesAt: string;
}

/** The event's words for time in the reader's language. */
export function useEventTimes() {
  const { t } = useTranslation('events');
  const { language } = useLanguage();
  const locale = localeOf(language);
  return {
    /** A moment from the server as a day and a time in India: "9 October 2025 at 09:00". */
    moment: (iso: string) => formatDate(iso, locale, { withTime: true }),
    /** The event's days: one, or the first to the last. */
    days: (event: EventSchedule) => {
      const first = dayText(event.firstDay, locale);
      return event.firstDay === event.lastDay
        ? t('days.one', { day: first })
        : t('days.range', { first, last: dayText(event.lastDay, locale) });
    },
    /** Its daily hours in IST, or all day. */
    hours: (event: EventSchedule) =>
      isAllDay(event.opensAt, event.closesAt)
        ? t('hours.allDay')
        : t('hours.range', { opens: timeOfDay(event.opensAt), closes: timeOfDay(event.closesAt) }),
    duration: (seconds: number) => durationText(t, seconds),
  };
}
