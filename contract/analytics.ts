// The staff's analytics (/api/staff/analytics/, analysts and admins): only aggregates, computed from
// materialized views refreshed every few minutes (ADR 27). Any count of fewer than
// ANALYTICS_MIN_GROUP learners is withheld, and so are the cells that would let it be worked out
// by subtracting from a total (complementary suppression). Only whole weeks that have ended are
// answered, each protected on its own, a longer period as the sum of its weeks (ADR 35).
import { Type, type Static } from '@sinclair/typebox';
import { StringEnum, nullable } from './schema-helpers';
import { LANGUAGE_CODES } from './languages';
import { GENDERS, QUALIFICATIONS } from './profile-options';
import { Uuid } from './ids';
import {
  AGE_BANDS,
  ANALYTICS_DEFAULT_WEEKS,
  ANALYTICS_GRAINS,
  ANALYTICS_REPORTS,
  CONSENT_GROUPS,
  FUNNEL_STEPS,
  LEARNER_BREAKDOWNS,
  UNKNOWN_KEY,
  WITHHELD,
  type AgeBand,
  type FunnelStep,
  type LearnerBreakdown,
} from './analytics-rules';

/** The age bands' bounds, in years: [lowest, highest] (null: open). */
export const AGE_BAND_BOUNDS: Readonly<Record<Exclude<AgeBand, 'unknown'>, readonly [number | null, number | null]>> = {
  under18: [null, 17],
  '18-24': [18, 24],
  '25-34': [25, 34],
  '35-49': [35, 49],
  '50plus': [50, null],
};

/** Every key each breakdown may show, in the order a table lists them. */
export const BREAKDOWN_KEYS: Readonly<Record<LearnerBreakdown, readonly string[]>> = {
  interfaceLanguage: [...LANGUAGE_CODES, UNKNOWN_KEY],
  courseLanguage: [...LANGUAGE_CODES, UNKNOWN_KEY],
  gender: [...GENDERS, UNKNOWN_KEY],
  ageBand: AGE_BANDS,
  qualification: [...QUALIFICATIONS, UNKNOWN_KEY],
  consent: CONSENT_GROUPS,
};

const isoDate = (description: string) => Type.String({ format: 'date', description });

/**
 * A count of learners; null where it is fewer than ANALYTICS_MIN_GROUP (shown as "fewer than 10"),
 * WITHHELD where it is larger but hidden so that such a group cannot be worked out by subtracting
 * from a total (complementary suppression).
 */
export const SafeCount = Type.Union([Type.Integer({ minimum: 0 }), Type.Null(), Type.Literal(WITHHELD)]);
export type SafeCount = Static<typeof SafeCount>;

export const AnalyticsQuery = Type.Object({
  from: Type.Optional(
    isoDate(
      `A Monday (India's time), the first day; default the Monday ${ANALYTICS_DEFAULT_WEEKS} weeks before \`to\`'s week ends`,
    ),
  ),
  to: Type.Optional(
    isoDate(
      "A Sunday (India's time) before the current week, the last day; default last week's Sunday. Only whole weeks that have ended are answered (ADR 35)",
    ),
  ),
  lang: Type.Optional(StringEnum(LANGUAGE_CODES, { description: 'Only this course language' })),
  course: Type.Optional(Uuid),
  grain: Type.Optional(
    StringEnum(ANALYTICS_GRAINS, {
      default: 'week',
      description: 'The length of each period of a series: weeks only, the unit every figure is protected in',
    }),
  ),
});
export type AnalyticsQuery = Static<typeof AnalyticsQuery>;

/** What every answer says of itself: the period it covers, its filters, and when it was computed. */
export const AnalyticsFrame = Type.Object({
  from: isoDate('The first day covered'),
  to: isoDate('The last day covered'),
  // A plain string: OpenAPI 3.0 cannot say "one of these codes, or null" without listing null in the enum.
  lang: nullable(Type.String({ description: 'The course language filtered on, or null for all' })),
  course: nullable(Type.String({ description: 'The course filtered on, or null for all' })),
  grain: StringEnum(ANALYTICS_GRAINS),
  computedAt: nullable(
    Type.String({
      format: 'date-time',
      description: 'When the figures were computed; null before the first computation',
    }),
  ),
  minGroup: Type.Integer({ description: 'The smallest group a shown count describes' }),
});
export type AnalyticsFrame = Static<typeof AnalyticsFrame>;

const SeriesPoint = Type.Object({
  period: isoDate('The first day of the week (a Monday)'),
  count: SafeCount,
});
export type SeriesPoint = Static<typeof SeriesPoint>;

const BreakdownCell = Type.Object({ key: Type.String(), count: SafeCount });
export type BreakdownCell = Static<typeof BreakdownCell>;

export const LearnersAnswer = Type.Object({
  frame: AnalyticsFrame,
  registrations: Type.Object({
    total: SafeCount,
    series: Type.Array(SeriesPoint),
  }),
  active: Type.Object({
    series: Type.Array(SeriesPoint, {
      description: 'Learners who enrolled, finished a lesson or video, or attempted a quiz in each period',
    }),
  }),
  breakdowns: Type.Object(
    Object.fromEntries(LEARNER_BREAKDOWNS.map((b) => [b, Type.Array(BreakdownCell)])) as Record<
      LearnerBreakdown,
      ReturnType<typeof Type.Array<typeof BreakdownCell>>
    >,
    { description: 'The learners registered in the period, by each dimension; each sums to the total' },
  ),
});
export type LearnersAnswer = Static<typeof LearnersAnswer>;

const Funnel = Type.Object(
  Object.fromEntries(FUNNEL_STEPS.map((s) => [s, SafeCount])) as Record<FunnelStep, typeof SafeCount>,
);
export type Funnel = Static<typeof Funnel>;

const MedianDays = Type.Object(
  {
    started: nullable(Type.Number()),
    halfDone: nullable(Type.Number()),
    completed: nullable(Type.Number()),
    certificate: nullable(Type.Number()),
  },
  {
    description: 'The median days from the step before to each step; null where fewer than the smallest group took it',
  },
);

export const CourseFigures = Type.Object({
  courseId: Type.String(),
  slug: Type.String(),
  lang: StringEnum(LANGUAGE_CODES),
  title: Type.String(),
  funnel: Funnel,
  medianDays: MedianDays,
  rating: Type.Object({
    count: SafeCount,
    average: nullable(
      Type.Number({ description: 'Out of 5, to one decimal; null with fewer ratings than the smallest group' }),
    ),
  }),
});
export type CourseFigures = Static<typeof CourseFigures>;

export const CoursesAnswer = Type.Object({
  frame: AnalyticsFrame,
  courses: Type.Array(CourseFigures, {
    description: 'The courses learners enrolled in during the period, by enrolments',
  }),
});
export type CoursesAnswer = Static<typeof CoursesAnswer>;

const StopPoint = Type.Object({
  itemId: Type.String(),
  kind: StringEnum(['lesson', 'video', 'quiz'] as const),
  title: Type.String(),
  learners: SafeCount,
});

const OptionFigures = Type.Object({
  optionId: Type.String(),
  text: Type.String(),
  correct: Type.Boolean(),
  chosen: SafeCount,
});

const QuestionFigures = Type.Object({
  questionId: Type.String(),
  text: Type.String(),
  learners: SafeCount,
  answeredRight: SafeCount,
  options: Type.Array(OptionFigures, {
    description: 'How many learners chose each option (several for a multiple-answer question)',
  }),
});

const QuizFigures = Type.Object({
  quizId: Type.String(),
  title: Type.String(),
  attempts: SafeCount,
  learners: SafeCount,
  attemptsToPass: Type.Array(
    Type.Object({
      attempts: Type.Integer({ description: 'The attempts needed; the last bucket is that many or more' }),
      learners: SafeCount,
    }),
  ),
  questions: Type.Array(QuestionFigures, { description: "From each learner's first attempt" }),
});
export type QuizFigures = Static<typeof QuizFigures>;

export const CourseDetailAnswer = Type.Object({
  frame: AnalyticsFrame,
  course: CourseFigures,
  stops: Type.Object({
    total: SafeCount,
    items: Type.Array(StopPoint, {
      description:
        'Of the learners who enrolled in the period, started and have not completed the course, how many stopped after each item (a lesson finished, a video watched, a quiz passed), in course order',
    }),
  }),
  quizzes: Type.Array(QuizFigures),
});
export type CourseDetailAnswer = Static<typeof CourseDetailAnswer>;

export const CertificatesAnswer = Type.Object({
  frame: AnalyticsFrame,
  certificates: Type.Object({ total: SafeCount, series: Type.Array(SeriesPoint) }),
  journalEntries: Type.Object({
    total: SafeCount,
    series: Type.Array(SeriesPoint, { description: 'Journal entries written: a count, never their text' }),
  }),
});
export type CertificatesAnswer = Static<typeof CertificatesAnswer>;

export const AnalyticsExportParams = Type.Object({ report: StringEnum(ANALYTICS_REPORTS) });

export const AnalyticsRefreshAnswer = Type.Object({
  refreshed: Type.Boolean({
    description:
      'Whether this call recomputed the figures (false: computed in the last minute, or being computed by another call)',
  }),
  computedAt: nullable(Type.String({ format: 'date-time', description: 'When the figures now shown were computed' })),
  tookMs: nullable(Type.Integer({ description: 'How long that computation took' })),
});
export type AnalyticsRefreshAnswer = Static<typeof AnalyticsRefreshAnswer>;
