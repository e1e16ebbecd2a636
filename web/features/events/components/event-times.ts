// An event's days and hours as the reader's language writes them, always on India's clock (the
// event's days and hours are IST, whatever the phone says), so the server's page and the phone's agree.
import { formatDate } from '../../../lib/text';

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

// One formatter per language, made on first use (ADR 38: making one loads the language's data).
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** A moment (an ISO time from the server) as a day and a time in India: "9 October 2025, 9:00 am". */
export function dateTimeText(value: string, bcp47: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  let format = dateTimeFormats.get(bcp47);
  if (!format) {
    format = new Intl.DateTimeFormat(bcp47, {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'Asia/Kolkata',
    });
    dateTimeFormats.set(bcp47, format);
  }
  return format.format(date);
}
