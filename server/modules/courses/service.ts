// Public course reads and their wire shape: rows with a lang column become the specification's
// per-language keys (course_hi, chapter_his, lesson_his, quiz_his) here and nowhere else.
import type { Db } from '../../db/client';
import type { LanguageCode } from '../../../contract/languages';
import type { CourseListItem } from '../../../contract/courses';
import { badRequest, notFound } from '../../plugins/errors';
import { isLanguageCode } from '../../../contract/languages';
import { UUID_PATTERN } from '../../../contract/ids';
import * as repo from './repository';

export function averageRating(ratingTotal: number, ratingCount: number): number {
  return ratingCount > 0 ? Math.round((10 * ratingTotal) / ratingCount) / 10 : 0;
}

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

export async function courseDetail(db: Db, lang: LanguageCode, courseId: string) {
  const course = await repo.findPublishedCourse(db, lang, courseId);
  if (!course) throw notFound('courseNotFound');
  const [outline, quizzes, videos] = await Promise.all([
    repo.courseOutline(db, courseId),
    repo.courseQuizzes(db, courseId),
    repo.courseVideoList(db, courseId),
  ]);
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

export async function chapterDetail(db: Db, lang: LanguageCode, courseId: string, chapterId: string) {
  if (!(await repo.publishedCourseExists(db, lang, courseId))) throw notFound('courseNotFound');
  const chapter = await repo.findChapter(db, courseId, chapterId);
  if (!chapter) throw notFound('chapterNotFound');
  return {
    [`chapter_${lang}`]: { id: chapter.id, title: chapter.title, order: chapter.order, [`lesson_${lang}s`]: chapter.lessons },
  };
}

const UUID = new RegExp(UUID_PATTERN);

/** What a link to a course (or a page inside it) shows when shared; nothing for an unknown language or id. */
export async function courseSharePreview(db: Db, lang: string, courseId: string): Promise<{ title: string; description: string; image: string } | undefined> {
  const row = isLanguageCode(lang) && UUID.test(courseId) ? await repo.findPublishedCourse(db, lang, courseId) : null;
  return row ? { title: row.title, description: row.description, image: row.image } : undefined;
}
