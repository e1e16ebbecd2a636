// How many chapters, lessons, quizzes and videos each course has, as grouped subqueries to join: the
// public course list and a learner's list of enrolled courses both show these counts, and joining
// them keeps a page of courses one statement however many courses it holds. Only the courses and
// progress repositories use it (SQL stays in repositories).
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { chapters, courseVideos, lessons, quizzes } from '../db/schema';

/** Per-course item counts as subqueries to join on courseId; each groups its table by course. */
export function countSubqueries(db: DbOrTx) {
  const chapterCounts = db
    .select({ courseId: chapters.courseId, n: sql<number>`count(*)::int`.as('chapter_count') })
    .from(chapters)
    .groupBy(chapters.courseId)
    .as('chapter_counts');
  const lessonCounts = db
    .select({ courseId: lessons.courseId, n: sql<number>`count(*)::int`.as('lesson_count') })
    .from(lessons)
    .groupBy(lessons.courseId)
    .as('lesson_counts');
  const quizCounts = db
    .select({ courseId: quizzes.courseId, n: sql<number>`count(*)::int`.as('quiz_count') })
    .from(quizzes)
    .groupBy(quizzes.courseId)
    .as('quiz_counts');
  const videoCounts = db
    .select({ courseId: courseVideos.courseId, n: sql<number>`count(*)::int`.as('video_count') })
    .from(courseVideos)
    .groupBy(courseVideos.courseId)
    .as('video_counts');
  // The four counts as select columns (0 for a course with none), for any query joining the subqueries.
  const columns = {
    chapterCount: sql<number>`coalesce(${chapterCounts.n}, 0)`.mapWith(Number),
    lessonCount: sql<number>`coalesce(${lessonCounts.n}, 0)`.mapWith(Number),
    quizCount: sql<number>`coalesce(${quizCounts.n}, 0)`.mapWith(Number),
    courseVideoCount: sql<number>`coalesce(${videoCounts.n}, 0)`.mapWith(Number),
  };
  return { chapterCounts, lessonCounts, quizCounts, videoCounts, columns };
}
