// A course as the editor holds it while someone writes (document-draft.ts: an editor's id on every
// chapter, lesson, video, quiz, question and option, keys kept as they came), with the course's own
// rules: the quiz questions a save refuses, new empty elements, a lesson moved to another chapter.
import type { CourseDocument } from '../../../../../contract/authoring';
import { questionProblems, type QuestionProblem } from '../../../../../contract/document-fields';
import {
  adoptKeys as adoptKeys_,
  documentOf,
  draftOf,
  moveItem,
  newUid,
  updateWhere,
  type Uid,
} from '../../../../staff-shared/components/document-editor/document-draft';

export { moveItem, updateWhere };

export type Lesson = CourseDocument['chapters'][number]['lessons'][number];
export type Chapter = CourseDocument['chapters'][number];
export type Video = CourseDocument['videos'][number];
export type Quiz = CourseDocument['quizzes'][number];
export type Question = Quiz['questions'][number];
export type Option = Question['options'][number];

export type DraftLesson = Lesson & Uid;
export type DraftChapter = Omit<Chapter, 'lessons'> & Uid & { lessons: DraftLesson[] };
export type DraftVideo = Video & Uid;
export type DraftOption = Option & Uid;
export type DraftQuestion = Omit<Question, 'options'> & Uid & { options: DraftOption[] };
export type DraftQuiz = Omit<Quiz, 'questions'> & Uid & { questions: DraftQuestion[] };
export type CourseDraft = Omit<CourseDocument, 'chapters' | 'videos' | 'quizzes'> & {
  chapters: DraftChapter[];
  videos: DraftVideo[];
  quizzes: DraftQuiz[];
};

/** The course as the editor holds it (document-draft.ts). */
export const fromDocument = (doc: CourseDocument): CourseDraft => draftOf<CourseDraft>('course', doc);

/** The document to send. */
export const toDocument = (draft: CourseDraft): CourseDocument => documentOf<CourseDocument>('course', draft);

/** The draft with the keys the server gave to the new elements of a save. */
export const adoptKeys = (draft: CourseDraft, sent: CourseDraft, saved: CourseDocument): CourseDraft =>
  adoptKeys_('course', draft, sent, saved);

/** Each question whose options the save refuses, by the question's uid, with what is wrong. */
export function quizProblems(draft: CourseDraft): Map<string, QuestionProblem[]> {
  const out = new Map<string, QuestionProblem[]>();
  for (const quiz of draft.quizzes) {
    for (const question of quiz.questions) {
      // A question being written may have fewer than two options yet: publishing checks that.
      const problems = questionProblems(question).filter((problem) => problem !== 'tooFewOptions');
      if (problems.length > 0) out.set(question.uid, problems);
    }
  }
  return out;
}

// New elements: empty, without a key (the server gives one at the save).
export const newLesson = (): DraftLesson => ({ uid: newUid(), title: '', duration: 0, content: '' });
export const newChapter = (): DraftChapter => ({ uid: newUid(), title: '', lessons: [newLesson()] });
export const newVideo = (): DraftVideo => ({
  uid: newUid(),
  title: '',
  description: null,
  video: null,
  poster: null,
  duration: 0,
});
export const newOption = (): DraftOption => ({ uid: newUid(), content: '', correct: false });
export const newQuestion = (): DraftQuestion => ({
  uid: newUid(),
  type: 'single',
  content: '',
  explanation: null,
  options: [newOption(), newOption()],
});
export const newQuiz = (): DraftQuiz => ({ uid: newUid(), title: '', passingCriteria: 50, questions: [newQuestion()] });

/** The lesson taken out of its chapter and put at the end of another. */
export function moveLessonTo(draft: CourseDraft, lessonUid: string, chapterUid: string): CourseDraft {
  const lesson = draft.chapters.flatMap((chapter) => chapter.lessons).find((l) => l.uid === lessonUid);
  if (!lesson) return draft;
  return {
    ...draft,
    chapters: draft.chapters.map((chapter) => {
      const without = chapter.lessons.filter((l) => l.uid !== lessonUid);
      return { ...chapter, lessons: chapter.uid === chapterUid ? [...without, lesson] : without };
    }),
  };
}
