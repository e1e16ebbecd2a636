// The staff's figures (ADR 27): read from the materialized views, cut into periods, and every
// count passed through the small-group rules before it leaves the server.
//
// Surface for other modules: none (routes only).
import {
  BREAKDOWN_KEYS,
  type AnalyticsFrame,
  type AnalyticsQuery,
  type CertificatesAnswer,
  type CourseDetailAnswer,
  type CourseFigures,
  type CoursesAnswer,
  type LearnersAnswer,
  type QuizFigures,
  type SafeCount,
} from '../../../contract/analytics';
import {
  ANALYTICS_MIN_GROUP,
  ATTEMPT_BUCKETS,
  FUNNEL_STEPS,
  LEARNER_BREAKDOWNS,
  type AnalyticsGrain,
  type FunnelStep,
} from '../../../contract/analytics-rules';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../plugins/errors';
import { medianOfHistogram, periodStart, periodsOf, resolvePeriod } from './periods';
import * as repo from './repository';
import { withhold, withholdChain, withholdPartition } from './suppression';

interface Request {
  scope: repo.Scope;
  grain: AnalyticsGrain;
  frame: AnalyticsFrame;
}

async function resolve(db: DbOrTx, query: AnalyticsQuery, now: Date, courseId?: string): Promise<Request> {
  const { from, to } = resolvePeriod(query, now);
  const grain = query.grain ?? 'week';
  const course = courseId ?? query.course ?? null;
  const last = await repo.lastRefresh(db);
  return {
    // A course is in one language, so a course filter makes a language filter moot.
    scope: { from, to, lang: course ? null : (query.lang ?? null), courseId: course },
    grain,
    frame: {
      from,
      to,
      lang: query.lang ?? null,
      course,
      grain,
      computedAt: last ? last.computedAt.toISOString() : null,
      minGroup: ANALYTICS_MIN_GROUP,
    },
  };
}

/** Counts per period, every period of the frame present (0 where nothing happened). */
function fillPeriods(counts: readonly repo.PeriodCount[], request: Request): { period: string; count: number }[] {
  const byPeriod = new Map(counts.map((row) => [row.period, row.count]));
  return periodsOf(request.scope.from, request.scope.to, request.grain).map((period) => ({
    period,
    count: byPeriod.get(period) ?? 0,
  }));
}

/** A series whose periods add up to a shown total. */
function partitionSeries(counts: readonly repo.PeriodCount[], request: Request) {
  const filled = fillPeriods(counts, request);
  const { cells, total } = withholdPartition(filled.map((point) => point.count));
  return { total, series: filled.map((point, i) => ({ period: point.period, count: cells[i]! })) };
}

export async function learners(db: DbOrTx, query: AnalyticsQuery, now: Date): Promise<LearnersAnswer> {
  const request = await resolve(db, query, now);
  const { scope, grain } = request;
  const [registrations, breakdownRows, active] = await Promise.all([
    repo.registrationsByPeriod(db, scope, grain),
    repo.registrationBreakdowns(db, scope),
    repo.activeByPeriod(db, scope, grain, periodStart(scope.from, grain)),
  ]);
  const breakdowns = Object.fromEntries(
    LEARNER_BREAKDOWNS.map((breakdown) => {
      const keys = BREAKDOWN_KEYS[breakdown];
      const counts = keys.map(
        (key) => breakdownRows.find((row) => row.dimension === breakdown && row.key === key)?.count ?? 0,
      );
      const { cells } = withholdPartition(counts);
      return [breakdown, keys.map((key, i) => ({ key, count: cells[i]! }))];
    }),
  ) as LearnersAnswer['breakdowns'];
  return {
    frame: request.frame,
    registrations: partitionSeries(registrations, request),
    active: {
      series: fillPeriods(active, request).map((point) => ({ period: point.period, count: withhold(point.count) })),
    },
    breakdowns,
  };
}

const MEDIAN_STEPS = ['started', 'halfDone', 'completed', 'certificate'] as const satisfies readonly FunnelStep[];

/** Each course's funnel, medians and rating, with every small group withheld. */
async function courseFigures(db: DbOrTx, scope: repo.Scope): Promise<CourseFigures[]> {
  const [funnels, stepDays, ratings] = await Promise.all([
    repo.funnels(db, scope),
    repo.stepDays(db, scope),
    repo.ratings(db, scope),
  ]);
  return funnels.map((row) => {
    const shown = withholdChain(FUNNEL_STEPS.map((step) => row[step]));
    const medianDays = Object.fromEntries(
      MEDIAN_STEPS.map((step) => {
        const histogram = new Map(
          stepDays.filter((d) => d.courseId === row.courseId && d.step === step).map((d) => [d.days, d.learners]),
        );
        // A median of a small group tells too much about each of them.
        return [step, row[step] >= ANALYTICS_MIN_GROUP ? medianOfHistogram(histogram) : null];
      }),
    ) as CourseFigures['medianDays'];
    const rating = ratings.find((r) => r.courseId === row.courseId) ?? { count: 0, total: 0 };
    const count = withhold(rating.count);
    return {
      courseId: row.courseId,
      slug: row.slug,
      lang: row.lang,
      title: row.title,
      funnel: Object.fromEntries(FUNNEL_STEPS.map((step, i) => [step, shown[i]!])) as CourseFigures['funnel'],
      medianDays,
      rating: { count, average: count ? Math.round((rating.total / rating.count) * 10) / 10 : null },
    };
  });
}

export async function courses(db: DbOrTx, query: AnalyticsQuery, now: Date): Promise<CoursesAnswer> {
  const request = await resolve(db, query, now);
  return { frame: request.frame, courses: await courseFigures(db, request.scope) };
}

/** The figures of one question's options: a partition of its learners for a single answer. */
function optionCounts(question: repo.QuestionRow, options: readonly repo.OptionRow[]): SafeCount[] {
  const chosen = options.map((option) => option.chosen);
  if (question.type === 'single') return withholdPartition(chosen).cells;
  return chosen.map((count) => withhold(count));
}

export async function courseDetail(
  db: DbOrTx,
  courseId: string,
  query: AnalyticsQuery,
  now: Date,
): Promise<CourseDetailAnswer> {
  const course = await repo.findCourse(db, courseId);
  if (!course) throw notFound('courseNotFound');
  const request = await resolve(db, query, now, courseId);
  const scope = { ...request.scope, courseId };
  const [figures, stopRows, quizRows, passRows, questionRows, optionRows] = await Promise.all([
    courseFigures(db, scope),
    repo.stops(db, scope),
    repo.quizzes(db, scope),
    repo.attemptsToPass(db, scope),
    repo.questions(db, scope),
    repo.options(db, scope),
  ]);
  const stopped = withholdPartition(stopRows.map((row) => row.learners));
  const quizzes = quizRows.map((quiz): QuizFigures => {
    const learners = withhold(quiz.learners);
    const buckets = ATTEMPT_BUCKETS.map((attempts) =>
      passRows
        .filter((row) => row.quizId === quiz.quizId && row.attempts === attempts)
        .reduce((sum, row) => sum + row.learners, 0),
    );
    const passCells = withholdPartition(buckets).cells;
    return {
      quizId: quiz.quizId,
      title: quiz.title,
      // Attempts are not learners, but a count of a few learners' attempts still describes them.
      attempts: learners === null ? null : quiz.attempts,
      learners,
      attemptsToPass: ATTEMPT_BUCKETS.map((attempts, i) => ({ attempts, learners: passCells[i]! })),
      questions: questionRows
        .filter((question) => question.quizId === quiz.quizId)
        .map((question) => {
          const options = optionRows.filter((option) => option.questionId === question.questionId);
          const [answered, right] = withholdChain([question.learners, question.answeredRight]);
          const chosen = optionCounts(question, options);
          return {
            questionId: question.questionId,
            text: question.text,
            learners: answered!,
            answeredRight: right!,
            options: options.map((option, i) => ({
              optionId: option.optionId,
              text: option.text,
              correct: option.correct,
              chosen: chosen[i]!,
            })),
          };
        }),
    };
  });
  return {
    frame: request.frame,
    course: figures[0] ?? emptyFigures(course),
    stops: {
      total: stopped.total,
      items: stopRows.map((row, i) => ({
        itemId: row.itemId,
        kind: row.kind,
        title: row.title,
        learners: stopped.cells[i]!,
      })),
    },
    quizzes,
  };
}

/** A course nobody enrolled in during the period. */
function emptyFigures(course: repo.CourseRow): CourseFigures {
  return {
    ...course,
    funnel: { enrolled: 0, started: 0, halfDone: 0, completed: 0, certificate: 0 },
    medianDays: { started: null, halfDone: null, completed: null, certificate: null },
    rating: { count: 0, average: null },
  };
}

export async function certificates(db: DbOrTx, query: AnalyticsQuery, now: Date): Promise<CertificatesAnswer> {
  const request = await resolve(db, query, now);
  const [issued, journal] = await Promise.all([
    repo.certificatesByPeriod(db, request.scope, request.grain),
    repo.journalByPeriod(db, request.scope, request.grain),
  ]);
  return {
    frame: request.frame,
    certificates: partitionSeries(issued, request),
    journalEntries: partitionSeries(journal, request),
  };
}
