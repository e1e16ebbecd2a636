// The sample course as the journeys meet it: which options of its quizzes are right, by position, from
// the content files the server imported (the browser never learns them), and its ids as published.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { baseUrl } from './helpers';

interface ContentQuiz {
  title: string;
  questions: Array<{ options: Array<{ correct?: boolean }> }>;
}

export function correctOptions(lang: string): Map<string, number[][]> {
  const file = path.resolve(import.meta.dirname, '../../sample-content/courses/money-basics', `${lang}.yaml`);
  const course = parse(fs.readFileSync(file, 'utf8')) as { quizzes: ContentQuiz[] };
  return new Map(
    course.quizzes.map((quiz) => [
      quiz.title,
      quiz.questions.map((q) => q.options.flatMap((o, i) => (o.correct ? [i] : []))),
    ]),
  );
}

/** A course as the public API gives it in one language: its chapters' lessons and its quizzes, by id. */
export interface PublishedCourse {
  id: string;
  title: string;
  chapters: Array<{ id: string; title: string; lessons: Array<{ id: string; title: string }> }>;
  quizzes: Array<{ id: string; title: string }>;
}

/**
 * A published course in a language, read from the public API as a visitor's page reads it: the
 * catalogue's first course (the sample course, on the journeys' servers) unless an id is given.
 */
export async function publishedCourse(lang: string, id?: string): Promise<PublishedCourse> {
  const json = async <T>(address: string) => (await (await fetch(`${baseUrl()}${address}`)).json()) as T;
  const courseId =
    id ?? (await json<{ courses: Array<{ id: string }> }>(`/api/course/public?lang=${lang}`)).courses[0]!.id;
  const detail = await json<Record<string, Record<string, unknown>>>(`/api/course/public/${lang}/${courseId}`);
  const course = detail[`course_${lang}`]!;
  return {
    id: courseId,
    title: course.title as string,
    chapters: (course[`chapter_${lang}s`] as Array<Record<string, unknown>>).map((chapter) => ({
      id: chapter.id as string,
      title: chapter.title as string,
      lessons: chapter[`lesson_${lang}s`] as Array<{ id: string; title: string }>,
    })),
    quizzes: course[`quiz_${lang}s`] as Array<{ id: string; title: string }>,
  };
}
