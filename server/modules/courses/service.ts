// Public course reads and their wire shape: rows with a lang column become the specification's
// per-language keys (course_hi, chapter_his, lesson_his, quiz_his) here and nowhere else.
//
// The module's surface for other modules (they call these, never courses' repository or routes):
// - publishedCourseExists, publishedCourses: which courses a language offers
// - courseStructure, courseCounts: what a course holds, and how many of each, for progress
// - toListItem, averageRating: a course as a list item, and its average rating
// - ratingTotals, addToRatingTotals: the rating count and total kept on each course, for ratings
// - courseSharePreview: what a shared link to a course shows, for pages
// - courseDetail, chapterDetail: the public answers for a course and a chapter, read in a caller's
//   transaction too (authoring's preview of a draft)
// - courseReadModel: a published course version projected into the course's tables, and taken off
//   the site (authoring, ADR 29)
// - courseElementIds: the public id of each element of a course document (read-aloud answers its
//   voices by the ids learners' pages know)
import type { CourseDocument } from '../../../contract/authoring';
import type { Db, DbOrTx } from '../../db/client';
import type { ReadModel, ReadModelSource } from '../../lib/read-models';
import type { LanguageCode } from '../../../contract/languages';
import type {
  CounterpartQuery,
  CounterpartResponse,
  CourseListItem,
  OtherLanguagesResponse,
} from '../../../contract/courses';
import { badRequest, notFound } from '../../plugins/errors';
import { LANGUAGE_CODES, isLanguageCode } from '../../../contract/languages';
import { UUID_PATTERN } from '../../../contract/ids';
import { courseRowId, courseRows } from './read-model';
import * as repo from './repository';

/** The course read model: a published course language's rows, written by authoring's publishing. */
export const courseReadModel: ReadModel<CourseDocument> = {
  rowId: courseRowId,
  project: (tx, item, lang, doc, options) => repo.writeCourse(tx, courseRows(item, lang, doc, options?.createdAt)),
  withdraw: repo.hideCourse,
};

/**
 * The public id of the course and of each lesson, question and option of a course language, by the
 * element's address in the document (`lessons[k]`, `quizzes[q].questions[n].options[o]`; '' for the course).
 */
export function courseElementIds(item: ReadModelSource, lang: LanguageCode, doc: CourseDocument): Map<string, string> {
  const rows = courseRows(item, lang, doc);
  const ids = new Map<string, string>([['', rows.course.id]]);
  const quizKeys = new Map(rows.quizzes.map((quiz) => [quiz.id, quiz.slug]));
  for (const quiz of rows.quizzes) ids.set(`quizzes[${quiz.slug}]`, quiz.id);
  const questionAddresses = new Map<string, string>();
  for (const lesson of rows.lessons) ids.set(`lessons[${lesson.slug}]`, lesson.id);
  for (const question of rows.questions) {
    const address = `quizzes[${quizKeys.get(question.quizId)}].questions[${question.slug}]`;
    questionAddresses.set(question.id, address);
    ids.set(address, question.id);
  }
  for (const option of rows.options)
    ids.set(`${questionAddresses.get(option.questionId)}.options[${option.slug}]`, option.id);
  return ids;
}

export function averageRating(ratingTotal: number, ratingCount: number): number {
  return ratingCount > 0 ? Math.round((10 * ratingTotal) / ratingCount) / 10 : 0;
}

/** How many chapters, lessons, quizzes and videos a course has. */
export type CourseCounts = Pick<repo.CourseRow, 'chapterCount' | 'lessonCount' | 'quizCount' | 'courseVideoCount'>;

export function toListItem(row: Omit<repo.CourseRow, 'summary' | 'journal'>): CourseListItem {
  return {
    id: row.id,
    slug: row.slug,
    lang: row.lang,
    title: row.title,
    description: row.description,
    image: row.image,
    document: row.document,
    chapterCount: row.chapterCount,
    lessonCount: row.lessonCount,
    quizCount: row.quizCount,
    courseVideoCount: row.courseVideoCount,
    rating: row.ratingCount,
    averageRating: averageRating(row.ratingTotal, row.ratingCount),
    duration: row.duration,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listCourses(db: Db, query: { lang: string; search?: string; offset: number; limit: number }) {
  // A query parameter of the right shape but naming no language is a bad request, not a missing page.
  if (!isLanguageCode(query.lang)) throw badRequest('languageNotOffered');
  const { rows, total } = await repo.listPublishedCourses(db, { ...query, lang: query.lang });
  return { courses: rows.map(toListItem), total };
}

/** The courses a learner of a language cannot read in it yet, each with the languages it is in. */
export async function coursesInOtherLanguages(db: Db, lang: string): Promise<OtherLanguagesResponse> {
  if (!isLanguageCode(lang)) throw badRequest('languageNotOffered');
  const bySlug = new Map<string, { lang: LanguageCode; id: string; title: string }[]>();
  for (const row of await repo.versionsMissingIn(db, lang)) {
    if (!isLanguageCode(row.lang)) continue;
    bySlug.set(row.slug, [...(bySlug.get(row.slug) ?? []), { lang: row.lang, id: row.id, title: row.title }]);
  }
  const order = (code: LanguageCode) => LANGUAGE_CODES.indexOf(code);
  return {
    courses: [...bySlug].map(([slug, versions]) => ({
      slug,
      versions: versions.sort((a, b) => order(a.lang) - order(b.lang)),
    })),
  };
}

export async function courseDetail(db: DbOrTx, lang: LanguageCode, courseId: string) {
  const course = await repo.findPublishedCourse(db, lang, courseId);
  if (!course) throw notFound('courseNotFound');
  const { outline, quizzes, videos } = await courseStructure(db, courseId);
  return {
    [`course_${lang}`]: {
      ...toListItem(course),
      summary: course.summary,
      journal: course.journal,
      [`chapter_${lang}s`]: outline.map((chapter) => ({
        id: chapter.id,
        title: chapter.title,
        order: chapter.order,
        [`lesson_${lang}s`]: chapter.lessons.map(({ id, title, order, duration }) => ({ id, title, order, duration })),
      })),
      [`quiz_${lang}s`]: quizzes,
      videos,
    },
  };
}

export async function chapterDetail(db: DbOrTx, lang: LanguageCode, courseId: string, chapterId: string) {
  if (!(await repo.publishedCourseExists(db, lang, courseId))) throw notFound('courseNotFound');
  const chapter = await repo.findChapter(db, courseId, chapterId);
  if (!chapter) throw notFound('chapterNotFound');
  return {
    [`chapter_${lang}`]: {
      id: chapter.id,
      title: chapter.title,
      order: chapter.order,
      [`lesson_${lang}s`]: chapter.lessons,
    },
  };
}

/**
 * The same course in another language, and the same chapter, lesson, video or quiz in it where the
 * translation has them (matched by slug); 404 when the course is not published in that language.
 */
export async function courseCounterpart(
  db: Db,
  lang: LanguageCode,
  courseId: string,
  to: LanguageCode,
  items: CounterpartQuery,
): Promise<CounterpartResponse> {
  const found = await repo.counterpart(db, { lang, courseId }, to, items);
  if (!found) {
    throw notFound((await repo.publishedCourseExists(db, lang, courseId)) ? 'courseNotInLanguage' : 'courseNotFound');
  }
  return {
    lang: to,
    courseId: found.courseId,
    ...(found.chapterId ? { chapterId: found.chapterId } : {}),
    ...(found.lessonId ? { lessonId: found.lessonId } : {}),
    ...(found.videoId ? { videoId: found.videoId } : {}),
    ...(found.quizId ? { quizId: found.quizId } : {}),
  };
}

const UUID = new RegExp(UUID_PATTERN);

/** What a link to a course (or a page inside it) shows when shared; nothing for an unknown language or id. */
export async function courseSharePreview(
  db: Db,
  lang: string,
  courseId: string,
): Promise<{ title: string; description: string; image: string } | undefined> {
  const row = isLanguageCode(lang) && UUID.test(courseId) ? await repo.findPublishedCourse(db, lang, courseId) : null;
  return row ? { title: row.title, description: row.description, image: row.image } : undefined;
}

/** Only whether the course is published in that language: the cheap check before a learner's call. */
export function publishedCourseExists(db: DbOrTx, lang: LanguageCode, courseId: string): Promise<boolean> {
  return repo.publishedCourseExists(db, lang, courseId);
}

/** Ids and titles of the published courses in a language, in catalogue order. */
export function publishedCourses(db: DbOrTx, lang: LanguageCode): Promise<{ id: string; title: string }[]> {
  return repo.listPublishedCourseIds(db, lang);
}

/** Each course's item counts, by course id (one statement). */
export async function courseCounts(db: DbOrTx, courseIds: string[]): Promise<Map<string, CourseCounts>> {
  return new Map((await repo.courseCounts(db, courseIds)).map(({ id, ...counts }) => [id, counts]));
}

/** Chapters with their lessons, quizzes and videos, each in order (three statements, in parallel). */
export async function courseStructure(db: DbOrTx, courseId: string) {
  const [outline, quizzes, videos] = await Promise.all([
    repo.courseOutline(db, courseId),
    repo.courseQuizzes(db, courseId),
    repo.courseVideoList(db, courseId),
  ]);
  return { outline, quizzes, videos };
}

export function ratingTotals(db: DbOrTx, courseId: string): Promise<{ ratingCount: number; ratingTotal: number }> {
  return repo.ratingTotals(db, courseId);
}

/** Call in the transaction that changes the course's ratings, so the totals never disagree with them. */
export function addToRatingTotals(
  db: DbOrTx,
  courseId: string,
  change: { count: number; total: number },
): Promise<void> {
  return repo.addToRatingTotals(db, courseId, change);
}
