// The days an analytics call covers and the periods its series are cut into, in India's calendar
// (contract STAFF_TIME_ZONE), computed with plain UTC dates so no clock's zone moves a day.
import { ANALYTICS_DEFAULT_DAYS, ANALYTICS_MAX_DAYS, type AnalyticsGrain } from '../../../contract/analytics-rules';
import { STAFF_TIME_ZONE } from '../../../contract/content-kinds';
import { badRequest } from '../../plugins/errors';

const DAY_MS = 86_400_000;
const indiaDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: STAFF_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** A calendar day as YYYY-MM-DD. */
export type Day = string;

const toTime = (day: Day) => Date.parse(`${day}T00:00:00Z`);
const toDay = (time: number): Day => new Date(time).toISOString().slice(0, 10);

/** Today in India. */
export function todayInIndia(now: Date): Day {
  return indiaDay.format(now);
}

export function addDays(day: Day, days: number): Day {
  return toDay(toTime(day) + days * DAY_MS);
}

/**
 * The first and last day a call covers: `to` defaults to today, `from` to the default period before
 * it. Refused when `from` is after `to` or the period is longer than the most one call may cover.
 */
export function resolvePeriod(query: { from?: string; to?: string }, now: Date): { from: Day; to: Day } {
  const to = query.to ?? todayInIndia(now);
  const from = query.from ?? addDays(to, -(ANALYTICS_DEFAULT_DAYS - 1));
  const days = (toTime(to) - toTime(from)) / DAY_MS + 1;
  if (Number.isNaN(days) || days < 1 || days > ANALYTICS_MAX_DAYS)
    throw badRequest('analyticsPeriodInvalid', { max: ANALYTICS_MAX_DAYS });
  return { from, to };
}

/** The first day of the period of `grain` that holds `day`: the day, its week's Monday, its month's 1st. */
export function periodStart(day: Day, grain: AnalyticsGrain): Day {
  if (grain === 'day') return day;
  if (grain === 'month') return `${day.slice(0, 8)}01`;
  const weekday = (new Date(toTime(day)).getUTCDay() + 6) % 7; // Monday 0
  return addDays(day, -weekday);
}

/** Every period of `grain` that the days from..to touch, in order. */
export function periodsOf(from: Day, to: Day, grain: AnalyticsGrain): Day[] {
  const periods: Day[] = [];
  let current = periodStart(from, grain);
  while (current <= to) {
    periods.push(current);
    if (grain === 'day') current = addDays(current, 1);
    else if (grain === 'week') current = addDays(current, 7);
    else {
      const date = new Date(toTime(current));
      date.setUTCMonth(date.getUTCMonth() + 1);
      current = toDay(date.getTime());
    }
  }
  return periods;
}

/**
 * The median of a histogram of whole days (how many learners took each number of days): the lower
 * middle value for an even count, as a whole number of days.
 */
export function medianOfHistogram(histogram: ReadonlyMap<number, number>): number | null {
  const total = [...histogram.values()].reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const middle = Math.ceil(total / 2);
  let seen = 0;
  for (const days of [...histogram.keys()].sort((a, b) => a - b)) {
    seen += histogram.get(days)!;
    if (seen >= middle) return days;
  }
  return null;
}
