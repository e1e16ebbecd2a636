// A small course inserted straight into the database for tests: 2 chapters, 3 lessons (2 + 1),
// 1 video and 2 quizzes (each with a single- and a multi-answer question), 6 progress items in all.
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { chapters, courseVideos, courses, lessons, options, questions, quizzes } from '../db/schema/courses';
import type { LanguageCode } from '../../contract/languages';

/** The explanation the single-answer question of each quiz gives (the multi-answer one has none). */
export const QUESTION_EXPLANATION = 'A bank keeps your money safe, and deposits are insured.';

export interface QuestionFixture {
  id: string;
  type: 'single' | 'multi';
  correct: string[];
  wrong: string[];
}

export interface CourseFixture {
  courseId: string;
  slug: string;
  lang: LanguageCode;
  chapterIds: [string, string];
  /** Lessons of chapter 1 (two) and chapter 2 (one). */
  lessonIds: { chapter1: [string, string]; chapter2: [string] };
  videoId: string;
  quizzes: { id: string; passingCriteria: number; single: QuestionFixture; multi: QuestionFixture }[];
}

export async function createCourseFixture(
  db: Db,
  options_: {
    lang?: LanguageCode;
    slug?: string;
    title?: string;
    description?: string;
    published?: boolean;
    createdAt?: Date;
  } = {},
): Promise<CourseFixture> {
  const lang = options_.lang ?? 'en';
  const slug = options_.slug ?? `course-${randomBytes(4).toString('hex')}`;
  const [course] = await db
    .insert(courses)
    .values({
      slug,
      lang,
      title: options_.title ?? `Money basics ${slug}`,
      description: options_.description ?? '<p>Saving, budgeting and safe banking.</p>',
      image: 'uploads/courses/cover.svg',
      document: 'uploads/courses/handbook.pdf',
      duration: 45,
      summary: '<p>What we learnt.</p>',
      journal: '<p>What will you save for?</p>',
      published: options_.published ?? true,
      ...(options_.createdAt ? { createdAt: options_.createdAt } : {}),
    })
    .returning({ id: courses.id });
  const courseId = course!.id;
  const [ch1, ch2] = await db
    .insert(chapters)
    .values([
      { courseId, slug: 'saving', title: 'Saving', position: 1 },
      { courseId, slug: 'banking', title: 'Banking', position: 2 },
    ])
    .returning({ id: chapters.id });
  const insertedLessons = await db
    .insert(lessons)
    .values([
      {
        courseId,
        chapterId: ch1!.id,
        slug: 'why-save',
        title: 'Why save',
        position: 1,
        duration: 5,
        content: '<p>Why.</p>',
      },
      {
        courseId,
        chapterId: ch1!.id,
        slug: 'how-save',
        title: 'How to save',
        position: 2,
        duration: 7,
        content: '<p>How.</p>',
      },
      {
        courseId,
        chapterId: ch2!.id,
        slug: 'open-account',
        title: 'Open an account',
        position: 1,
        duration: 6,
        content: '<p>Open.</p>',
      },
    ])
    .returning({ id: lessons.id, slug: lessons.slug });
  const lessonId = (s: string) => insertedLessons.find((l) => l.slug === s)!.id;
  const [video] = await db
    .insert(courseVideos)
    .values({
      courseId,
      slug: 'welcome',
      title: 'Welcome',
      description: 'An introduction',
      position: 1,
      video: 'uploads/videos/welcome.webm',
      poster: 'uploads/videos/welcome.svg',
      duration: 90,
    })
    .returning({ id: courseVideos.id });

  const quizFixtures: CourseFixture['quizzes'] = [];
  for (const [index, passingCriteria] of [60, 100].entries()) {
    const [quiz] = await db
      .insert(quizzes)
      .values({ courseId, slug: `quiz-${index + 1}`, title: `Quiz ${index + 1}`, position: index + 1, passingCriteria })
      .returning({ id: quizzes.id });
    const [single, multi] = await db
      .insert(questions)
      .values([
        {
          quizId: quiz!.id,
          slug: 'q1',
          position: 1,
          content: 'Where is money safest?',
          type: 'single',
          explanation: QUESTION_EXPLANATION,
        },
        { quizId: quiz!.id, slug: 'q2', position: 2, content: 'Which are safe habits?', type: 'multi' },
      ])
      .returning({ id: questions.id });
    const singleOptions = await db
      .insert(options)
      .values([
        { questionId: single!.id, slug: 'a', position: 1, content: 'In a bank', isCorrect: true },
        { questionId: single!.id, slug: 'b', position: 2, content: 'Under the bed', isCorrect: false },
        { questionId: single!.id, slug: 'c', position: 3, content: 'With a stranger', isCorrect: false },
      ])
      .returning({ id: options.id, isCorrect: options.isCorrect });
    const multiOptions = await db
      .insert(options)
      .values([
        { questionId: multi!.id, slug: 'a', position: 1, content: 'Keep your PIN secret', isCorrect: true },
        { questionId: multi!.id, slug: 'b', position: 2, content: 'Share your OTP', isCorrect: false },
        { questionId: multi!.id, slug: 'c', position: 3, content: 'Check your statement', isCorrect: true },
        { questionId: multi!.id, slug: 'd', position: 4, content: 'Click unknown links', isCorrect: false },
      ])
      .returning({ id: options.id, isCorrect: options.isCorrect });
    const split = (rows: { id: string; isCorrect: boolean }[]) => ({
      correct: rows.filter((r) => r.isCorrect).map((r) => r.id),
      wrong: rows.filter((r) => !r.isCorrect).map((r) => r.id),
    });
    quizFixtures.push({
      id: quiz!.id,
      passingCriteria,
      single: { id: single!.id, type: 'single', ...split(singleOptions) },
      multi: { id: multi!.id, type: 'multi', ...split(multiOptions) },
    });
  }
  return {
    courseId,
    slug,
    lang,
    chapterIds: [ch1!.id, ch2!.id],
    lessonIds: { chapter1: [lessonId('why-save'), lessonId('how-save')], chapter2: [lessonId('open-account')] },
    videoId: video!.id,
    quizzes: quizFixtures,
  };
}

/** Answers that get every question of a fixture quiz right. */
export function allRight(quiz: CourseFixture['quizzes'][number]) {
  return [
    { questionId: quiz.single.id, selectedOptions: quiz.single.correct },
    { questionId: quiz.multi.id, selectedOptions: quiz.multi.correct },
  ];
}
