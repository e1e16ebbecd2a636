// Reads of the analytics' materialized views (migration 0012): sums over the days of a period, in
// the scope a filter picks. Only counts come back; the learners' tables are read only for the
// names of courses, lessons, videos, quizzes, questions and options.
import { sql, type SQL } from 'drizzle-orm';
import type { AnalyticsGrain, FunnelStep } from '../../../contract/analytics-rules';
import type { LanguageCode } from '../../../contract/languages';
import type { DbOrTx } from '../../db/client';
import type { Day } from './periods';

/** What a call covers: its days, and at most one of a course language or a course. */
export interface Scope {
  from: Day;
  to: Day;
  lang: LanguageCode | null;
  courseId: string | null;
}

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The scope key the registrations and activity views are grouped by. */
const scopeKey = (scope: Scope) =>
  scope.courseId ? `course:${scope.courseId}` : scope.lang ? `lang:${scope.lang}` : 'all';
const inDays = (scope: Scope) => sql`day between ${scope.from}::date and ${scope.to}::date`;
const grainUnit = (grain: AnalyticsGrain) => sql.raw(`'${grain}'`);
const periodOf = (grain: AnalyticsGrain) => sql`date_trunc(${grainUnit(grain)}, day::timestamp)::date::text`;

/** The courses a scope covers, as a condition on a course id column. */
function inCourses(column: SQL, scope: Scope): SQL {
  if (scope.courseId) return sql`${column} = ${scope.courseId}::uuid`;
  if (scope.lang) return sql`${column} in (select id from courses where lang = ${scope.lang})`;
  return sql`true`;
}

export interface PeriodCount {
  period: Day;
  count: number;
}

export async function registrationsByPeriod(db: DbOrTx, scope: Scope, grain: AnalyticsGrain): Promise<PeriodCount[]> {
  return rows(
    db,
    sql`select ${periodOf(grain)} as period, sum(learners)::int as count from analytics_registrations
      where scope = ${scopeKey(scope)} and dimension = 'total' and ${inDays(scope)} group by 1 order by 1`,
  );
}

export async function registrationBreakdowns(
  db: DbOrTx,
  scope: Scope,
): Promise<{ period: Day; dimension: string; key: string; count: number }[]> {
  return rows(
    db,
    sql`select ${periodOf('week')} as period, dimension, key, sum(learners)::int as count from analytics_registrations
      where scope = ${scopeKey(scope)} and dimension <> 'total' and ${inDays(scope)} group by 1, 2, 3`,
  );
}

/** Learners active per period: the periods that hold the scope's first to last day. */
export async function activeByPeriod(
  db: DbOrTx,
  scope: Scope,
  grain: AnalyticsGrain,
  firstPeriod: Day,
): Promise<PeriodCount[]> {
  return rows(
    db,
    sql`select period::text as period, learners as count from analytics_activity
      where scope = ${scopeKey(scope)} and grain = ${grain} and period between ${firstPeriod}::date and ${scope.to}::date order by 1`,
  );
}

export interface CourseRow {
  courseId: string;
  slug: string;
  lang: LanguageCode;
  title: string;
}

export type FunnelCounts = Record<FunnelStep, number>;

/** The funnel of each course enrolled in during the period, per week of enrolment. */
export async function funnels(db: DbOrTx, scope: Scope): Promise<(CourseRow & FunnelCounts & { period: Day })[]> {
  return rows(
    db,
    sql`select ${periodOf('week')} as period, c.id as "courseId", c.slug, c.lang, c.title,
        sum(f.enrolled)::int as enrolled, sum(f.started)::int as started, sum(f.half_done)::int as "halfDone",
        sum(f.completed)::int as completed, sum(f.certificate)::int as certificate
      from analytics_funnel f join courses c on c.id = f.course_id
      where ${inDays(scope)} and ${inCourses(sql`f.course_id`, scope)}
      group by 1, c.id order by 1`,
  );
}

/** The days each step took, as histograms per week of enrolment, course and step. */
export async function stepDays(
  db: DbOrTx,
  scope: Scope,
): Promise<{ period: Day; courseId: string; step: FunnelStep; days: number; learners: number }[]> {
  return rows(
    db,
    sql`select ${periodOf('week')} as period, course_id::text as "courseId", step, days, sum(learners)::int as learners from analytics_step_days
      where ${inDays(scope)} and ${inCourses(sql`course_id`, scope)} group by 1, 2, 3, 4`,
  );
}

/** Ratings given or changed in the period, per week and course. */
export async function ratings(
  db: DbOrTx,
  scope: Scope,
): Promise<{ period: Day; courseId: string; count: number; total: number }[]> {
  return rows(
    db,
    sql`select ${periodOf('week')} as period, course_id::text as "courseId", sum(ratings)::int as count, sum(total)::int as total from analytics_ratings
      where ${inDays(scope)} and ${inCourses(sql`course_id`, scope)} group by 1, 2`,
  );
}

export async function findCourse(db: DbOrTx, courseId: string): Promise<CourseRow | undefined> {
  const [course] = await rows<CourseRow>(
    db,
    sql`select id as "courseId", slug, lang, title from courses where id = ${courseId}::uuid`,
  );
  return course;
}

/** A course's lessons (in chapter order), videos and quizzes, with how many learners stopped after each. */
export async function stops(
  db: DbOrTx,
  scope: Scope & { courseId: string },
): Promise<{ itemId: string; kind: 'lesson' | 'video' | 'quiz'; title: string; learners: number }[]> {
  return rows(
    db,
    sql`with stopped as (
        select item_id, sum(learners)::int as learners from analytics_stops
        where course_id = ${scope.courseId}::uuid and ${inDays(scope)} group by item_id
      ), items as (
        select l.id, 'lesson' as kind, l.title, 0 as part, ch.position as p1, l.position as p2
          from lessons l join chapters ch on ch.id = l.chapter_id where l.course_id = ${scope.courseId}::uuid
        union all
        select v.id, 'video', v.title, 1, 0, v.position from course_videos v where v.course_id = ${scope.courseId}::uuid
        union all
        select z.id, 'quiz', z.title, 2, 0, z.position from quizzes z where z.course_id = ${scope.courseId}::uuid
      )
      select i.id::text as "itemId", i.kind, i.title, coalesce(s.learners, 0) as learners
      from items i left join stopped s on s.item_id = i.id
      order by i.part, i.p1, i.p2`,
  );
}

export interface QuizRow {
  quizId: string;
  title: string;
  attempts: number;
  learners: number;
}

export async function quizzes(db: DbOrTx, scope: Scope & { courseId: string }): Promise<QuizRow[]> {
  return rows(
    db,
    sql`select q.id::text as "quizId", q.title, coalesce(sum(a.attempts), 0)::int as attempts, coalesce(sum(a.learners), 0)::int as learners
      from quizzes q left join analytics_quiz_attempts a on a.quiz_id = q.id and ${inDays(scope)}
      where q.course_id = ${scope.courseId}::uuid group by q.id order by q.position`,
  );
}

export async function attemptsToPass(
  db: DbOrTx,
  scope: Scope & { courseId: string },
): Promise<{ quizId: string; attempts: number; learners: number }[]> {
  return rows(
    db,
    sql`select quiz_id::text as "quizId", attempts, sum(learners)::int as learners from analytics_attempts_to_pass
      where quiz_id in (select id from quizzes where course_id = ${scope.courseId}::uuid) and ${inDays(scope)} group by 1, 2`,
  );
}

export interface QuestionRow {
  quizId: string;
  questionId: string;
  type: 'single' | 'multi';
  text: string;
  learners: number;
  answeredRight: number;
}

export interface OptionRow {
  questionId: string;
  optionId: string;
  text: string;
  correct: boolean;
  chosen: number;
}

const QUESTION_ROW = '00000000-0000-0000-0000-000000000000';

/** Every question of the course's quizzes in order, with its first attempts' counts. */
export async function questions(db: DbOrTx, scope: Scope & { courseId: string }): Promise<QuestionRow[]> {
  return rows(
    db,
    sql`with counted as (
        select question_id, sum(learners)::int as learners, sum(answered_right)::int as answered_right from analytics_answers
        where option_id = ${QUESTION_ROW}::uuid and ${inDays(scope)}
          and quiz_id in (select id from quizzes where course_id = ${scope.courseId}::uuid)
        group by question_id
      )
      select qs.quiz_id::text as "quizId", qs.id::text as "questionId", qs.type, qs.content as text,
        coalesce(c.learners, 0) as learners, coalesce(c.answered_right, 0) as "answeredRight"
      from questions qs join quizzes q on q.id = qs.quiz_id left join counted c on c.question_id = qs.id
      where q.course_id = ${scope.courseId}::uuid order by q.position, qs.position`,
  );
}

export async function options(db: DbOrTx, scope: Scope & { courseId: string }): Promise<OptionRow[]> {
  return rows(
    db,
    sql`with counted as (
        select option_id, sum(learners)::int as chosen from analytics_answers
        where option_id <> ${QUESTION_ROW}::uuid and ${inDays(scope)}
          and quiz_id in (select id from quizzes where course_id = ${scope.courseId}::uuid)
        group by option_id
      )
      select o.question_id::text as "questionId", o.id::text as "optionId", o.content as text, o.is_correct as correct, coalesce(c.chosen, 0) as chosen
      from options o join questions qs on qs.id = o.question_id join quizzes q on q.id = qs.quiz_id
      left join counted c on c.option_id = o.id
      where q.course_id = ${scope.courseId}::uuid order by q.position, qs.position, o.position`,
  );
}

/** Certificates issued per period: of the scope's language (a course's language for a course). */
export async function certificatesByPeriod(db: DbOrTx, scope: Scope, grain: AnalyticsGrain): Promise<PeriodCount[]> {
  const lang = scope.courseId
    ? sql`lang = (select lang from courses where id = ${scope.courseId}::uuid)`
    : scope.lang
      ? sql`lang = ${scope.lang}`
      : sql`true`;
  return rows(
    db,
    sql`select ${periodOf(grain)} as period, sum(issued)::int as count from analytics_certificates
      where ${inDays(scope)} and ${lang} group by 1 order by 1`,
  );
}

export async function journalByPeriod(db: DbOrTx, scope: Scope, grain: AnalyticsGrain): Promise<PeriodCount[]> {
  return rows(
    db,
    sql`select ${periodOf(grain)} as period, sum(entries)::int as count from analytics_journal
      where ${inDays(scope)} and ${inCourses(sql`course_id`, scope)} group by 1 order by 1`,
  );
}

/** When the figures were last computed. */
export async function lastRefresh(
  db: DbOrTx,
): Promise<{ computedAt: Date; tookMs: number; wholeAt: Date | null } | undefined> {
  const [row] = await rows<{ computedAt: string | Date; tookMs: number; wholeAt: string | Date | null }>(
    db,
    sql`select refreshed_at as "computedAt", took_ms as "tookMs", whole_at as "wholeAt" from analytics_refreshes where id = 1`,
  );
  return row
    ? { computedAt: new Date(row.computedAt), tookMs: row.tookMs, wholeAt: row.wholeAt ? new Date(row.wholeAt) : null }
    : undefined;
}
