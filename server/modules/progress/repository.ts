// A learner's enrolments, completions and passed quizzes. Every statement is bounded by the learner
// (user_id leads each index it uses), so its cost does not grow with the number of learners. Two
// reads also count course items (tally) or join the courses table (the learner's course list): each
// answers in one statement what would otherwise take one per course.
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { completions, courses, enrolments, quizAttempts } from '../../db/schema';
import type { LanguageCode } from '../../../contract/languages';
import { countSubqueries } from '../../lib/course-counts-repository';

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

export async function markCourseCompleted(db: DbOrTx, userId: string, courseId: string): Promise<void> {
  await db
    .update(enrolments)
    .set({ completedAt: new Date() })
    .where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId), isNull(enrolments.completedAt)));
}

export interface Tally {
  lessonCount: number;
  videoCount: number;
  quizCount: number;
  /** Completed lessons plus watched videos. */
  done: number;
  passedQuizzes: number;
}

/** The numbers behind the progress percentage of one learner in one course, in one round trip. */
export async function tally(db: DbOrTx, userId: string, courseId: string): Promise<Tally> {
  const result = await db.execute(sql`
    select
      (select count(*) from lessons where course_id = ${courseId})::int as "lessonCount",
      (select count(*) from course_videos where course_id = ${courseId})::int as "videoCount",
      (select count(*) from quizzes where course_id = ${courseId})::int as "quizCount",
      (select count(*) from completions where user_id = ${userId} and course_id = ${courseId})::int as "done",
      (select count(distinct quiz_id) from quiz_attempts
        where user_id = ${userId} and course_id = ${courseId} and passed)::int as "passedQuizzes"
  `);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
  return {
    lessonCount: Number(row.lessonCount ?? 0),
    videoCount: Number(row.videoCount ?? 0),
    quizCount: Number(row.quizCount ?? 0),
    done: Number(row.done ?? 0),
    passedQuizzes: Number(row.passedQuizzes ?? 0),
  };
}

export async function completedItems(db: DbOrTx, userId: string, courseId: string) {
  return db
    .select({ lessonId: completions.lessonId, videoId: completions.videoId })
    .from(completions)
    .where(and(eq(completions.userId, userId), eq(completions.courseId, courseId)));
}

export async function passedQuizIds(db: DbOrTx, userId: string, courseId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ quizId: quizAttempts.quizId })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.courseId, courseId), eq(quizAttempts.passed, true)));
  return rows.map((r) => r.quizId);
}

/** Records the completion once: a second (or concurrent) call finds the unique index and does nothing. */
export async function insertLessonCompletion(db: DbOrTx, userId: string, courseId: string, lessonId: string): Promise<void> {
  await db
    .insert(completions)
    .values({ userId, courseId, lessonId })
    .onConflictDoNothing({ target: [completions.userId, completions.lessonId] });
}

export async function insertVideoCompletion(db: DbOrTx, userId: string, courseId: string, videoId: string): Promise<void> {
  await db
    .insert(completions)
    .values({ userId, courseId, videoId })
    .onConflictDoNothing({ target: [completions.userId, completions.videoId] });
}

export async function insertQuizAttempt(
  db: DbOrTx,
  attempt: { userId: string; courseId: string; quizId: string; score: number; passed: boolean; answers: unknown },
): Promise<void> {
  await db.insert(quizAttempts).values(attempt);
}

/** When the learner last finished something in the course: the completion date when none was recorded. */
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
  chapterCount: number;
  lessonCount: number;
  quizCount: number;
  courseVideoCount: number;
  done: number;
  passedQuizzes: number;
}

/** The learner's enrolled, published courses in one language with the counts their percentages need. */
export async function enrolledCourses(
  db: DbOrTx,
  userId: string,
  lang: LanguageCode,
  page?: { offset: number; limit: number },
): Promise<EnrolledCourseRow[]> {
  const { chapterCounts, lessonCounts, quizCounts, videoCounts, columns } = countSubqueries(db);
  const done = db
    .select({ courseId: completions.courseId, n: sql<number>`count(*)::int`.as('done_count') })
    .from(completions)
    .where(eq(completions.userId, userId))
    .groupBy(completions.courseId)
    .as('done');
  const passed = db
    .select({ courseId: quizAttempts.courseId, n: sql<number>`count(distinct ${quizAttempts.quizId})::int`.as('passed_count') })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.passed, true)))
    .groupBy(quizAttempts.courseId)
    .as('passed');
  const query = db
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
      ...columns,
      done: sql<number>`coalesce(${done.n}, 0)`.mapWith(Number),
      passedQuizzes: sql<number>`coalesce(${passed.n}, 0)`.mapWith(Number),
    })
    .from(enrolments)
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .leftJoin(chapterCounts, eq(chapterCounts.courseId, courses.id))
    .leftJoin(lessonCounts, eq(lessonCounts.courseId, courses.id))
    .leftJoin(quizCounts, eq(quizCounts.courseId, courses.id))
    .leftJoin(videoCounts, eq(videoCounts.courseId, courses.id))
    .leftJoin(done, eq(done.courseId, courses.id))
    .leftJoin(passed, eq(passed.courseId, courses.id))
    .where(and(eq(enrolments.userId, userId), eq(courses.lang, lang), eq(courses.published, true)))
    .orderBy(desc(enrolments.createdAt), asc(courses.id));
  return page ? query.offset(page.offset).limit(page.limit) : query;
}

export async function countEnrolledCourses(db: DbOrTx, userId: string, lang: LanguageCode): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(enrolments)
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .where(and(eq(enrolments.userId, userId), eq(courses.lang, lang), eq(courses.published, true)));
  return row?.total ?? 0;
}
