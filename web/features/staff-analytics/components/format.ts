// How the figures read: shares, periods as dates, breakdowns' keys in words (a count, withheld or
// not: web/staff-shared/components/safe-count.ts).
import type { SafeCount } from '../../../../contract/analytics';
import type { AnalyticsGrain } from '../../../../contract/analytics-rules';
import { LANGUAGES, isLanguageCode } from '../../../../contract/languages';
import type { TFunction as Translate } from '../../../i18n/translator';

const percent = new Intl.NumberFormat('en-IN', { style: 'percent', maximumFractionDigits: 0 });

export const shown = (count: SafeCount): count is number => typeof count === 'number';

export function share(part: SafeCount, whole: SafeCount): string {
  return shown(part) && shown(whole) && whole > 0 ? percent.format(part / whole) : '';
}

const dateFormats = {
  day: new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
  week: new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
  month: new Intl.DateTimeFormat('en-IN', { month: 'short', year: 'numeric', timeZone: 'UTC' }),
};

/** A period's first day (YYYY-MM-DD) as a label: "24 Nov 2026", "week of 23 Nov 2026", "Nov 2026". */
export function periodText(period: string, grain: AnalyticsGrain, t: Translate): string {
  const label = dateFormats[grain].format(new Date(`${period}T00:00:00Z`));
  return grain === 'week' ? t('analytics.weekOf', { date: label }) : label;
}

/** A day (YYYY-MM-DD) as a date. */
export const dayText = (day: string) => dateFormats.day.format(new Date(`${day}T00:00:00Z`));

/** A breakdown's key as a label: a language's name, an age band, a consent group, or as stored. */
export function keyText(breakdown: string, key: string, t: Translate): string {
  if (key === 'unknown')
    return t(breakdown === 'courseLanguage' ? 'analytics.keys.notEnrolled' : 'analytics.keys.unknown');
  if ((breakdown === 'interfaceLanguage' || breakdown === 'courseLanguage') && isLanguageCode(key))
    return LANGUAGES[key].name;
  if (breakdown === 'ageBand' || breakdown === 'consent') return t(`analytics.keys.${key}`);
  return key;
}

/** A median number of days, or a dash where too few learners took the step. */
export function daysText(days: number | null, t: Translate): string {
  return days === null ? '—' : t('analytics.days', { count: days });
}
