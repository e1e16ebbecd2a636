// The progress module's tables: a learner's enrolments, completed lessons and videos, quiz attempts.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns';
import { courses, lessons, courseVideos, quizzes } from './courses';
import { users } from './users';

export const enrolments = pgTable(
  'enrolments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('enrolments_user_course_key').on(t.userId, t.courseId),
    index('enrolments_user_created_idx').on(t.userId, t.createdAt),
    index('enrolments_course_idx').on(t.courseId),
    index('enrolments_created_brin').using('brin', t.createdAt),
  ],
);

// One row per finished lesson or watched video; exactly one of the two is set.
export const completions = pgTable(
  'completions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id').references(() => lessons.id, { onDelete: 'cascade' }),
    videoId: uuid('video_id').references(() => courseVideos.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('completions_user_lesson_key').on(t.userId, t.lessonId),
    uniqueIndex('completions_user_video_key').on(t.userId, t.videoId),
    index('completions_user_course_idx').on(t.userId, t.courseId),
    // The analytics' frequent refresh finds the enrolments that moved since the last one by time
    // (ADR 27): a block range index is a few pages and costs a write next to nothing, rows arriving
    // in time order.
    index('completions_created_brin').using('brin', t.createdAt),
    check('completions_one_target', sql`(${t.lessonId} is null) <> (${t.videoId} is null)`),
  ],
);

export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    score: integer('score').notNull(),
    passed: boolean('passed').notNull(),
    answers: jsonb('answers').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('quiz_attempts_user_course_idx').on(t.userId, t.courseId),
    index('quiz_attempts_user_quiz_idx').on(t.userId, t.quizId, t.passed),
    index('quiz_attempts_created_brin').using('brin', t.createdAt),
    check('quiz_attempts_score_range', sql`${t.score} between 0 and 100`),
  ],
);
