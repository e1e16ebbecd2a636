// A learner's progress: enrolment, lessons and videos completed, quizzes passed, and the percentage of
// the specification's section 9: (completed lessons + videos + passed quizzes) / (lessons + videos +
// quizzes), to one decimal. Every write that can finish a course records the completion date in the
// same statement, so the date and the items that earned it never disagree. What a course holds comes
// from its structure kept in memory (course-structures.ts); a learner's call reads from the database
// only the learner's own rows, in one statement.
//
// The module's surface for other modules (they call these, never progress' repository or routes):
// - requireEnrolledCourse: 404 for an unknown course, 403 unless the learner is enrolled (journal, ratings)
// - languageCompletion: whether every published course of a language is complete (certificates)
// - readersOf: how many learners completed each lesson, tried each quiz and finished the course
//   (read aloud's list of texts to record, most-read first)
// - enrol, completeLesson, completeVideo, submitQuiz: the learner's writes, also applied from a
//   phone's outbox inside the outbox's transaction (outbox), with the server's courseStructures
import type { Db, DbOrTx } from '../../db/client';
import type { LanguageCode } from '../../../contract/languages';
import { forbidden, HttpError, notFound } from '../../plugins/errors';
import * as courses from '../courses/service';
import * as quizzes from '../quizzes/service';
import type { CourseStructure, CourseStructures } from './course-structures';
import { percentage } from './percentage';
import * as repo from './repository';

export { percentage } from './percentage';
export { courseStructures, type CourseStructures } from './course-structures';
export type CourseStatus = 'completed' | 'in-progress' | 'not-started';

function statusOf(pct: number, startedAnything: boolean): CourseStatus {
  if (pct >= 100) return 'completed';
  return startedAnything ? 'in-progress' : 'not-started';
}

async function requireCourse(db: DbOrTx, lang: LanguageCode, courseId: string): Promise<void> {
  if (!(await courses.publishedCourseExists(db, lang, courseId))) throw notFound('courseNotFound');
}

/** 403 unless the learner is enrolled in the course. */
async function requireEnrolment(db: DbOrTx, userId: string, courseId: string) {
  const enrolment = await repo.findEnrolment(db, userId, courseId);
  if (!enrolment) throw forbidden('notEnrolled');
  return enrolment;
}

/** Checks the course and the enrolment together: 404 for an unknown course, 403 when not enrolled. */
export async function requireEnrolledCourse(db: DbOrTx, userId: string, lang: LanguageCode, courseId: string) {
  await requireCourse(db, lang, courseId);
  return requireEnrolment(db, userId, courseId);
}

export async function enrol(
  db: DbOrTx,
  structures: CourseStructures,
  userId: string,
  lang: LanguageCode,
  courseId: string,
): Promise<{ created: boolean }> {
  await structures.published(db, lang, courseId);
  return { created: await repo.insertEnrolment(db, userId, courseId) };
}

function tallyPercentage(structure: CourseStructure, tally: repo.LearnerTally): number {
  return percentage(tally.done + tally.passedQuizzes, structure.itemCount);
}

export async function progressRecord(
  db: Db,
  structures: CourseStructures,
  userId: string,
  lang: LanguageCode,
  courseId: string,
) {
  const structure = await structures.published(db, lang, courseId);
  const learner = await repo.learnerInCourse(db, userId, courseId);
  if (!learner) throw notFound('notEnrolled');
  const done = new Set(learner.done);
  const passed = new Set(learner.passedQuizzes);
  const lessonEntries: string[] = [];
  const chapterEntries: string[] = [];
  for (const chapter of structure.chapters) {
    for (const lessonId of chapter.lessonIds) if (done.has(lessonId)) lessonEntries.push(`${chapter.id}::${lessonId}`);
    if (chapter.lessonIds.length > 0 && chapter.lessonIds.every((id) => done.has(id))) chapterEntries.push(chapter.id);
  }
  const videoEntries = structure.videoIds.filter((id) => done.has(id));
  const quizEntries = [...structure.quizzes.keys()].filter((id) => passed.has(id));
  const pct = percentage(lessonEntries.length + videoEntries.length + quizEntries.length, structure.itemCount);
  return {
    lessonId: lessonEntries.join(','),
    videoId: videoEntries.join(','),
    quizId: quizEntries.join(','),
    chapterId: chapterEntries.join(','),
    percentage: pct,
    completed: pct >= 100,
  };
}

export async function completeLesson(
  db: DbOrTx,
  structures: CourseStructures,
  userId: string,
  lang: LanguageCode,
  ids: { courseId: string; chapterId: string; lessonId: string },
): Promise<void> {
  const structure = await structures.published(db, lang, ids.courseId);
  if (structure.chapterOf.get(ids.lessonId) !== ids.chapterId) throw notFound('lessonNotFound');
  const tally = await repo.completeItem(
    db,
    { userId, courseId: ids.courseId, lessonId: ids.lessonId },
    structure.itemsToComplete,
  );
  if (!tally.enrolled) throw forbidden('notEnrolled');
}

export async function completeVideo(
  db: DbOrTx,
  structures: CourseStructures,
  userId: string,
  lang: LanguageCode,
  ids: { courseId: string; videoId: string },
): Promise<void> {
  const structure = await structures.published(db, lang, ids.courseId);
  if (!structure.videoIds.includes(ids.videoId)) throw notFound('videoNotFound');
  const tally = await repo.completeItem(
    db,
    { userId, courseId: ids.courseId, videoId: ids.videoId },
    structure.itemsToComplete,
  );
  if (!tally.enrolled) throw forbidden('notEnrolled');
}

export async function submitQuiz(
  db: DbOrTx,
  structures: CourseStructures,
  userId: string,
  lang: LanguageCode,
  ids: { courseId: string; quizId: string },
  answers: quizzes.Answer[],
) {
  const structure = await structures.published(db, lang, ids.courseId);
  const key = structure.quizzes.get(ids.quizId);
  if (!key) throw notFound('quizNotFound');
  let result: quizzes.QuizScore;
  try {
    result = quizzes.scoreAnswers(key, answers);
  } catch (error) {
    // Answers that name anything outside the quiz: a learner who is not enrolled hears that first.
    await requireEnrolment(db, userId, ids.courseId);
    throw error;
  }
  const tally = await repo.recordQuizAttempt(
    db,
    {
      userId,
      courseId: ids.courseId,
      quizId: ids.quizId,
      score: result.score,
      passed: result.passed,
      answers: answers.map((a) => ({ questionId: a.questionId, selectedOptions: [...new Set(a.selectedOptions)] })),
    },
    structure.itemsToComplete,
  );
  if (!tally.enrolled) throw forbidden('notEnrolled');
  const courseCompleted = result.passed && tallyPercentage(structure, tally) >= 100;
  return {
    ...result,
    passingCriteria: key.passingCriteria,
    message: quizzes.resultMessage(result, key.passingCriteria, courseCompleted),
  };
}

function withProgress(row: repo.EnrolledCourseRow, counts: courses.CourseCounts) {
  const pct = percentage(row.done + row.passedQuizzes, counts.lessonCount + counts.courseVideoCount + counts.quizCount);
  return { pct, status: statusOf(pct, row.done + row.passedQuizzes > 0) };
}

/**
 * The learner's enrolled, published courses in the language with each one's item counts, from the
 * structures in memory. A learner is enrolled in a few courses of a language at most: one statement
 * reads them all.
 */
async function enrolledWithCounts(db: Db, structures: CourseStructures, userId: string, lang: LanguageCode) {
  const rows = await repo.enrolledCourses(db, userId, lang);
  const found = await Promise.all(
    rows.map(async (row) => {
      // A course withdrawn since the statement read it is left out, as it will be from the next list.
      const structure = await structures.published(db, lang, row.id).catch((error: unknown) => {
        if (error instanceof HttpError && error.statusCode === 404) return null;
        throw error;
      });
      return structure && { row, counts: structure.counts };
    }),
  );
  return found.filter((course) => course !== null);
}

export async function listProgress(
  db: Db,
  structures: CourseStructures,
  userId: string,
  lang: LanguageCode,
  page: { offset: number; limit: number },
) {
  const enrolled = await enrolledWithCounts(db, structures, userId, lang);
  return {
    courses: enrolled.slice(page.offset, page.offset + page.limit).map(({ row, counts }) => {
      const { pct, status } = withProgress(row, counts);
      return {
        ...courses.toListItem({ ...row, ...counts }),
        percentage: pct,
        status,
        enrolledAt: row.enrolledAt.toISOString(),
      };
    }),
    total: enrolled.length,
  };
}

export async function stats(db: Db, structures: CourseStructures, userId: string, lang: LanguageCode) {
  const enrolled = await enrolledWithCounts(db, structures, userId, lang);
  return {
    courses: enrolled.map(({ row, counts }) => {
      const { pct, status } = withProgress(row, counts);
      return { id: row.id, title: row.title, status, percentage: pct };
    }),
    total: enrolled.length,
  };
}

/**
 * Whether the learner has completed (100%) every published course in the language, of which there
 * must be at least one; with each course's completion date (null while not complete). Used by the
 * certificate, which is issued on the database's word: everything here, item counts included, is
 * read in the caller's transaction, none of it from memory.
 */
export async function languageCompletion(
  db: Db | DbOrTx,
  userId: string,
  lang: LanguageCode,
): Promise<{ complete: boolean; courses: { id: string; title: string; completedAt: Date | null }[] }> {
  const [published, enrolled] = await Promise.all([
    courses.publishedCourses(db, lang),
    repo.enrolledCoursesIn(db, userId, lang),
  ]);
  const counts = await courses.courseCounts(
    db,
    enrolled.map((row) => row.id),
  );
  const byId = new Map(enrolled.map((row) => [row.id, row]));
  const out: { id: string; title: string; completedAt: Date | null }[] = [];
  for (const course of published) {
    const row = byId.get(course.id);
    const rowCounts = counts.get(course.id);
    let completedAt: Date | null = null;
    if (row && rowCounts && withProgress(row, rowCounts).pct >= 100) {
      // A course can reach 100% without a recorded date when content was removed after the learner's
      // last completion; the last thing they finished then stands for the date.
      completedAt = row.completedAt ?? (await repo.lastActivity(db, userId, course.id)) ?? row.enrolledAt;
    }
    out.push({ id: course.id, title: course.title, completedAt });
  }
  return { complete: out.length > 0 && out.every((c) => c.completedAt !== null), courses: out };
}

/** How many learners completed each lesson, tried each quiz and finished the course, by their ids. */
export function readersOf(db: Db, courseId: string): Promise<Map<string, number>> {
  return repo.readersOf(db, courseId);
}
