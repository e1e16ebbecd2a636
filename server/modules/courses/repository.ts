// Reads of published course content, the rating totals kept on each course, and the writes of the
// course read model (projected from a published course version, ADR 29). Item counts come from
// grouped subqueries joined once per query, so a page of courses costs one statement however many
// courses it holds; the certificate reads them the same way in its transaction (a learner's calls
// take them from the course structures kept in memory, progress/course-structures.ts).
import { and, asc, count, eq, ilike, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { chapters, courseVideos, courses, lessons, options, questions, quizzes } from '../../db/schema/courses';
import type { LanguageCode } from '../../../contract/languages';
import { containsPattern } from '../../lib/like-pattern';
import {
  deleteMissing,
  hideRow,
  selectByIds,
  selectWhere,
  syncRows,
  upsertRoot,
  upsertRows,
} from '../../lib/read-model-writes';
import type { ReadModelStatus } from '../../lib/read-models';
import type { CourseRows } from './read-model';

export interface CourseRow {
  id: string;
  slug: string;
  lang: string;
  title: string;
  description: string;
  image: string;
  document: string | null;
  duration: number;
  summary: string | null;
  journal: string | null;
  ratingCount: number;
  ratingTotal: number;
  createdAt: Date;
  chapterCount: number;
  lessonCount: number;
  quizCount: number;
  courseVideoCount: number;
}

/** A table's rows per course, as a subquery `<name>_counts` with columns courseId and n (`<name>_count`). */
function countPerCourse(
  db: DbOrTx,
  table: typeof chapters | typeof lessons | typeof quizzes | typeof courseVideos,
  name: string,
) {
  return db
    .select({ courseId: table.courseId, n: sql<number>`count(*)::int`.as(`${name}_count`) })
    .from(table)
    .groupBy(table.courseId)
    .as(`${name}_counts`);
}

/** Courses with the given columns and their four item counts (0 for a course with none of a kind). */
function selectWithCounts<T extends SelectedFields>(db: DbOrTx, fields: T) {
  const chapterCounts = countPerCourse(db, chapters, 'chapter');
  const lessonCounts = countPerCourse(db, lessons, 'lesson');
  const quizCounts = countPerCourse(db, quizzes, 'quiz');
  const videoCounts = countPerCourse(db, courseVideos, 'video');
  return db
    .select({
      ...fields,
      chapterCount: sql<number>`coalesce(${chapterCounts.n}, 0)`.mapWith(Number),
      lessonCount: sql<number>`coalesce(${lessonCounts.n}, 0)`.mapWith(Number),
      quizCount: sql<number>`coalesce(${quizCounts.n}, 0)`.mapWith(Number),
      courseVideoCount: sql<number>`coalesce(${videoCounts.n}, 0)`.mapWith(Number),
    })
    .from(courses)
    .leftJoin(chapterCounts, eq(chapterCounts.courseId, courses.id))
    .leftJoin(lessonCounts, eq(lessonCounts.courseId, courses.id))
    .leftJoin(quizCounts, eq(quizCounts.courseId, courses.id))
    .leftJoin(videoCounts, eq(videoCounts.courseId, courses.id));
}

function courseSelect(db: DbOrTx) {
  return selectWithCounts(db, {
    id: courses.id,
    slug: courses.slug,
    lang: courses.lang,
    title: courses.title,
    description: courses.description,
    image: courses.image,
    document: courses.document,
    duration: courses.duration,
    summary: courses.summary,
    journal: courses.journal,
    ratingCount: courses.ratingCount,
    ratingTotal: courses.ratingTotal,
    createdAt: courses.createdAt,
  });
}

export async function listPublishedCourses(
  db: DbOrTx,
  options: { lang: LanguageCode; search?: string; offset: number; limit: number },
): Promise<{ rows: CourseRow[]; total: number }> {
  const conditions: SQL[] = [eq(courses.lang, options.lang), eq(courses.published, true)];
  const search = options.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    conditions.push(or(ilike(courses.title, pattern), ilike(courses.description, pattern))!);
  }
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    courseSelect(db)
      .where(where)
      .orderBy(asc(courses.createdAt), asc(courses.slug))
      .offset(options.offset)
      .limit(options.limit),
    db.select({ total: count() }).from(courses).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function findPublishedCourse(db: DbOrTx, lang: LanguageCode, courseId: string): Promise<CourseRow | null> {
  const [row] = await courseSelect(db)
    .where(and(eq(courses.id, courseId), eq(courses.lang, lang), eq(courses.published, true)))
    .limit(1);
  return row ?? null;
}

/** Only whether the course is published in that language: the cheap check before a learner's write. */
export async function publishedCourseExists(db: DbOrTx, lang: LanguageCode, courseId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.id, courseId), eq(courses.lang, lang), eq(courses.published, true)))
    .limit(1);
  return Boolean(row);
}

/** The item counts of each of the given courses (one statement; an id naming no course is absent). */
export async function courseCounts(db: DbOrTx, courseIds: string[]) {
  if (!courseIds.length) return [];
  return selectWithCounts(db, { id: courses.id }).where(inArray(courses.id, courseIds));
}

export async function listPublishedCourseIds(db: DbOrTx, lang: LanguageCode): Promise<{ id: string; title: string }[]> {
  return db
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .where(and(eq(courses.lang, lang), eq(courses.published, true)))
    .orderBy(asc(courses.createdAt), asc(courses.slug));
}

/** The most course versions the catalogue lists from other languages (a programme has tens of courses). */
const OTHER_LANGUAGE_ROWS_MAX = 500;

/** Published course versions of the courses (by slug) that are not published in a language. */
export async function versionsMissingIn(db: DbOrTx, lang: LanguageCode) {
  const slugsHere = db
    .select({ slug: courses.slug })
    .from(courses)
    .where(and(eq(courses.lang, lang), eq(courses.published, true)));
  return db
    .select({ slug: courses.slug, lang: courses.lang, id: courses.id, title: courses.title })
    .from(courses)
    .where(and(eq(courses.published, true), notInArray(courses.slug, slugsHere)))
    .orderBy(asc(courses.slug))
    .limit(OTHER_LANGUAGE_ROWS_MAX);
}

export interface OutlineLesson {
  id: string;
  chapterId: string;
  title: string;
  order: number;
  duration: number;
}

/** Chapters in order, each with its lessons in order (without their content). */
export async function courseOutline(
  db: DbOrTx,
  courseId: string,
): Promise<{ id: string; title: string; order: number; lessons: OutlineLesson[] }[]> {
  const rows = await db
    .select({
      chapterId: chapters.id,
      chapterTitle: chapters.title,
      chapterOrder: chapters.position,
      lessonId: lessons.id,
      lessonTitle: lessons.title,
      lessonOrder: lessons.position,
      lessonDuration: lessons.duration,
    })
    .from(chapters)
    .leftJoin(lessons, eq(lessons.chapterId, chapters.id))
    .where(eq(chapters.courseId, courseId))
    .orderBy(asc(chapters.position), asc(chapters.id), asc(lessons.position), asc(lessons.id));
  const out: { id: string; title: string; order: number; lessons: OutlineLesson[] }[] = [];
  for (const row of rows) {
    let chapter = out[out.length - 1];
    if (!chapter || chapter.id !== row.chapterId) {
      chapter = { id: row.chapterId, title: row.chapterTitle, order: row.chapterOrder, lessons: [] };
      out.push(chapter);
    }
    if (row.lessonId) {
      chapter.lessons.push({
        id: row.lessonId,
        chapterId: row.chapterId,
        title: row.lessonTitle ?? '',
        order: row.lessonOrder ?? 0,
        duration: row.lessonDuration ?? 0,
      });
    }
  }
  return out;
}

export async function courseQuizzes(db: DbOrTx, courseId: string) {
  return db
    .select({ id: quizzes.id, title: quizzes.title, order: quizzes.position })
    .from(quizzes)
    .where(eq(quizzes.courseId, courseId))
    .orderBy(asc(quizzes.position), asc(quizzes.id));
}

export async function courseVideoList(db: DbOrTx, courseId: string) {
  return db
    .select({
      id: courseVideos.id,
      title: courseVideos.title,
      description: courseVideos.description,
      video: courseVideos.video,
      poster: courseVideos.poster,
      duration: courseVideos.duration,
      order: courseVideos.position,
    })
    .from(courseVideos)
    .where(eq(courseVideos.courseId, courseId))
    .orderBy(asc(courseVideos.position), asc(courseVideos.id));
}

export async function findChapter(db: DbOrTx, courseId: string, chapterId: string) {
  const [chapter] = await db
    .select({ id: chapters.id, title: chapters.title, order: chapters.position })
    .from(chapters)
    .where(and(eq(chapters.id, chapterId), eq(chapters.courseId, courseId)))
    .limit(1);
  if (!chapter) return null;
  const chapterLessons = await db
    .select({
      id: lessons.id,
      title: lessons.title,
      order: lessons.position,
      duration: lessons.duration,
      content: lessons.content,
    })
    .from(lessons)
    .where(eq(lessons.chapterId, chapterId))
    .orderBy(asc(lessons.position), asc(lessons.id));
  return { ...chapter, lessons: chapterLessons };
}

export async function ratingTotals(
  db: DbOrTx,
  courseId: string,
): Promise<{ ratingCount: number; ratingTotal: number }> {
  const [row] = await db
    .select({ ratingCount: courses.ratingCount, ratingTotal: courses.ratingTotal })
    .from(courses)
    .where(eq(courses.id, courseId))
    .limit(1);
  return row ?? { ratingCount: 0, ratingTotal: 0 };
}

/** Moves the course's rating count and total by the given amounts, in one statement (no read first). */
export async function addToRatingTotals(
  db: DbOrTx,
  courseId: string,
  change: { count: number; total: number },
): Promise<void> {
  await db
    .update(courses)
    .set({
      ratingCount: sql`${courses.ratingCount} + ${change.count}`,
      ratingTotal: sql`${courses.ratingTotal} + ${change.total}`,
    })
    .where(eq(courses.id, courseId));
}

/**
 * The published course of another language with the same slug as a published course, and the
 * items of it with the same slugs as the given items of the first (a lesson only within the
 * chapter found). One statement; an item the translation lacks is null.
 */
export async function counterpart(
  db: DbOrTx,
  from: { lang: LanguageCode; courseId: string },
  to: LanguageCode,
  items: { chapterId?: string; lessonId?: string; videoId?: string; quizId?: string },
): Promise<{
  courseId: string;
  chapterId: string | null;
  lessonId: string | null;
  videoId: string | null;
  quizId: string | null;
} | null> {
  const none = sql`null::uuid`;
  const chapter = items.chapterId
    ? sql`(select tc.id from chapters sc join chapters tc on tc.course_id = t.id and tc.slug = sc.slug
           where sc.id = ${items.chapterId} and sc.course_id = s.id)`
    : none;
  const lesson =
    items.chapterId && items.lessonId
      ? sql`(select tl.id from lessons sl
             join chapters sc on sc.id = sl.chapter_id
             join chapters tc on tc.course_id = t.id and tc.slug = sc.slug
             join lessons tl on tl.chapter_id = tc.id and tl.slug = sl.slug
             where sl.id = ${items.lessonId} and sc.id = ${items.chapterId} and sc.course_id = s.id)`
      : none;
  const video = items.videoId
    ? sql`(select tv.id from course_videos sv join course_videos tv on tv.course_id = t.id and tv.slug = sv.slug
           where sv.id = ${items.videoId} and sv.course_id = s.id)`
    : none;
  const quiz = items.quizId
    ? sql`(select tq.id from quizzes sq join quizzes tq on tq.course_id = t.id and tq.slug = sq.slug
           where sq.id = ${items.quizId} and sq.course_id = s.id)`
    : none;
  const result = await db.execute(sql`
    select t.id as course_id, ${chapter} as chapter_id, ${lesson} as lesson_id, ${video} as video_id, ${quiz} as quiz_id
    from courses s
    join courses t on t.slug = s.slug and t.lang = ${to} and t.published
    where s.id = ${from.courseId} and s.lang = ${from.lang} and s.published
    limit 1`);
  const row = (
    result as unknown as {
      rows: Array<Record<'course_id' | 'chapter_id' | 'lesson_id' | 'video_id' | 'quiz_id', string | null>>;
    }
  ).rows[0];
  return row?.course_id
    ? {
        courseId: row.course_id,
        chapterId: row.chapter_id,
        lessonId: row.lesson_id,
        videoId: row.video_id,
        quizId: row.quiz_id,
      }
    : null;
}

// ---------------------------------------------------------------- the read model's writes (ADR 29)

/**
 * A course language's rows as the document says (read-model.ts), only those that differ. Chapters
 * are written before lessons and removed only after them, so a lesson moved out of a removed chapter
 * is moved, not deleted with it (its learners' completions stay).
 */
export async function writeCourse(tx: DbOrTx, rows: CourseRows): Promise<ReadModelStatus> {
  const courseId = rows.course.id;
  return upsertRoot(
    tx,
    courses,
    rows.course,
    {
      where: and(eq(courses.slug, rows.course.slug), eq(courses.lang, rows.course.lang)),
      describe: `A course with slug ${rows.course.slug} (${rows.course.lang})`,
    },
    {
      hasUpdatedAt: true,
      async childChanges() {
        // Parents before children, so every insert finds the row it refers to.
        const storedChapters = await selectWhere(tx, chapters, chapters.courseId, courseId);
        const storedQuizzes = await selectWhere(tx, quizzes, quizzes.courseId, courseId);
        const storedQuestions = await selectByIds(
          tx,
          questions,
          questions.quizId,
          storedQuizzes.map((q) => q.id),
        );
        const storedOptions = await selectByIds(
          tx,
          options,
          options.questionId,
          storedQuestions.map((q) => q.id),
        );
        let changes = 0;
        changes += await upsertRows(tx, chapters, storedChapters, rows.chapters);
        changes += await syncRows(
          tx,
          lessons,
          await selectWhere(tx, lessons, lessons.courseId, courseId),
          rows.lessons,
        );
        changes += await deleteMissing(tx, chapters, storedChapters, rows.chapters);
        changes += await syncRows(
          tx,
          courseVideos,
          await selectWhere(tx, courseVideos, courseVideos.courseId, courseId),
          rows.videos,
        );
        changes += await syncRows(tx, quizzes, storedQuizzes, rows.quizzes);
        changes += await syncRows(tx, questions, storedQuestions, rows.questions);
        changes += await syncRows(tx, options, storedOptions, rows.options);
        return changes;
      },
    },
  );
}

/** Hides a course language; its rows stay, and with them every learner's enrolment, completions and ratings. */
export function hideCourse(tx: DbOrTx, id: string): Promise<boolean> {
  return hideRow(tx, courses, id);
}
