// The days an analytics call covers and the periods its series are cut into, in India's calendar
// (contract STAFF_TIME_ZONE), computed with plain UTC dates so no clock's zone moves a day.
import {
  ANALYTICS_DEFAULT_WEEKS,
  ANALYTICS_MAX_WEEKS,
  addDays,
  weekStart,
  type AnalyticsGrain,
} from '../../../contract/analytics-rules';
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

/** Today in India. */
export function todayInIndia(now: Date): Day {
  return indiaDay.format(now);
}

export { addDays, weekStart };

/**
 * The first and last day a call covers (ADR 35): whole weeks that have ended, from a Monday to a
 * Sunday before the current week, at most ANALYTICS_MAX_WEEKS. `to` defaults to last week's
 * Sunday, `from` to the Monday ANALYTICS_DEFAULT_WEEKS weeks before. Anything else (a day, a week
 * not yet over, a part of a week) is refused, not rounded: an answer says exactly what it covers.
 */
export function resolvePeriod(query: { from?: string; to?: string }, now: Date): { from: Day; to: Day } {
  const currentWeek = weekStart(todayInIndia(now));
  const to = query.to ?? addDays(currentWeek, -1);
  const from = query.from ?? addDays(weekStart(to), -7 * (ANALYTICS_DEFAULT_WEEKS - 1));
  const days = (toTime(to) - toTime(from)) / DAY_MS + 1;
  const whole = !Number.isNaN(days) && weekStart(from) === from && weekStart(to) === addDays(to, -6);
  if (!whole || days < 7 || days > 7 * ANALYTICS_MAX_WEEKS || to >= currentWeek)
    throw badRequest('analyticsPeriodInvalid', { max: ANALYTICS_MAX_WEEKS });
  return { from, to };
}

/** The weeks of a period, each as its first and last day. */
export function weeksOf(from: Day, to: Day): { from: Day; to: Day }[] {
  return periodsOf(from, to, 'week').map((monday) => ({ from: monday, to: addDays(monday, 6) }));
}

/** The first day of the period of `grain` that holds `day`: its week's Monday. */
export function periodStart(day: Day, grain: AnalyticsGrain): Day {
  switch (grain) {
    case 'week':
      return weekStart(day);
  }
}

/** Every period of `grain` that the days from..to touch, in order. */
export function periodsOf(from: Day, to: Day, grain: AnalyticsGrain): Day[] {
  const periods: Day[] = [];
  let current = periodStart(from, grain);
  while (current <= to) {
    periods.push(current);
    current = addDays(current, 7);
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
