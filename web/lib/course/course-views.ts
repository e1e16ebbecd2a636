// The public course answers in one plain shape whatever the language (the wire keys carry it:
// course_hi, chapter_his, ...). Read by the course hooks (courses.ts here, features/learning's
// api/chapter-quiz.ts), and by the console's preview of a draft, which is given the same answers by
// its own call: pure functions, no data fetching here.
import type { CourseVideo, LessonFull, LessonOutline, QuizListing, CourseListItem } from '../../../contract/courses';
import type { LanguageCode } from '../../../contract/languages';
import type { ApiAnswer } from '../api-client';

// The answers as the API's document declares them: a key per language, each optional (an answer
// has the one of its language). The contract's CourseDetailResponse<LanguageCode> would ask for
// every language's keys at once.
type CourseAnswer = ApiAnswer<'/api/course/public/{lang}/{courseId}', 'get'>;
type ChapterAnswer = ApiAnswer<'/api/chapter/public/{lang}/{courseId}/chapters/{chapterId}', 'get'>;
type QuizAnswer = ApiAnswer<'/api/quiz/public/{lang}/{courseId}/quiz/{quizId}', 'get'>;

/** What the console's preview of a draft course gives these views: the newest version's public answers, and each quiz's key. */
export type CoursePreviewAnswer = Pick<
  ApiAnswer<'/api/staff/content/{id}/{lang}/preview', 'get'>,
  'course' | 'chapters' | 'quizzes'
>;

export interface ChapterView {
  id: string;
  title: string;
  order: number;
  lessons: LessonOutline[];
}

export interface CourseView extends CourseListItem {
  summary: string | null;
  journal: string | null;
  chapters: ChapterView[];
  quizzes: QuizListing[];
  videos: CourseVideo[];
}

export interface QuizView {
  id: string;
  title: string;
  passingCriteria: number;
  questions: Array<{
    id: string;
    content: string;
    type: 'single' | 'multi';
    options: Array<{ id: string; content: string }>;
  }>;
}

export interface ChapterContent {
  id: string;
  title: string;
  lessons: LessonFull[];
}

const key = <T>(data: unknown, name: string): T => (data as Record<string, T>)[name] as T;

export function toCourseView(data: CourseAnswer, lang: LanguageCode): CourseView {
  const course = key<Record<string, unknown> & CourseListItem>(data, `course_${lang}`);
  const chapters = (course[`chapter_${lang}s`] as Array<Record<string, unknown>> | undefined) ?? [];
  return {
    ...(course as CourseListItem),
    summary: (course.summary as string | null) ?? null,
    journal: (course.journal as string | null) ?? null,
    videos: (course.videos as CourseVideo[] | undefined) ?? [],
    quizzes: (course[`quiz_${lang}s`] as QuizListing[] | undefined) ?? [],
    chapters: chapters.map((c) => ({
      id: c.id as string,
      title: c.title as string,
      order: c.order as number,
      lessons: (c[`lesson_${lang}s`] as LessonOutline[] | undefined) ?? [],
    })),
  };
}

export function toChapterView(data: ChapterAnswer, lang: LanguageCode): ChapterContent {
  const chapter = key<Record<string, unknown>>(data, `chapter_${lang}`);
  return {
    id: chapter.id as string,
    title: chapter.title as string,
    lessons: (chapter[`lesson_${lang}s`] as LessonFull[] | undefined) ?? [],
  };
}

export function toQuizView(data: QuizAnswer, lang: LanguageCode): QuizView {
  const quiz = key<Record<string, unknown>>(data, `quiz_${lang}`);
  const questions = (quiz[`question_${lang}s`] as Array<Record<string, unknown>> | undefined) ?? [];
  return {
    id: quiz.id as string,
    title: quiz.title as string,
    passingCriteria: quiz.passingCriteria as number,
    questions: questions.map((q) => ({
      id: q.id as string,
      content: q.content as string,
      type: q.type as 'single' | 'multi',
      options: (q[`option_${lang}s`] as Array<{ id: string; content: string }> | undefined) ?? [],
    })),
  };
}
