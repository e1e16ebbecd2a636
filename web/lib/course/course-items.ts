// The learning items of a course in the order a learner meets them, and which are complete.
import type { ProgressRecord } from '../../../contract/progress';
import type { CourseView } from './course-views';
import type { LearningPaths } from '../learning-paths';

export type ItemKind = 'lesson' | 'video' | 'quiz' | 'journal' | 'summary';
export interface LearningItem {
  kind: ItemKind;
  id: string;
  title: string;
  path: string;
  done: boolean;
}

const ids = (list: string | undefined) => new Set((list ?? '').split(',').filter(Boolean));

export function completion(progress: ProgressRecord | null | undefined) {
  return {
    lessons: ids(progress?.lessonId),
    videos: ids(progress?.videoId),
    quizzes: ids(progress?.quizId),
    chapters: ids(progress?.chapterId),
  };
}

export function learningItems(
  course: CourseView,
  progress: ProgressRecord | null | undefined,
  paths: LearningPaths,
  conclusion: { journal: string; summary: string },
): LearningItem[] {
  const done = completion(progress);
  const lang = course.lang;
  const items: LearningItem[] = [];
  for (const chapter of course.chapters) {
    for (const lesson of chapter.lessons) {
      items.push({
        kind: 'lesson',
        id: `${chapter.id}::${lesson.id}`,
        title: lesson.title,
        path: paths.lesson(lang, course.id, chapter.id, lesson.id),
        done: done.lessons.has(`${chapter.id}::${lesson.id}`),
      });
    }
  }
  for (const video of course.videos) {
    items.push({
      kind: 'video',
      id: video.id,
      title: video.title,
      path: paths.video(lang, course.id, video.id),
      done: done.videos.has(video.id),
    });
  }
  for (const quiz of course.quizzes) {
    items.push({
      kind: 'quiz',
      id: quiz.id,
      title: quiz.title,
      path: paths.quiz(lang, course.id, quiz.id),
      done: done.quizzes.has(quiz.id),
    });
  }
  if (course.journal)
    items.push({
      kind: 'journal',
      id: 'journal',
      title: conclusion.journal,
      path: paths.courseJournal(lang, course.id),
      done: false,
    });
  if (course.summary)
    items.push({
      kind: 'summary',
      id: 'summary',
      title: conclusion.summary,
      path: paths.courseSummary(lang, course.id),
      done: false,
    });
  return items;
}

/**
 * Where Continue learning takes a learner: the first lesson, video or quiz not complete yet, in the
 * order they are met; once every one is complete, the first (to look through the course again).
 */
export function resumeItem(items: LearningItem[]): LearningItem | undefined {
  return (
    items.find((item) => (item.kind === 'lesson' || item.kind === 'video' || item.kind === 'quiz') && !item.done) ??
    items[0]
  );
}
