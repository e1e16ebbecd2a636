// The courses module's tables: the course read model, one row per course language with its
// chapters, lessons, videos, quizzes, questions and options, projected from a published version of
// a course (modules/courses/read-model.ts). Quizzes and progress read them. Content is normalised
// (a row per language with a `lang` column); the wire shape with per-language keys (course_hi,
// chapter_his, ...) is produced by serializers.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { langList, createdAt, updatedAt } from '../columns';

export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The same slug in every language marks the translations of one course.
    slug: text('slug').notNull(),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(), // sanitised HTML
    image: text('image').notNull(),
    document: text('document'),
    duration: integer('duration').notNull().default(0), // minutes
    summary: text('summary'), // sanitised HTML
    journal: text('journal'), // sanitised HTML: the reflection prompt
    published: boolean('published').notNull().default(true),
    // Kept in step with course_ratings in the same transaction, so lists never aggregate ratings.
    ratingCount: integer('rating_count').notNull().default(0),
    ratingTotal: integer('rating_total').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('courses_slug_lang_key').on(t.slug, t.lang),
    index('courses_lang_published_idx').on(t.lang, t.published, t.createdAt),
    check('courses_lang_known', sql`${t.lang} in (${langList})`),
  ],
);

export const chapters = pgTable(
  'chapters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    uniqueIndex('chapters_course_slug_key').on(t.courseId, t.slug),
    index('chapters_course_position_idx').on(t.courseId, t.position),
  ],
);

export const lessons = pgTable(
  'lessons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chapterId: uuid('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    // Denormalised so course-level counts and progress need no join through chapters.
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    position: integer('position').notNull(),
    duration: integer('duration').notNull().default(0), // minutes
    content: text('content').notNull(), // sanitised HTML
  },
  (t) => [
    uniqueIndex('lessons_chapter_slug_key').on(t.chapterId, t.slug),
    index('lessons_chapter_position_idx').on(t.chapterId, t.position),
    index('lessons_course_idx').on(t.courseId),
  ],
);

export const courseVideos = pgTable(
  'course_videos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    position: integer('position').notNull(),
    // A stored file's relative path (e.g. uploads/videos/x.webm).
    video: text('video').notNull(),
    poster: text('poster'),
    duration: integer('duration').notNull().default(0), // seconds
  },
  (t) => [
    uniqueIndex('course_videos_course_slug_key').on(t.courseId, t.slug),
    index('course_videos_course_position_idx').on(t.courseId, t.position),
  ],
);

export const quizzes = pgTable(
  'quizzes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    position: integer('position').notNull(),
    // Pass mark as a percentage of questions answered correctly.
    passingCriteria: integer('passing_criteria').notNull().default(60),
  },
  (t) => [
    uniqueIndex('quizzes_course_slug_key').on(t.courseId, t.slug),
    index('quizzes_course_position_idx').on(t.courseId, t.position),
    check('quizzes_passing_range', sql`${t.passingCriteria} between 0 and 100`),
  ],
);

export const questions = pgTable(
  'questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    position: integer('position').notNull(),
    content: text('content').notNull(),
    type: text('type').notNull(),
    // Why the right answer is right, shown with the result once the quiz is submitted; plain text.
    explanation: text('explanation'),
  },
  (t) => [
    uniqueIndex('questions_quiz_slug_key').on(t.quizId, t.slug),
    index('questions_quiz_position_idx').on(t.quizId, t.position),
    check('questions_type_known', sql`${t.type} in ('single', 'multi')`),
  ],
);

export const options = pgTable(
  'options',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    position: integer('position').notNull(),
    content: text('content').notNull(),
    // Never serialised to a client: scoring happens on the server.
    isCorrect: boolean('is_correct').notNull().default(false),
  },
  (t) => [
    uniqueIndex('options_question_slug_key').on(t.questionId, t.slug),
    index('options_question_position_idx').on(t.questionId, t.position),
  ],
);
