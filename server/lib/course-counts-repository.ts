// How many chapters, lessons, quizzes and videos each course has, as grouped subqueries to join: the
// public course list shows these counts, and joining them keeps a page of courses one statement
// however many courses it holds; the certificate reads them the same way in its transaction. (A
// learner's calls take them from the course structures kept in memory, progress/course-structures.ts.)
// Only the courses repository uses it (SQL stays in repositories).
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { chapters, courseVideos, lessons, quizzes } from '../db/schema';

/** A table's rows per course, as a subquery `<name>_counts` with columns courseId and n (`<name>_count`). */
function countPerCourse(db: DbOrTx, table: typeof chapters | typeof lessons | typeof quizzes | typeof courseVideos, name: string) {
  return db
    .select({ courseId: table.courseId, n: sql<number>`count(*)::int`.as(`${name}_count`) })
    .from(table)
    .groupBy(table.courseId)
    .as(`${name}_counts`);
}

/** Per-course item counts as subqueries to join on courseId; each groups its table by course. */
export function countSubqueries(db: DbOrTx) {
  const chapterCounts = countPerCourse(db, chapters, 'chapter');
  const lessonCounts = countPerCourse(db, lessons, 'lesson');
  const quizCounts = countPerCourse(db, quizzes, 'quiz');
  const videoCounts = countPerCourse(db, courseVideos, 'video');
  // The four counts as select columns (0 for a course with none), for any query joining the subqueries.
  const columns = {
    chapterCount: sql<number>`coalesce(${chapterCounts.n}, 0)`.mapWith(Number),
    lessonCount: sql<number>`coalesce(${lessonCounts.n}, 0)`.mapWith(Number),
    quizCount: sql<number>`coalesce(${quizCounts.n}, 0)`.mapWith(Number),
    courseVideoCount: sql<number>`coalesce(${videoCounts.n}, 0)`.mapWith(Number),
  };
  return { chapterCounts, lessonCounts, quizCounts, videoCounts, columns };
}
