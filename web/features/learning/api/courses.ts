// Course reads (specification section 7). The wire keys carry the language (course_hi,
// chapter_his, ...); these hooks hand the components one plain shape whatever the language.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  CounterpartQuery,
  CounterpartResponse,
  ChapterDetailResponse,
  CourseDetailResponse,
  CourseListResponse,
  CourseVideo,
  LessonFull,
  LessonOutline,
  PublicQuizResponse,
  QuizListing,
  CourseListItem,
} from '../../../../contract/courses';
import type { LanguageCode } from '../../../../contract/languages';
import { COURSE_PAGE_SIZE } from '../../../../contract/page-sizes';
import { api } from '../../../lib/api-client';
import { pageOffset } from '../../../lib/pagination';
import { learningKeys } from './keys';

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
  questions: Array<{ id: string; content: string; type: 'single' | 'multi'; options: Array<{ id: string; content: string }> }>;
}

const key = <T>(data: unknown, name: string): T => (data as Record<string, T>)[name] as T;

export function useCourses(lang: LanguageCode, page = 1) {
  return useQuery({
    queryKey: learningKeys.courses(lang, page),
    queryFn: ({ signal }) =>
      api.get<CourseListResponse>('/api/course/public', { offset: pageOffset(page, COURSE_PAGE_SIZE), limit: COURSE_PAGE_SIZE, lang }, signal),
    // The previous page stays while the next arrives; another language's courses never stand in.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === lang ? keepPreviousData(previous) : undefined),
  });
}

export const courseQuery = (lang: LanguageCode, courseId: string) =>
  queryOptions({
    queryKey: learningKeys.course(lang, courseId),
    queryFn: ({ signal }) => api.get<CourseDetailResponse<LanguageCode>>(`/api/course/public/${lang}/${encodeURIComponent(courseId)}`, undefined, signal),
  });

export const chapterQuery = (lang: LanguageCode, courseId: string, chapterId: string) =>
  queryOptions({
    queryKey: learningKeys.chapter(lang, courseId, chapterId),
    queryFn: ({ signal }) =>
      api.get<ChapterDetailResponse<LanguageCode>>(
        `/api/chapter/public/${lang}/${encodeURIComponent(courseId)}/chapters/${encodeURIComponent(chapterId)}`,
        undefined,
        signal,
      ),
  });

export const quizQuery = (lang: LanguageCode, courseId: string, quizId: string) =>
  queryOptions({
    queryKey: learningKeys.quiz(lang, courseId, quizId),
    queryFn: ({ signal }) =>
      api.get<PublicQuizResponse<LanguageCode>>(`/api/quiz/public/${lang}/${encodeURIComponent(courseId)}/quiz/${encodeURIComponent(quizId)}`, undefined, signal),
  });

export function useCourse(lang: LanguageCode, courseId: string) {
  return useQuery({
    ...courseQuery(lang, courseId),
    select: (data): CourseView => {
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
    },
  });
}

export function useChapter(lang: LanguageCode, courseId: string, chapterId: string) {
  return useQuery({
    ...chapterQuery(lang, courseId, chapterId),
    select: (data) => {
      const chapter = key<Record<string, unknown>>(data, `chapter_${lang}`);
      return {
        id: chapter.id as string,
        title: chapter.title as string,
        lessons: (chapter[`lesson_${lang}s`] as LessonFull[] | undefined) ?? [],
      };
    },
  });
}

export function useQuiz(lang: LanguageCode, courseId: string, quizId: string) {
  return useQuery({
    ...quizQuery(lang, courseId, quizId),
    select: (data): QuizView => {
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
    },
  });
}

/** The same course (and page) in another language; a 404 `courseNotInLanguage` when it has none. */
export function fetchCounterpart(lang: LanguageCode, courseId: string, to: LanguageCode, items: CounterpartQuery, signal?: AbortSignal) {
  const query = Object.fromEntries(Object.entries(items).filter(([, id]) => id));
  return api.get<CounterpartResponse>(`/api/course/public/${lang}/${encodeURIComponent(courseId)}/in/${to}`, query, signal);
}
