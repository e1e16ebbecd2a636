// The whole data model. Content is normalised (one row per language version with a `lang` column);
// the wire shape with per-language keys (course_hi, chapter_his, ...) is produced by serializers.
// Enumerations are text columns with CHECK constraints rather than PostgreSQL enums, so a new value
// is a one-line migration and test databases need no schema-qualified types.
import { sql } from 'drizzle-orm';
import { MOBILE_DIGITS } from '../../contract/auth-rules';
import { AGE_MAX, AGE_MIN, GENDERS } from '../../contract/profile-options';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { LANGUAGE_CODES } from '../../contract/languages';

const langList = sql.raw(LANGUAGE_CODES.map((code) => `'${code}'`).join(', '));
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------- people and sign-in

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mobile: text('mobile').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    age: integer('age'),
    gender: text('gender'),
    qualification: text('qualification'),
    role: text('role').notNull().default('user'),
    active: boolean('active').notNull().default(true),
    // A learner under 18 may learn only once a parent or guardian has agreed (DPDP Act 2023, s. 9).
    guardianConsentAt: timestamp('guardian_consent_at', { withTimezone: true }),
    // Who gave that consent, kept as the record of it.
    guardianName: text('guardian_name'),
    guardianRelationship: text('guardian_relationship'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_mobile_key').on(t.mobile),
    // Built from the contract's rules, so changing one there makes drizzle-kit write its migration.
    check('users_mobile_format', sql`${t.mobile} ~ ${sql.raw(`'^[0-9]{${MOBILE_DIGITS}}$'`)}`),
    check('users_role_known', sql`${t.role} in ('user', 'staff', 'admin')`),
    check('users_gender_known', sql`${t.gender} is null or ${t.gender} in ${sql.raw(`(${GENDERS.map((g) => `'${g}'`).join(', ')})`)}`),
    check('users_age_range', sql`${t.age} is null or (${t.age} between ${sql.raw(String(AGE_MIN))} and ${sql.raw(String(AGE_MAX))})`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // SHA-256 of the cookie token; the token itself is never stored.
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mobile: text('mobile').notNull(),
    // HMAC-SHA-256 of the code, keyed by the server secret and bound to the mobile number.
    codeHash: text('code_hash').notNull(),
    clientIp: text('client_ip').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('otp_challenges_mobile_idx').on(t.mobile, t.createdAt),
    index('otp_challenges_ip_idx').on(t.clientIp, t.createdAt),
  ],
);

// ---------------------------------------------------------------- courses

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

// ---------------------------------------------------------------- a learner's progress

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
    check('quiz_attempts_score_range', sql`${t.score} between 0 and 100`),
  ],
);

export const journalEntries = pgTable(
  'journal_entries',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] })],
);

export const courseRatings = pgTable(
  'course_ratings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.courseId] }),
    index('course_ratings_course_idx').on(t.courseId),
    check('course_ratings_range', sql`${t.rating} between 1 and 5`),
  ],
);

// One certificate per learner and language: issued once every published course of that language
// is complete, and reissued with the same number on every later request.
export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    // What the certificate says, frozen at issue so verification answers what was printed.
    learnerName: text('learner_name').notNull(),
    courseTitle: text('course_title').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
    // Set when the certificate was reissued under the same number after the learner corrected
    // their name (ADR 20): the date of that correction, printed on it and shown by verification.
    reissuedAt: timestamp('reissued_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('certificates_number_key').on(t.number),
    uniqueIndex('certificates_user_lang_key').on(t.userId, t.lang),
    check('certificates_lang_known', sql`${t.lang} in (${langList})`),
  ],
);

/**
 * The names a certificate was issued in before a correction (ADR 20): kept for the programme to
 * look into a certificate whose name changed, never shown publicly; part of the learner's data
 * copy, and deleted with the certificate.
 */
export const certificateNameCorrections = pgTable(
  'certificate_name_corrections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    certificateId: uuid('certificate_id')
      .notNull()
      .references(() => certificates.id, { onDelete: 'cascade' }),
    previousName: text('previous_name').notNull(),
    correctedAt: timestamp('corrected_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('certificate_name_corrections_certificate_idx').on(t.certificateId, t.correctedAt)],
);

// ---------------------------------------------------------------- public content

export const blogs = pgTable(
  'blogs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(), // sanitised HTML
    image: text('image').notNull(),
    imageAlt: text('image_alt').notNull().default(''),
    author: text('author').notNull(),
    readTime: integer('read_time').notNull().default(1), // minutes
    published: boolean('published').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('blogs_slug_key').on(t.slug),
    index('blogs_published_created_idx').on(t.published, t.createdAt),
  ],
);

export const successStories = pgTable(
  'success_stories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    authorName: text('author_name').notNull(),
    image: text('image').notNull(),
    imageAlt: text('image_alt').notNull().default(''),
    description: text('description').notNull(), // sanitised HTML
    isHighlighted: boolean('is_highlighted').notNull().default(false),
    published: boolean('published').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('success_stories_slug_key').on(t.slug),
    index('success_stories_published_created_idx').on(t.published, t.createdAt),
  ],
);

export const mediaTitles = pgTable(
  'media_titles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [uniqueIndex('media_titles_slug_key').on(t.slug), index('media_titles_position_idx').on(t.position)],
);

export const mediaImages = pgTable(
  'media_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    titleId: uuid('title_id')
      .notNull()
      .references(() => mediaTitles.id, { onDelete: 'cascade' }),
    image: text('image').notNull(),
    alt: text('alt').notNull().default(''),
    position: integer('position').notNull(),
  },
  (t) => [index('media_images_title_position_idx').on(t.titleId, t.position)],
);

export const bannerItems = pgTable(
  'banner_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    subTitle: text('sub_title').notNull().default(''),
    location: text('location').notNull().default(''),
    position: integer('position').notNull(),
  },
  (t) => [uniqueIndex('banner_items_slug_key').on(t.slug), index('banner_items_position_idx').on(t.position)],
);

export const bannerImages = pgTable(
  'banner_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bannerId: uuid('banner_id')
      .notNull()
      .references(() => bannerItems.id, { onDelete: 'cascade' }),
    image: text('image').notNull(),
    alt: text('alt').notNull().default(''),
    position: integer('position').notNull(),
  },
  (t) => [index('banner_images_banner_position_idx').on(t.bannerId, t.position)],
);
