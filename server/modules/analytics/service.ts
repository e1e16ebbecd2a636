// The staff's figures (ADR 27): read from the materialized views, cut into periods, and every
// count passed through the small-group rules before it leaves the server. The rules are applied to
// each whole week that has ended on its own, and a longer period is the sum of its protected weeks
// (ADR 35), so no two answers an analyst can get differ by a small group.
//
// Surface for other modules: withhold and withholdPartition, the small-group rules, which the events
// module's live counts apply too (ADR 40).
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
  WITHHELD,
  type AnalyticsGrain,
  type FunnelStep,
} from '../../../contract/analytics-rules';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../plugins/errors';
import { medianOfHistogram, periodStart, resolvePeriod, weeksOf } from './periods';
import * as repo from './repository';
import { sumOfParts, withhold, withholdChain, withholdPartition } from './suppression';

export { withhold, withholdPartition } from './suppression';

interface Request {
  scope: repo.Scope;
  /** The period's weeks, each a scope of its own: every figure is protected week by week (ADR 35). */
  weeks: repo.Scope[];
  grain: AnalyticsGrain;
  frame: AnalyticsFrame;
}

async function resolve(db: DbOrTx, query: AnalyticsQuery, now: Date, courseId?: string): Promise<Request> {
  const { from, to } = resolvePeriod(query, now);
  const grain = query.grain ?? 'week';
  const course = courseId ?? query.course ?? null;
  const last = await repo.lastRefresh(db);
  // A course is in one language, so a course filter makes a language filter moot.
  const scope = { from, to, lang: course ? null : (query.lang ?? null), courseId: course };
  return {
    scope,
    weeks: weeksOf(from, to).map((week) => ({ ...scope, ...week })),
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

/** A count per week (0 where nothing happened), every week of the period present. */
function countsByWeek(rows: readonly repo.PeriodCount[], request: Request): number[] {
  const byPeriod = new Map(rows.map((row) => [row.period, row.count]));
  return request.weeks.map((week) => byPeriod.get(week.from) ?? 0);
}

/**
 * A series of weeks, each week's count protected on its own, and their total: the sum of the
 * protected weeks, so a longer period tells nothing the weeks in it did not.
 */
function weeklySeries(rows: readonly repo.PeriodCount[], request: Request) {
  const series = countsByWeek(rows, request).map((count, i) => ({
    period: request.weeks[i]!.from,
    count: withhold(count),
  }));
  return { total: sumOfParts(series.map((point) => point.count)), series };
}

/** Figures of the same shape, one per week, summed cell by cell (`sumOfParts`). */
function sumWeeks(weeks: readonly SafeCount[][]): SafeCount[] {
  return (weeks[0] ?? []).map((_, i) => sumOfParts(weeks.map((week) => week[i]!)));
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
      // Each week's learners partitioned by the breakdown, protected within the week; then summed.
      const weeks = request.weeks.map((week) => {
        const counts = keys.map(
          (key) =>
            breakdownRows.find((row) => row.period === week.from && row.dimension === breakdown && row.key === key)
              ?.count ?? 0,
        );
        return withholdPartition(counts).cells;
      });
      const cells = sumWeeks(weeks);
      return [breakdown, keys.map((key, i) => ({ key, count: cells[i]! }))];
    }),
  ) as LearnersAnswer['breakdowns'];
  return {
    frame: request.frame,
    registrations: weeklySeries(registrations, request),
    active: {
      series: countsByWeek(active, request).map((count, i) => ({
        period: request.weeks[i]!.from,
        count: withhold(count),
      })),
    },
    breakdowns,
  };
}

const MEDIAN_STEPS = ['started', 'halfDone', 'completed', 'certificate'] as const satisfies readonly FunnelStep[];

/** Each course's funnel, medians and rating, each week protected on its own and the weeks summed. */
async function courseFigures(db: DbOrTx, request: Request, scope: repo.Scope): Promise<CourseFigures[]> {
  const [funnels, stepDays, ratings] = await Promise.all([
    repo.funnels(db, scope),
    repo.stepDays(db, scope),
    repo.ratings(db, scope),
  ]);
  const courses = new Map<string, repo.CourseRow & { enrolled: number }>();
  for (const row of funnels) {
    const known = courses.get(row.courseId);
    courses.set(row.courseId, {
      courseId: row.courseId,
      slug: row.slug,
      lang: row.lang,
      title: row.title,
      enrolled: (known?.enrolled ?? 0) + row.enrolled,
    });
  }
  const ordered = [...courses.values()].sort(
    (a, b) => b.enrolled - a.enrolled || a.slug.localeCompare(b.slug) || a.lang.localeCompare(b.lang),
  );
  return ordered.map((course) => {
    const weeks = request.weeks.map((week) =>
      funnels.find((row) => row.courseId === course.courseId && row.period === week.from),
    );
    const shown = sumWeeks(weeks.map((row) => withholdChain(FUNNEL_STEPS.map((step) => row?.[step] ?? 0))));
    const medianDays = Object.fromEntries(
      MEDIAN_STEPS.map((step) => {
        // A median of a small group tells too much about each of them: shown only when the step's
        // count is shown (every week of it 0 or shown), so whether it is shown says nothing more.
        const count = shown[FUNNEL_STEPS.indexOf(step)];
        if (typeof count !== 'number' || count < ANALYTICS_MIN_GROUP) return [step, null];
        const histogram = new Map<number, number>();
        for (const d of stepDays) {
          if (d.courseId === course.courseId && d.step === step)
            histogram.set(d.days, (histogram.get(d.days) ?? 0) + d.learners);
        }
        return [step, medianOfHistogram(histogram)];
      }),
    ) as CourseFigures['medianDays'];
    const rated = ratings.filter((r) => r.courseId === course.courseId);
    const count = sumOfParts(rated.map((r) => withhold(r.count)));
    const sum = rated.reduce((total, r) => ({ count: total.count + r.count, total: total.total + r.total }), {
      count: 0,
      total: 0,
    });
    return {
      courseId: course.courseId,
      slug: course.slug,
      lang: course.lang,
      title: course.title,
      funnel: Object.fromEntries(FUNNEL_STEPS.map((step, i) => [step, shown[i]!])) as CourseFigures['funnel'],
      medianDays,
      rating: {
        count,
        average: typeof count === 'number' && count > 0 ? Math.round((sum.total / sum.count) * 10) / 10 : null,
      },
    };
  });
}

export async function courses(db: DbOrTx, query: AnalyticsQuery, now: Date): Promise<CoursesAnswer> {
  const request = await resolve(db, query, now);
  return { frame: request.frame, courses: await courseFigures(db, request, request.scope) };
}

/** The figures of one question's options: a partition of its learners for a single answer. */
function optionCounts(question: repo.QuestionRow, options: readonly repo.OptionRow[]): SafeCount[] {
  const chosen = options.map((option) => option.chosen);
  if (question.type === 'single') return withholdPartition(chosen).cells;
  // Several answers each: the options are not a partition, but beside a small group every one is hidden.
  if (question.learners > 0 && question.learners < ANALYTICS_MIN_GROUP) return chosen.map(() => WITHHELD);
  return chosen.map((count) => withhold(count));
}

/** One week of a course's detail, protected on its own: where learners stop and the quizzes' figures. */
async function courseWeek(db: DbOrTx, scope: repo.Scope & { courseId: string }) {
  const [stopRows, quizRows, passRows, questionRows, optionRows] = await Promise.all([
    repo.stops(db, scope),
    repo.quizzes(db, scope),
    repo.attemptsToPass(db, scope),
    repo.questions(db, scope),
    repo.options(db, scope),
  ]);
  const stopped = withholdPartition(stopRows.map((row) => row.learners));
  const quizzes = quizRows.map((quiz) => {
    const learners = withhold(quiz.learners);
    const buckets = ATTEMPT_BUCKETS.map((attempts) =>
      passRows
        .filter((row) => row.quizId === quiz.quizId && row.attempts === attempts)
        .reduce((sum, row) => sum + row.learners, 0),
    );
    const questions = questionRows.filter((question) => question.quizId === quiz.quizId);
    return {
      quiz,
      // Attempts are not learners, but a count of a few learners' attempts still describes them.
      counts: [learners, learners === null ? null : quiz.attempts],
      pass: withholdPartition(buckets).cells,
      questions: questions.map((question) => {
        const options = optionRows.filter((option) => option.questionId === question.questionId);
        return {
          question,
          options,
          counts: [...withholdChain([question.learners, question.answeredRight]), ...optionCounts(question, options)],
        };
      }),
    };
  });
  return { stopRows, stopped, quizzes };
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
  const [figures, weeks] = await Promise.all([
    courseFigures(db, request, scope),
    Promise.all(request.weeks.map((week) => courseWeek(db, { ...week, courseId }))),
  ]);
  // Every week lists the same items, quizzes, questions and options in the same order: summed by position.
  const [first] = weeks;
  const stopCells = sumWeeks(weeks.map((week) => week.stopped.cells));
  const quizzes = (first?.quizzes ?? []).map((quiz, q): QuizFigures => {
    const [learners, attempts] = sumWeeks(weeks.map((week) => week.quizzes[q]!.counts));
    const pass = sumWeeks(weeks.map((week) => week.quizzes[q]!.pass));
    return {
      quizId: quiz.quiz.quizId,
      title: quiz.quiz.title,
      attempts: attempts!,
      learners: learners!,
      attemptsToPass: ATTEMPT_BUCKETS.map((attempts, i) => ({ attempts, learners: pass[i]! })),
      questions: quiz.questions.map(({ question, options }, k) => {
        const [answered, right, ...chosen] = sumWeeks(weeks.map((week) => week.quizzes[q]!.questions[k]!.counts));
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
      total: sumOfParts(weeks.map((week) => week.stopped.total)),
      items: (first?.stopRows ?? []).map((row, i) => ({
        itemId: row.itemId,
        kind: row.kind,
        title: row.title,
        learners: stopCells[i]!,
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
    certificates: weeklySeries(issued, request),
    journalEntries: weeklySeries(journal, request),
  };
}
