// How an event reads in the console: its name, days, hours and time limit, its state as a badge, when
// its results become final. Days and hours are India Standard Time, as the server holds them.
import type { EventState } from '../../../../contract/event-rules';
import type { StaffEvent } from '../../../staff-shared/api/events';

let dayFormat: Intl.DateTimeFormat | undefined;

/** A day (YYYY-MM-DD) as "8 Oct 2025". */
export function dayText(day: string): string {
  dayFormat ??= new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayFormat.format(date);
}

/** The event's days: "8 Oct 2025 to 11 Oct 2025", or one day. */
export const daysText = (event: Pick<StaffEvent, 'firstDay' | 'lastDay'>) =>
  event.firstDay === event.lastDay
    ? dayText(event.firstDay)
    : `${dayText(event.firstDay)} to ${dayText(event.lastDay)}`;

/** The daily hours: "09:00–19:00 IST". */
export const hoursText = (event: Pick<StaffEvent, 'opensAt' | 'closesAt'>) => `${event.opensAt}–${event.closesAt} IST`;

/** A time limit as minutes and seconds: "5 min", "1 min 30 s", "45 s". */
export function limitText(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return `${rest} s`;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

/** A time the server measured, in seconds: "4 min 05.2 s", "52.3 s". */
export function measuredText(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = (seconds - minutes * 60).toFixed(1);
  return minutes === 0 ? `${rest} s` : `${minutes} min ${rest.padStart(4, '0')} s`;
}

/** Each state's badge (its colour always with its word). */
export const STATE_BADGE: Record<EventState, string> = {
  draft: 'staff-badge staff-badge--draft',
  scheduled: 'staff-badge staff-badge--review',
  open: 'staff-badge staff-badge--published',
  closed: 'staff-badge staff-badge--missing',
  results_published: 'staff-badge ev-badge--results',
};

/** When the published results become final: the review period after publishing. */
export function resultsFinalAt(event: Pick<StaffEvent, 'resultsPublishedAt' | 'reviewHours'>): string | null {
  if (!event.resultsPublishedAt) return null;
  return new Date(new Date(event.resultsPublishedAt).getTime() + event.reviewHours * 3_600_000).toISOString();
}
