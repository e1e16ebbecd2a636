// A learner's progress: enrolment, lessons and videos completed, quizzes passed, and the percentage of
// the specification's section 9: (completed lessons + videos + passed quizzes) / (lessons + videos +
// quizzes), to one decimal. Every write that can finish a course records the completion date in the
// same transaction, so the date and the items that earned it never disagree.
//
// The module's surface for other modules (they call these, never progress' repository or routes):
// - requireEnrolledCourse: 404 for an unknown course, 403 unless the learner is enrolled (journal, ratings)
// - languageCompletion: whether every published course of a language is complete (certificates)
import type { Db, DbOrTx } from '../../db/client';
import type { LanguageCode } from '../../../contract/languages';
import { forbidden, notFound } from '../../plugins/errors';
import * as courses from '../courses/service';
import * as quizzes from '../quizzes/service';
import * as repo from './repository';

export type CourseStatus = 'completed' | 'in-progress' | 'not-started';

/** Percentage to one decimal; a course with nothing in it is at 0, not a division by zero. */
export function percentage(doneItems: number, totalItems: number): number {
  if (totalItems <= 0) return 0;
  return Math.min(100, Math.round((1000 * doneItems) / totalItems) / 10);
}

function tallyPercentage(t: { lessonCount: number; videoCount: number; quizCount: number; done: number; passedQuizzes: number }) {
  return percentage(t.done + t.passedQuizzes, t.lessonCount + t.videoCount + t.quizCount);
}

function statusOf(pct: number, startedAnything: boolean): CourseStatus {
  if (pct >= 100) return 'completed';
  return startedAnything ? 'in-progress' : 'not-started';
}

async function requireCourse(db: DbOrTx, lang: LanguageCode, courseId: string): Promise<void> {
  if (!(await courses.publishedCourseExists(db, lang, courseId))) throw notFound('courseNotFound');
}

/** 403 unless the learner is enrolled in the course; used by every learning write. */
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

export async function enrol(db: Db, userId: string, lang: LanguageCode, courseId: string): Promise<{ created: boolean }> {
  await requireCourse(db, lang, courseId);
  return { created: await repo.insertEnrolment(db, userId, courseId) };
}

/** Completion date once the tally reaches 100%; call inside the transaction of the completing write. */
async function recordCompletionIfDone(tx: DbOrTx, userId: string, courseId: string): Promise<boolean> {
  const pct = tallyPercentage(await repo.tally(tx, userId, courseId));
  if (pct >= 100) await repo.markCourseCompleted(tx, userId, courseId);
  return pct >= 100;
}

export async function progressRecord(db: Db, userId: string, lang: LanguageCode, courseId: string) {
  await requireCourse(db, lang, courseId);
  const enrolment = await repo.findEnrolment(db, userId, courseId);
  if (!enrolment) throw notFound('notEnrolled');
  const [{ outline, quizzes: courseQuizzes, videos }, done, passed] = await Promise.all([
    courses.courseStructure(db, courseId),
    repo.completedItems(db, userId, courseId),
    repo.passedQuizIds(db, userId, courseId),
  ]);
  const doneLessons = new Set(done.flatMap((d) => (d.lessonId ? [d.lessonId] : [])));
  const doneVideos = new Set(done.flatMap((d) => (d.videoId ? [d.videoId] : [])));
  const passedSet = new Set(passed);
  const lessonEntries: string[] = [];
  const chapterEntries: string[] = [];
  let lessonCount = 0;
  for (const chapter of outline) {
    lessonCount += chapter.lessons.length;
    for (const lesson of chapter.lessons) if (doneLessons.has(lesson.id)) lessonEntries.push(`${chapter.id}::${lesson.id}`);
    if (chapter.lessons.length > 0 && chapter.lessons.every((l) => doneLessons.has(l.id))) chapterEntries.push(chapter.id);
  }
  const videoEntries = videos.map((v) => v.id).filter((id) => doneVideos.has(id));
  const quizEntries = courseQuizzes.map((q) => q.id).filter((id) => passedSet.has(id));
  const pct = percentage(
    lessonEntries.length + videoEntries.length + quizEntries.length,
    lessonCount + videos.length + courseQuizzes.length,
  );
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
  db: Db,
  userId: string,
  lang: LanguageCode,
  ids: { courseId: string; chapterId: string; lessonId: string },
): Promise<void> {
  await requireCourse(db, lang, ids.courseId);
  if (!(await courses.lessonInChapter(db, ids))) throw notFound('lessonNotFound');
  await requireEnrolment(db, userId, ids.courseId);
  await db.transaction(async (tx) => {
    await repo.insertLessonCompletion(tx, userId, ids.courseId, ids.lessonId);
    await recordCompletionIfDone(tx, userId, ids.courseId);
  });
}

export async function completeVideo(db: Db, userId: string, lang: LanguageCode, ids: { courseId: string; videoId: string }) {
  await requireCourse(db, lang, ids.courseId);
  if (!(await courses.videoInCourse(db, ids))) throw notFound('videoNotFound');
  await requireEnrolment(db, userId, ids.courseId);
  await db.transaction(async (tx) => {
    await repo.insertVideoCompletion(tx, userId, ids.courseId, ids.videoId);
    await recordCompletionIfDone(tx, userId, ids.courseId);
  });
}

export async function submitQuiz(
  db: Db,
  userId: string,
  lang: LanguageCode,
  ids: { courseId: string; quizId: string },
  answers: quizzes.Answer[],
) {
  await requireCourse(db, lang, ids.courseId);
  const quiz = await quizzes.findQuiz(db, ids.courseId, ids.quizId);
  if (!quiz) throw notFound('quizNotFound');
  await requireEnrolment(db, userId, ids.courseId);
  const result = await quizzes.scoreAnswers(db, quiz, answers);
  const courseCompleted = await db.transaction(async (tx) => {
    await repo.insertQuizAttempt(tx, {
      userId,
      courseId: ids.courseId,
      quizId: ids.quizId,
      score: result.score,
      passed: result.passed,
      answers: answers.map((a) => ({ questionId: a.questionId, selectedOptions: [...new Set(a.selectedOptions)] })),
    });
    return result.passed ? recordCompletionIfDone(tx, userId, ids.courseId) : false;
  });
  return {
    ...result,
    passingCriteria: quiz.passingCriteria,
    message: quizzes.resultMessage(result, quiz.passingCriteria, courseCompleted),
  };
}

function withProgress(row: repo.EnrolledCourseRow) {
  const pct = percentage(row.done + row.passedQuizzes, row.lessonCount + row.courseVideoCount + row.quizCount);
  return { pct, status: statusOf(pct, row.done + row.passedQuizzes > 0) };
}

export async function listProgress(db: Db, userId: string, lang: LanguageCode, page: { offset: number; limit: number }) {
  const [rows, total] = await Promise.all([
    repo.enrolledCourses(db, userId, lang, page),
    repo.countEnrolledCourses(db, userId, lang),
  ]);
  return {
    courses: rows.map((row) => {
      const { pct, status } = withProgress(row);
      return { ...courses.toListItem(row), percentage: pct, status, enrolledAt: row.enrolledAt.toISOString() };
    }),
    total,
  };
}

export async function stats(db: Db, userId: string, lang: LanguageCode) {
  const rows = await repo.enrolledCourses(db, userId, lang);
  return {
    courses: rows.map((row) => {
      const { pct, status } = withProgress(row);
      return { id: row.id, title: row.title, status, percentage: pct };
    }),
    total: rows.length,
  };
}

/**
 * Whether the learner has completed (100%) every published course in the language, of which there
 * must be at least one; with each course's completion date (null while not complete). Used by the
 * certificate.
 */
export async function languageCompletion(
  db: Db | DbOrTx,
  userId: string,
  lang: LanguageCode,
): Promise<{ complete: boolean; courses: { id: string; title: string; completedAt: Date | null }[] }> {
  const [published, enrolled] = await Promise.all([
    courses.publishedCourses(db, lang),
    repo.enrolledCourses(db, userId, lang),
  ]);
  const byId = new Map(enrolled.map((row) => [row.id, row]));
  const out: { id: string; title: string; completedAt: Date | null }[] = [];
  for (const course of published) {
    const row = byId.get(course.id);
    let completedAt: Date | null = null;
    if (row && withProgress(row).pct >= 100) {
      // A course can reach 100% without a recorded date when content was removed after the learner's
      // last completion; the last thing they finished then stands for the date.
      completedAt = row.completedAt ?? (await repo.lastActivity(db, userId, course.id)) ?? row.enrolledAt;
    }
    out.push({ id: course.id, title: course.title, completedAt });
  }
  return { complete: out.length > 0 && out.every((c) => c.completedAt !== null), courses: out };
}
