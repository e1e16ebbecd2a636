import { describe, expect, it } from 'vitest';
import type { CourseView } from './course-views';
import { learningItems, resumeItem } from './course-items';
import type { LearningPaths } from '../learning-paths';

const course = {
  id: 'c1',
  lang: 'en',
  chapters: [
    {
      id: 'ch1',
      lessons: [
        { id: 'l1', title: 'One' },
        { id: 'l2', title: 'Two' },
      ],
    },
    { id: 'ch2', lessons: [{ id: 'l3', title: 'Three' }] },
  ],
  videos: [{ id: 'v1', title: 'Film' }],
  quizzes: [{ id: 'q1', title: 'Check' }],
  journal: 'Write',
  summary: 'Sum',
} as unknown as CourseView;

// Only the paths the items link to; web/app gives the real ones.
const learningPaths = {
  lesson: (lang: string, c: string, ch: string, l: string) => `/courses/${lang}/${c}/chapter/${ch}/lesson/${l}`,
  video: (lang: string, c: string, v: string) => `/courses/${lang}/${c}/video/${v}`,
  quiz: (lang: string, c: string, q: string) => `/courses/${lang}/${c}/quiz/${q}`,
  courseJournal: (lang: string, c: string) => `/courses/${lang}/${c}/journal`,
  courseSummary: (lang: string, c: string) => `/courses/${lang}/${c}/summary`,
} as LearningPaths;

const resumeAt = (progress: { lessonId?: string; videoId?: string; quizId?: string } | null) =>
  resumeItem(learningItems(course, progress as never, learningPaths, { journal: 'Journal', summary: 'Summary' }))?.path;

describe('Continue learning', () => {
  it('starts a new learner at the first lesson', () => {
    expect(resumeAt({})).toBe('/courses/en/c1/chapter/ch1/lesson/l1');
  });

  it('takes a learner to the first lesson not complete yet, whichever they completed', () => {
    expect(resumeAt({ lessonId: 'ch1::l1' })).toBe('/courses/en/c1/chapter/ch1/lesson/l2');
    expect(resumeAt({ lessonId: 'ch1::l2,ch1::l1' })).toBe('/courses/en/c1/chapter/ch2/lesson/l3');
    expect(resumeAt({ lessonId: 'ch1::l2' })).toBe('/courses/en/c1/chapter/ch1/lesson/l1');
  });

  it('after the lessons, to the video and then the quiz not complete yet', () => {
    expect(resumeAt({ lessonId: 'ch1::l1,ch1::l2,ch2::l3' })).toBe('/courses/en/c1/video/v1');
    expect(resumeAt({ lessonId: 'ch1::l1,ch1::l2,ch2::l3', videoId: 'v1' })).toBe('/courses/en/c1/quiz/q1');
  });

  it('once everything is complete, back to the first lesson to look through the course again', () => {
    expect(resumeAt({ lessonId: 'ch1::l1,ch1::l2,ch2::l3', videoId: 'v1', quizId: 'q1' })).toBe(
      '/courses/en/c1/chapter/ch1/lesson/l1',
    );
  });
});
