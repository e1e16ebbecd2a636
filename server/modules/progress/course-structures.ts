// What a published course holds, as a learner's calls need it: its chapters with their lessons, its
// videos, its quizzes with their pass marks and answer keys, and the number of items that make 100%.
// Every learner of a course reads the same structure on every call, so each server keeps it in
// memory (a public cache of kind 'course', lib/public-caches.ts): emptied when a course is published
// anywhere (ADR 21), and read again at most every ten seconds otherwise (ADR 8). A learner's call
// then reads only the learner's own rows from the database.
import type { DbOrTx } from '../../db/client';
import type { LanguageCode } from '../../../contract/languages';
import type { PublicCaches } from '../../lib/public-caches';
import { notFound } from '../../plugins/errors';
import * as courses from '../courses/service';
import * as quizzes from '../quizzes/service';
import { percentage } from './percentage';

export interface CourseStructure {
  courseId: string;
  /** Chapters in order, each with its lessons' ids in order. */
  chapters: { id: string; lessonIds: string[] }[];
  /** Each lesson's chapter. */
  chapterOf: Map<string, string>;
  /** Video ids in order. */
  videoIds: string[];
  /** Quizzes in order, with their pass marks and answer keys. */
  quizzes: Map<string, quizzes.QuizKey>;
  /** How many chapters, lessons, quizzes and videos, as a course list shows them. */
  counts: courses.CourseCounts;
  /** Lessons, videos and quizzes: what the percentage is of. */
  itemCount: number;
  /** The fewest items done that make 100% by the percentage rule; null when nothing can (an empty course). */
  itemsToComplete: number | null;
}

export interface CourseStructures {
  /** The structure of a course published in that language; 404 courseNotFound otherwise. */
  published(db: DbOrTx, lang: LanguageCode, courseId: string): Promise<CourseStructure>;
}

/** The fewest of itemCount items that reach 100% by the percentage rule, or null when no number does. */
export function itemsToComplete(itemCount: number): number | null {
  for (let done = 0; done <= itemCount; done++) if (percentage(done, itemCount) >= 100) return done;
  return null;
}

async function loadStructure(db: DbOrTx, lang: LanguageCode, courseId: string): Promise<CourseStructure> {
  // A course that is not published is not kept: the load fails, and a failed load is not cached.
  if (!(await courses.publishedCourseExists(db, lang, courseId))) throw notFound('courseNotFound');
  // The answer keys are the course's quizzes, in order: what is scored is what is counted.
  const [{ outline, videos }, quizKeys] = await Promise.all([
    courses.courseStructure(db, courseId),
    quizzes.courseAnswerKeys(db, courseId),
  ]);
  const chapters = outline.map((chapter) => ({
    id: chapter.id,
    lessonIds: chapter.lessons.map((lesson) => lesson.id),
  }));
  const chapterOf = new Map(
    chapters.flatMap((chapter) => chapter.lessonIds.map((lessonId) => [lessonId, chapter.id] as const)),
  );
  const itemCount = chapterOf.size + videos.length + quizKeys.size;
  return {
    courseId,
    chapters,
    chapterOf,
    videoIds: videos.map((video) => video.id),
    quizzes: quizKeys,
    counts: {
      chapterCount: chapters.length,
      lessonCount: chapterOf.size,
      quizCount: quizKeys.size,
      courseVideoCount: videos.length,
    },
    itemCount,
    itemsToComplete: itemsToComplete(itemCount),
  };
}

const madeFor = new WeakMap<PublicCaches, CourseStructures>();

/** The structures one server keeps: one for the server, whichever module asks (progress, outbox). */
export function courseStructures(caches: PublicCaches): CourseStructures {
  let structures = madeFor.get(caches);
  if (!structures) {
    structures = makeCourseStructures(caches);
    madeFor.set(caches, structures);
  }
  return structures;
}

function makeCourseStructures(caches: PublicCaches): CourseStructures {
  const cache = caches.create<CourseStructure>({ name: 'course-structures', kinds: ['course'], maxEntries: 2000 });
  return {
    published: (db, lang, courseId) => cache.get(`${lang}|${courseId}`, () => loadStructure(db, lang, courseId)),
  };
}
