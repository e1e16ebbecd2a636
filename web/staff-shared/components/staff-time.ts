// Times in the console are India Standard Time (contract STAFF_TIME_ZONE), whatever the laptop's
// clock says: shown, and typed into date-time fields.
import { STAFF_TIME_ZONE } from '../../../contract/content-kinds';

/** India keeps one offset all year (no summer time), so a time typed in IST always has this one. */
const IST_OFFSET = '+05:30';

const FORMATS = {
  minutes: new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: STAFF_TIME_ZONE }),
  seconds: new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'medium', timeZone: STAFF_TIME_ZONE }),
};

/** An instant as staff read it, in IST. */
export function staffTime(iso: string, precision: keyof typeof FORMATS = 'minutes'): string {
  return FORMATS[precision].format(new Date(iso));
}

/** A date-time field's value (typed in IST) as the instant the API takes, with its offset; null when incomplete. */
export function instantOfStaffTime(local: string): string | null {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local) ? `${local}:00${IST_OFFSET}` : null;
}

const DAY = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: STAFF_TIME_ZONE,
});

/** Today's date in IST, YYYY-MM-DD (the day a new post or story is dated). */
export function staffToday(now = new Date()): string {
  return DAY.format(now);
}
