// A learner's enrolments, completions and passed quizzes. Every statement is bounded by the learner
// (user_id leads each index it uses), so its cost does not grow with the number of learners. A
// learner's call is one statement here: what the course holds comes from its structure in memory
// (course-structures.ts); the learner's course list joins the courses table, in one statement
// instead of one per course.
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { courses } from '../../db/schema/courses';
import { completions, enrolments, quizAttempts } from '../../db/schema/progress';
import type { LanguageCode } from '../../../contract/languages';

export async function findEnrolment(db: DbOrTx, userId: string, courseId: string) {
  const [row] = await db
    .select({ createdAt: enrolments.createdAt, completedAt: enrolments.completedAt })
    .from(enrolments)
    .where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId)))
    .limit(1);
  return row ?? null;
}

/** True when this call created the enrolment; false when it already existed. */
export async function insertEnrolment(db: DbOrTx, userId: string, courseId: string): Promise<boolean> {
  const rows = await db
    .insert(enrolments)
    .values({ userId, courseId })
    .onConflictDoNothing({ target: [enrolments.userId, enrolments.courseId] })
    .returning({ id: enrolments.id });
  return rows.length > 0;
}

/** What one statement of a learner's course answers: whether they are enrolled, and their tally. */
export interface LearnerTally {
  enrolled: boolean;
  /** Completed lessons plus watched videos. */
  done: number;
  passedQuizzes: number;
}

const learnerParam = sql.placeholder('userId');
const courseParam = sql.placeholder('courseId');
const ofLearnerCourse = (table: typeof completions | typeof quizAttempts) =>
  sql`${table.userId} = ${learnerParam} and ${table.courseId} = ${courseParam}`;

/** The learner's own part of a course: one row when enrolled, with the items done and quizzes passed. */
function learnerInCourseQuery(db: DbOrTx) {
  return db
    .select({
      done: sql<
        string | null
      >`(select string_agg(coalesce(${completions.lessonId}, ${completions.videoId})::text, ',') from ${completions} where ${ofLearnerCourse(completions)})`,
      passed: sql<
        string | null
      >`(select string_agg(distinct ${quizAttempts.quizId}::text, ',') from ${quizAttempts} where ${ofLearnerCourse(quizAttempts)} and ${quizAttempts.passed})`,
    })
    .from(enrolments)
    .where(and(eq(enrolments.userId, learnerParam), eq(enrolments.courseId, courseParam)));
}

/**
 * A write to the learner's course and its tally in one statement: `write` (a lesson or video done,
 * a quiz attempt) happens only for an enrolled learner; `done` and `passed` count what the learner
 * has after it (the statement's own insert is not visible to its counts, so they take the new item
 * in themselves); and the enrolment gets its completion date once they reach `itemsToComplete`.
 */
function tallyingWrite(db: DbOrTx, write: SQL, done: SQL, passed: SQL) {
  const enrolment = db
    .$with('enrolment', { one: sql<number>`one`.as('one') })
    .as(
      sql`select 1 as one from ${enrolments} where ${enrolments.userId} = ${learnerParam} and ${enrolments.courseId} = ${courseParam}`,
    );
  const written = db.$with('written', { one: sql<number>`one`.as('one') }).as(sql`${write} returning 1 as one`);
  const tally = db
    .$with('tally', { done: sql<number>`done`.as('done'), passed: sql<number>`passed`.as('passed') })
    .as(sql`select (${done})::int as done, (${passed})::int as passed`);
  const itemsToComplete = sql`${sql.placeholder('itemsToComplete')}::int`;
  const completed = db.$with('completed', { one: sql<number>`one`.as('one') }).as(
    sql`update ${enrolments} set completed_at = now()
      where ${enrolments.userId} = ${learnerParam} and ${enrolments.courseId} = ${courseParam} and ${enrolments.completedAt} is null
        and ${itemsToComplete} is not null and (select done + passed from tally) >= ${itemsToComplete}
      returning 1 as one`,
  );
  return db
    .with(enrolment, written, tally, completed)
    .select({ enrolled: sql<boolean>`exists (select 1 from enrolment)`, done: tally.done, passed: tally.passed })
    .from(tally);
}

const itemId = sql`coalesce(${sql.placeholder('lessonId')}::uuid, ${sql.placeholder('videoId')}::uuid)`;

/** A lesson finished or a video watched (lessonId or videoId; the other null), once. */
function completeItemQuery(db: DbOrTx) {
  return tallyingWrite(
    db,
    // A second (or concurrent) call meets the unique index and adds nothing.
    sql`insert into ${completions} (user_id, course_id, lesson_id, video_id)
      select ${learnerParam}::uuid, ${courseParam}::uuid, ${sql.placeholder('lessonId')}::uuid, ${sql.placeholder('videoId')}::uuid from enrolment
      on conflict do nothing`,
    sql`select count(*) from (select coalesce(${completions.lessonId}, ${completions.videoId}) from ${completions} where ${ofLearnerCourse(completions)} union select ${itemId}) items`,
    sql`select count(distinct ${quizAttempts.quizId}) from ${quizAttempts} where ${ofLearnerCourse(quizAttempts)} and ${quizAttempts.passed}`,
  );
}

/** A quiz attempt, every one kept. */
function quizAttemptQuery(db: DbOrTx) {
  const passed = sql`${sql.placeholder('passed')}::boolean`;
  return tallyingWrite(
    db,
    sql`insert into ${quizAttempts} (user_id, course_id, quiz_id, score, passed, answers)
      select ${learnerParam}::uuid, ${courseParam}::uuid, ${sql.placeholder('quizId')}::uuid, ${sql.placeholder('score')}::int, ${passed}, ${sql.placeholder('answers')}::jsonb
      from enrolment`,
    sql`select count(*) from ${completions} where ${ofLearnerCourse(completions)}`,
    sql`select count(*) from (select ${quizAttempts.quizId} from ${quizAttempts} where ${ofLearnerCourse(quizAttempts)} and ${quizAttempts.passed} union select ${sql.placeholder('quizId')}::uuid where ${passed}) quizzes`,
  );
}

/**
 * The statements of a learner's calls, prepared once per database: each connection parses and plans
 * them once instead of on every call (planning took twice as long as running them).
 */
function prepareStatements(db: DbOrTx) {
  return {
    learnerInCourse: learnerInCourseQuery(db).prepare('learner_in_course'),
    completeItem: completeItemQuery(db).prepare('learner_complete_item'),
    quizAttempt: quizAttemptQuery(db).prepare('learner_quiz_attempt'),
    enrolledCourses: enrolledCoursesQuery(db).prepare('learner_enrolled_courses'),
  };
}

const preparedFor = new WeakMap<DbOrTx, ReturnType<typeof prepareStatements>>();

function prepared(db: DbOrTx) {
  let statements = preparedFor.get(db);
  if (!statements) {
    statements = prepareStatements(db);
    preparedFor.set(db, statements);
  }
  return statements;
}

function tallyOf(rows: { enrolled: boolean; done: number; passed: number }[]): LearnerTally {
  const row = rows[0];
  return { enrolled: row?.enrolled === true, done: Number(row?.done ?? 0), passedQuizzes: Number(row?.passed ?? 0) };
}

/** The learner's own part of a course in one statement: null when not enrolled. */
export async function learnerInCourse(
  db: Db,
  learner: string,
  course: string,
): Promise<{ done: string[]; passedQuizzes: string[] } | null> {
  const [row] = await prepared(db).learnerInCourse.execute({ userId: learner, courseId: course });
  if (!row) return null;
  const ids = (value: string | null) => (value ? value.split(',') : []);
  return { done: ids(row.done), passedQuizzes: ids(row.passed) };
}

/**
 * Records a finished lesson or a watched video in one statement, only for an enrolled learner and
 * once, with the tally after it and, when that completes the course, its completion date.
 */
export async function completeItem(
  db: DbOrTx,
  item: { userId: string; courseId: string; lessonId?: string; videoId?: string },
  itemsToComplete: number | null,
): Promise<LearnerTally> {
  return tallyOf(
    await prepared(db).completeItem.execute({
      userId: item.userId,
      courseId: item.courseId,
      lessonId: item.lessonId ?? null,
      videoId: item.videoId ?? null,
      itemsToComplete,
    }),
  );
}

/**
 * Stores a quiz attempt in one statement, only for an enrolled learner, with the tally after it and,
 * when a pass completes the course, its completion date.
 */
export async function recordQuizAttempt(
  db: DbOrTx,
  attempt: { userId: string; courseId: string; quizId: string; score: number; passed: boolean; answers: unknown },
  itemsToComplete: number | null,
): Promise<LearnerTally> {
  return tallyOf(
    await prepared(db).quizAttempt.execute({
      ...attempt,
      answers: JSON.stringify(attempt.answers),
      // A failed attempt adds nothing to the tally, so it cannot complete the course.
      itemsToComplete: attempt.passed ? itemsToComplete : null,
    }),
  );
}

/** When the learner last finished something in the course: the completion date when none was recorded. */
/**
 * How many learners read each part of a course: completed each lesson, tried each quiz, and
 * finished the course (the summary's readers), by lesson, quiz and course id.
 */
export async function readersOf(db: DbOrTx, courseId: string): Promise<Map<string, number>> {
  const result = await db.execute(sql`
    select lesson_id as id, count(*)::int as readers from completions
      where course_id = ${courseId} and lesson_id is not null group by lesson_id
    union all
    select quiz_id as id, count(distinct user_id)::int as readers from quiz_attempts
      where course_id = ${courseId} group by quiz_id
    union all
    select course_id as id, count(*)::int as readers from enrolments
      where course_id = ${courseId} and completed_at is not null group by course_id`);
  const rows = (result as unknown as { rows: { id: string; readers: number }[] }).rows;
  return new Map(rows.map((row) => [row.id, Number(row.readers)]));
}

export async function lastActivity(db: DbOrTx, userId: string, courseId: string): Promise<Date | null> {
  const result = await db.execute(sql`
    select greatest(
      (select max(created_at) from completions where user_id = ${userId} and course_id = ${courseId}),
      (select max(created_at) from quiz_attempts where user_id = ${userId} and course_id = ${courseId} and passed)
    ) as "at"
  `);
  const at = (result as unknown as { rows: { at: unknown }[] }).rows[0]?.at;
  return at ? new Date(at as string) : null;
}

export interface EnrolledCourseRow {
  id: string;
  slug: string;
  lang: string;
  title: string;
  description: string;
  image: string;
  document: string | null;
  duration: number;
  ratingCount: number;
  ratingTotal: number;
  createdAt: Date;
  enrolledAt: Date;
  completedAt: Date | null;
  done: number;
  passedQuizzes: number;
}

/**
 * The learner's enrolled, published courses in one language, newest enrolment first, with what the
 * learner did in each (the course's item counts are the caller's: kept in memory, or read apart).
 */
function enrolledCoursesQuery(db: DbOrTx) {
  const done = db
    .select({ courseId: completions.courseId, n: sql<number>`count(*)::int`.as('done_count') })
    .from(completions)
    .where(eq(completions.userId, learnerParam))
    .groupBy(completions.courseId)
    .as('done');
  const passed = db
    .select({
      courseId: quizAttempts.courseId,
      n: sql<number>`count(distinct ${quizAttempts.quizId})::int`.as('passed_count'),
    })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, learnerParam), eq(quizAttempts.passed, true)))
    .groupBy(quizAttempts.courseId)
    .as('passed');
  return db
    .select({
      id: courses.id,
      slug: courses.slug,
      lang: courses.lang,
      title: courses.title,
      description: courses.description,
      image: courses.image,
      document: courses.document,
      duration: courses.duration,
      ratingCount: courses.ratingCount,
      ratingTotal: courses.ratingTotal,
      createdAt: courses.createdAt,
      enrolledAt: enrolments.createdAt,
      completedAt: enrolments.completedAt,
      done: sql<number>`coalesce(${done.n}, 0)`.mapWith(Number),
      passedQuizzes: sql<number>`coalesce(${passed.n}, 0)`.mapWith(Number),
    })
    .from(enrolments)
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .leftJoin(done, eq(done.courseId, courses.id))
    .leftJoin(passed, eq(passed.courseId, courses.id))
    .where(
      and(eq(enrolments.userId, learnerParam), eq(courses.lang, sql.placeholder('lang')), eq(courses.published, true)),
    )
    .orderBy(desc(enrolments.createdAt), asc(courses.id));
}

/** The learner's courses for a learner's call: the statement prepared once per database. */
export function enrolledCourses(db: Db, learner: string, lang: LanguageCode): Promise<EnrolledCourseRow[]> {
  return prepared(db).enrolledCourses.execute({ userId: learner, lang });
}

/** The same read inside a transaction (the certificate's). */
export function enrolledCoursesIn(tx: DbOrTx, learner: string, lang: LanguageCode): Promise<EnrolledCourseRow[]> {
  return enrolledCoursesQuery(tx).execute({ userId: learner, lang });
}
