// The plain values of the staff's analytics (ADR 27), for the server and the console alike:
// importing nothing keeps them free of TypeBox for the web.

/** The smallest group of learners a figure may describe. */
export const ANALYTICS_MIN_GROUP = 10;

/** How often one instance refreshes the figures, so they are at most this old (plus a refresh). */
export const ANALYTICS_REFRESH_MINUTES = 5;

/**
 * Figures are of whole weeks that have ended (ADR 35): Monday to Sunday in India's time, each week
 * protected on its own and a longer period the sum of its weeks, so no two answers differ by a
 * part of a week, and a week's figures no longer change as learners come.
 */
export const ANALYTICS_GRAINS = ['week'] as const;
export type AnalyticsGrain = (typeof ANALYTICS_GRAINS)[number];

const DAY_MS = 86_400_000;

/** A calendar day (YYYY-MM-DD) some days later, or earlier when `days` is negative. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday of the week that holds a calendar day (YYYY-MM-DD). */
export function weekStart(day: string): string {
  return addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
}

/** The longest period one call may cover, in weeks (about three years). */
export const ANALYTICS_MAX_WEEKS = 157;

/** The period a dashboard opens on: this many of the weeks that have ended, the last one last week. */
export const ANALYTICS_DEFAULT_WEEKS = 13;

export const AGE_BANDS = ['under18', '18-24', '25-34', '35-49', '50plus', 'unknown'] as const;
export type AgeBand = (typeof AGE_BANDS)[number];

export const CONSENT_GROUPS = ['adult', 'minorWithConsent', 'minorWithoutConsent'] as const;
export type ConsentGroup = (typeof CONSENT_GROUPS)[number];

/** The breakdowns of the learners who registered in a period; each is a partition of their total. */
export const LEARNER_BREAKDOWNS = [
  'interfaceLanguage',
  'courseLanguage',
  'gender',
  'ageBand',
  'qualification',
  'consent',
] as const;
export type LearnerBreakdown = (typeof LEARNER_BREAKDOWNS)[number];

/** The key of a learner not described in a breakdown (no age given, not enrolled yet, ...). */
export const UNKNOWN_KEY = 'unknown';

/** The steps of a course's funnel, in order: each group is inside the one before. */
export const FUNNEL_STEPS = ['enrolled', 'started', 'halfDone', 'completed', 'certificate'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** The buckets of "attempts needed to pass"; the last holds that many or more. */
export const ATTEMPT_BUCKETS = [1, 2, 3, 4] as const;

/** The reports a CSV file can be downloaded of. */
export const ANALYTICS_REPORTS = ['learners', 'courses', 'course', 'certificates'] as const;
export type AnalyticsReport = (typeof ANALYTICS_REPORTS)[number];

/** A count hidden only so that a small group beside it cannot be worked out from a total. */
export const WITHHELD = 'withheld';
