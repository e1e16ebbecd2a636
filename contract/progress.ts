// Wire shapes of a learner's progress calls (enrol, progress record, completions, quiz submission,
// lists, stats, journal).
import { Type, type Static } from '@sinclair/typebox';
import { Uuid } from './ids';
import { CourseListItem } from './courses';
import { JOURNAL_MAX_LENGTH } from './learning-rules';
import { MessageResponse } from './message-responses';
import { PROGRESS_PAGE_SIZE } from './page-sizes';
import { pageQuery } from './page-query';

export const ProgressRecord = Type.Object({
  lessonId: Type.String({ description: 'Completed lessons, comma-separated, each written chapterId::lessonId' }),
  videoId: Type.String({ description: 'Watched videos, comma-separated ids' }),
  quizId: Type.String({ description: 'Passed quizzes, comma-separated ids' }),
  chapterId: Type.String({ description: 'Chapters whose lessons are all complete, comma-separated ids' }),
  percentage: Type.Number({ description: '(lessons + videos + passed quizzes done) / all of them x 100, one decimal' }),
  completed: Type.Boolean(),
});
export type ProgressRecord = Static<typeof ProgressRecord>;
export const ProgressRecordResponse = Type.Object({ progress: ProgressRecord });
export type ProgressRecordResponse = Static<typeof ProgressRecordResponse>;

export const CourseStatus = Type.Unsafe<'completed' | 'in-progress' | 'not-started'>({
  type: 'string',
  enum: ['completed', 'in-progress', 'not-started'],
});
export type CourseStatus = Static<typeof CourseStatus>;

export const ProgressListItem = Type.Composite([
  CourseListItem,
  Type.Object({
    percentage: Type.Number(),
    status: CourseStatus,
    enrolledAt: Type.String({ format: 'date-time' }),
  }),
]);
export type ProgressListItem = Static<typeof ProgressListItem>;

export const ProgressListQuery = pageQuery(PROGRESS_PAGE_SIZE);
export const ProgressListResponse = Type.Object({
  courses: Type.Array(ProgressListItem, {
    description: "The learner's enrolled courses in the language, newest enrolment first",
  }),
  total: Type.Integer(),
});
export type ProgressListResponse = Static<typeof ProgressListResponse>;

export const StatsResponse = Type.Object({
  courses: Type.Array(Type.Object({ id: Uuid, title: Type.String(), status: CourseStatus, percentage: Type.Number() })),
  total: Type.Integer({ description: 'Number of enrolled courses in the language' }),
});
export type StatsResponse = Static<typeof StatsResponse>;

export const QuizSubmission = Type.Object({
  answers: Type.Array(
    Type.Object({
      questionId: Uuid,
      selectedOptions: Type.Array(Uuid, { maxItems: 20 }),
    }),
    { maxItems: 200 },
  ),
});
export type QuizSubmission = Static<typeof QuizSubmission>;

export const QuizResult = Type.Object({
  score: Type.Integer({ description: 'Percentage of questions answered right' }),
  message: Type.String({ description: 'Pass or fail, and what to do next' }),
  passed: Type.Boolean(),
  passingCriteria: Type.Integer(),
  correctCount: Type.Integer(),
  questionCount: Type.Integer(),
  review: Type.Array(
    Type.Object({
      questionId: Uuid,
      correct: Type.Boolean({ description: 'Whether the learner chose exactly the correct options' }),
      correctOptions: Type.Array(Uuid, { description: 'The correct options, given only after submission' }),
      explanation: Type.Optional(Type.String({ description: 'Why, when the course explains it (plain text)' })),
    }),
    { description: 'Every question of the quiz in order, after submission' },
  ),
});
export type QuizResult = Static<typeof QuizResult>;

export const JournalBody = Type.Object({ text: Type.String({ maxLength: JOURNAL_MAX_LENGTH }) });
export const JournalResponse = Type.Object({
  journal: Type.Object({
    text: Type.String({ description: "The learner's own reflection, plain text; empty when nothing is saved" }),
    updatedAt: Type.Unsafe<string | null>({ type: ['string', 'null'], format: 'date-time' }),
  }),
});
export type JournalResponse = Static<typeof JournalResponse>;
export const JournalSaved = Type.Composite([MessageResponse, JournalResponse]);
export type JournalSaved = Static<typeof JournalSaved>;
