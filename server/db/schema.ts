// The whole data model. Content is normalised (one row per language version with a `lang` column);
// the wire shape with per-language keys (course_hi, chapter_his, ...) is produced by serializers.
// Enumerations are text columns with CHECK constraints rather than PostgreSQL enums, so a new value
// is a one-line migration and test databases need no schema-qualified types.
import { sql } from 'drizzle-orm';
import { MOBILE_DIGITS, OTP_PURPOSES } from '../../contract/auth-rules';
import { AGE_MAX, AGE_MIN, GENDERS, GUARDIAN_CONSENT_METHODS } from '../../contract/profile-options';
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
  bigint,
} from 'drizzle-orm/pg-core';
import { LANGUAGE_CODES } from '../../contract/languages';
import { STAFF_ROLES } from '../../contract/staff-roles';
import { MEDIA_ALT_MAX_LENGTH, UPLOAD_KINDS } from '../../contract/media-rules';
import { CONTENT_KINDS, CONTENT_OWNERS, CONTENT_STATUSES, VERSION_ORIGINS } from '../../contract/content-kinds';

const quotedList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));
const langList = quotedList(LANGUAGE_CODES);
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
    // The site's language the learner last signed in with (the language cookie), for the staff's
    // figures; null for an account made before it was kept.
    interfaceLang: text('interface_lang'),
    role: text('role').notNull().default('user'),
    active: boolean('active').notNull().default(true),
    // Until when the learner is a minor, from the youngest age they declared and when they declared
    // it (the latest their 18th birthday can fall). Set by the first age under 18, moved later only
    // by a lower one; clearing or raising the age leaves it (ADR 18).
    minorUntil: timestamp('minor_until', { withTimezone: true }),
    // A minor may learn only once a parent or guardian has agreed (DPDP Act 2023, s. 9) in a way
    // DPDP Rules 2025, rule 10 accepts: a one-time password sent to the guardian's own number.
    guardianConsentAt: timestamp('guardian_consent_at', { withTimezone: true }),
    // How that consent was verified; null for one recorded before verification, which does not count.
    guardianConsentMethod: text('guardian_consent_method'),
    // Who gave that consent and the number the code reached, kept as the record of it.
    guardianName: text('guardian_name'),
    guardianRelationship: text('guardian_relationship'),
    guardianMobile: text('guardian_mobile'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // When the account last signed in or used a session (written at sign-in and at most hourly
    // after): the retention job erases learners inactive for longer than the retention period.
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_mobile_key').on(t.mobile),
    index('users_role_last_active_idx').on(t.role, t.lastActiveAt),
    // Built from the contract's rules, so changing one there makes drizzle-kit write its migration.
    check('users_mobile_format', sql`${t.mobile} ~ ${sql.raw(`'^[0-9]{${MOBILE_DIGITS}}$'`)}`),
    check('users_role_known', sql`${t.role} in ('user', 'staff', 'admin')`),
    check(
      'users_gender_known',
      sql`${t.gender} is null or ${t.gender} in ${sql.raw(`(${GENDERS.map((g) => `'${g}'`).join(', ')})`)}`,
    ),
    check(
      'users_guardian_consent_method_known',
      sql`${t.guardianConsentMethod} is null or ${t.guardianConsentMethod} in ${sql.raw(`(${GUARDIAN_CONSENT_METHODS.map((m) => `'${m}'`).join(', ')})`)}`,
    ),
    check(
      'users_guardian_mobile_format',
      sql`${t.guardianMobile} is null or ${t.guardianMobile} ~ ${sql.raw(`'^[0-9]{${MOBILE_DIGITS}}$'`)}`,
    ),
    check('users_interface_lang_known', sql`${t.interfaceLang} is null or ${t.interfaceLang} in (${langList})`),
    check(
      'users_age_range',
      sql`${t.age} is null or (${t.age} between ${sql.raw(String(AGE_MIN))} and ${sql.raw(String(AGE_MAX))})`,
    ),
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
    // The staff side of a session, read and written only on staff routes (modules/staff): when it
    // confirmed the second factor, when it last made a staff request (the staff idle lifetime), and
    // when its staff use was ended (a role removed, the member deactivated, the second factor reset).
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
    staffSeenAt: timestamp('staff_seen_at', { withTimezone: true }),
    staffEndedAt: timestamp('staff_ended_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mobile: text('mobile').notNull(),
    // What the code is for: signing in with the number, or a guardian's consent given from it. A
    // code only ever serves its own purpose, so a consent code cannot sign in to the guardian's account.
    purpose: text('purpose').notNull().default('sign-in'),
    // For a consent code, the learner who asked for it: only they can use it, and it goes with their account.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
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
    index('otp_challenges_user_idx').on(t.userId),
    check(
      'otp_challenges_purpose_known',
      sql`${t.purpose} in ${sql.raw(`(${OTP_PURPOSES.map((p) => `'${p}'`).join(', ')})`)}`,
    ),
    check('otp_challenges_consent_has_user', sql`(${t.purpose} = 'guardian-consent') = (${t.userId} is not null)`),
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
    index('certificates_created_brin').using('brin', t.createdAt),
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

// Blogs, stories, gallery titles and banner items: one row per language version (ADR 19); the public
// calls answer English unless asked for another language.
export const blogs = pgTable(
  'blogs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    lang: text('lang').notNull().default('en'),
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
    uniqueIndex('blogs_slug_lang_key').on(t.slug, t.lang),
    index('blogs_lang_published_created_idx').on(t.lang, t.published, t.createdAt),
    check('blogs_lang_known', sql`${t.lang} in (${langList})`),
  ],
);

export const successStories = pgTable(
  'success_stories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    lang: text('lang').notNull().default('en'),
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
    uniqueIndex('success_stories_slug_lang_key').on(t.slug, t.lang),
    index('success_stories_lang_published_created_idx').on(t.lang, t.published, t.createdAt),
    check('success_stories_lang_known', sql`${t.lang} in (${langList})`),
  ],
);

export const mediaTitles = pgTable(
  'media_titles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    lang: text('lang').notNull().default('en'),
    title: text('title').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    uniqueIndex('media_titles_slug_lang_key').on(t.slug, t.lang),
    index('media_titles_lang_position_idx').on(t.lang, t.position),
    check('media_titles_lang_known', sql`${t.lang} in (${langList})`),
  ],
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
    lang: text('lang').notNull().default('en'),
    title: text('title').notNull(),
    subTitle: text('sub_title').notNull().default(''),
    location: text('location').notNull().default(''),
    position: integer('position').notNull(),
  },
  (t) => [
    uniqueIndex('banner_items_slug_lang_key').on(t.slug, t.lang),
    index('banner_items_lang_position_idx').on(t.lang, t.position),
    check('banner_items_lang_known', sql`${t.lang} in (${langList})`),
  ],
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

// ---------------------------------------------------------------- staff

const staffRoleList = sql.raw(STAFF_ROLES.map((role) => `'${role}'`).join(', '));

// A person who runs the platform: an account (users) that also holds staff roles. Learner pages and
// session-status never read this table, so a staff member is a learner like any other there.
export const staffMembers = pgTable(
  'staff_members',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    roles: text('roles').array().notNull(),
    // The languages a translator may edit; every language for the other roles.
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'staff_members_roles_known',
      sql`${t.roles} <@ array[${staffRoleList}]::text[] and cardinality(${t.roles}) > 0`,
    ),
    check('staff_members_languages_known', sql`${t.languages} <@ array[${langList}]::text[]`),
  ],
);

// A staff member's authenticator app (TOTP, RFC 6238). The shared secret is stored encrypted
// (AES-256-GCM, modules/staff/second-factor-crypto.ts); it counts once confirmed with a first code.
// lastStep is the time step of the last code accepted, so a code is never accepted twice; the
// failure count and its window limit wrong codes per member.
export const staffSecondFactors = pgTable('staff_second_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretCiphertext: text('secret_ciphertext').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  failuresSince: timestamp('failures_since', { withTimezone: true }),
  createdAt: createdAt(),
});

// One-time recovery codes of a confirmed second factor, stored only as keyed hashes; a used code is
// spent. Deleted with the second factor.
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => staffSecondFactors.userId, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_recovery_codes_user_hash_key').on(t.userId, t.codeHash)],
);

// Every staff write, recorded in the transaction of the write itself: who, from where, what, and the
// change. Append-only: a trigger (migration) refuses UPDATE and DELETE, and no route changes a row.
// The actor is kept by id and name without a foreign key, so the record outlives the account.
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull(),
    address: text('address'),
    action: text('action').notNull(),
    entityKind: text('entity_kind').notNull(),
    entityId: text('entity_id').notNull(),
    lang: text('lang'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
    index('audit_log_entity_idx').on(t.entityKind, t.entityId, t.at),
  ],
);

// ---------------------------------------------------------------- analytics

// When the analytics' views and tables (migrations 0012 and 0014, ADR 27) were last refreshed, how
// long it took, and when they were last recomputed whole (the frequent refreshes recompute only the
// recent days of the largest ones): one row. Every instance reads it to tell whether a refresh is
// due; the one that takes the lock refreshes.
export const analyticsRefreshes = pgTable(
  'analytics_refreshes',
  {
    id: integer('id').primaryKey().default(1),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
    tookMs: integer('took_ms').notNull(),
    wholeAt: timestamp('whole_at', { withTimezone: true }),
  },
  (t) => [check('analytics_refreshes_one_row', sql`${t.id} = 1`)],
);

// ---------------------------------------------------------------- the media library

const uploadKindList = sql.raw(UPLOAD_KINDS.map((kind) => `'${kind}'`).join(', '));

/** One stored file as the media library keeps it (modules/uploads/media-library/). */
export interface MediaVariantRecord {
  /** The storage key (`by-hash/ab/ab....webp`); the address is the store's publicPath of it. */
  key: string;
  contentType: string;
  bytes: number;
  width?: number;
  height?: number;
}

// A file staff uploaded, once per file as uploaded (sha256): the same bytes uploaded again are this
// row. What is stored are the variants (a photo's WebP copies, or the one cleaned or kept file),
// named by their own hash; two rows may share a variant (the same picture as PNG and as JPEG), so a
// variant leaves the store only when no row names it any more.
export const mediaFiles = pgTable(
  'media_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    // What the bytes were (jpeg, pdf, webm...), whatever the name said.
    format: text('format').notNull(),
    sha256: text('sha256').notNull(),
    originalName: text('original_name').notNull(),
    // The file as uploaded; each variant has its own size.
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    durationMs: integer('duration_ms'),
    variants: jsonb('variants').$type<MediaVariantRecord[]>().notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('media_files_sha256_key').on(t.sha256),
    index('media_files_kind_uploaded_idx').on(t.kind, t.uploadedAt),
    index('media_files_uploaded_idx').on(t.uploadedAt),
    check('media_files_kind_known', sql`${t.kind} in (${uploadKindList})`),
    check(
      'media_files_has_variant',
      sql`jsonb_typeof(${t.variants}) = 'array' and jsonb_array_length(${t.variants}) > 0`,
    ),
  ],
);

// A file's text alternative in one language (what a screen reader says for a picture).
export const mediaAltTexts = pgTable(
  'media_alt_texts',
  {
    fileId: uuid('file_id')
      .notNull()
      .references(() => mediaFiles.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    text: text('text').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.fileId, t.lang] }),
    check('media_alt_texts_lang_known', sql`${t.lang} in (${langList})`),
    check('media_alt_texts_length', sql`char_length(${t.text}) between 1 and ${sql.raw(String(MEDIA_ALT_MAX_LENGTH))}`),
  ],
);

// ---------------------------------------------------------------- authoring (ADR 19)

// One piece of content staff write, across its languages: a course, a blog post, a success story, a
// gallery title or a banner item. What learners see is projected from a language's published
// version into the public tables above; these tables are the staff's.
export const contentItems = pgTable(
  'content_items',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').notNull(),
    slug: text('slug').notNull(),
    // The language translations are made from.
    sourceLang: text('source_lang').notNull().default('en'),
    // What the public rows' ids are derived from (lib/stable-id.ts): the slug for imported content,
    // so its ids stay those the import always gave; the item's id for content staff create.
    idSeed: text('id_seed').notNull(),
    // 'import' until the first staff write; from then on the import leaves the item alone.
    owner: text('owner').notNull(),
    createdAt: createdAt(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: uuid('deleted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('content_items_kind_slug_key').on(t.kind, t.slug),
    uniqueIndex('content_items_id_seed_key').on(t.kind, t.idSeed),
    check('content_items_kind_known', sql`${t.kind} in (${quotedList(CONTENT_KINDS)})`),
    check('content_items_owner_known', sql`${t.owner} in (${quotedList(CONTENT_OWNERS)})`),
    check('content_items_source_lang_known', sql`${t.sourceLang} in (${langList})`),
  ],
);

// Every saved state of one language of an item, numbered from 1. A version is never changed.
export const contentVersions = pgTable(
  'content_versions',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => contentItems.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    number: integer('number').notNull(),
    // The whole document of the language, rich text already sanitised (contract/authoring.ts).
    body: jsonb('body').notNull(),
    // A short hash of every text field, by field path: what a translation's stale marks compare.
    textHashes: jsonb('text_hashes').notNull(),
    // A translation's fields: the source version and text hash each was translated from.
    sourceRefs: jsonb('source_refs'),
    origin: text('origin').notNull(),
    restoredFrom: integer('restored_from'),
    // Null for the import.
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.lang, t.number] }),
    check('content_versions_lang_known', sql`${t.lang} in (${langList})`),
    check('content_versions_origin_known', sql`${t.origin} in (${quotedList(VERSION_ORIGINS)})`),
    check('content_versions_number_positive', sql`${t.number} > 0`),
  ],
);

// Where each language of an item stands: its newest version, the one learners see, and a scheduled
// publication.
export const contentStates = pgTable(
  'content_states',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => contentItems.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    headVersion: integer('head_version').notNull(),
    status: text('status').notNull(),
    publishedVersion: integer('published_version'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    scheduledVersion: integer('scheduled_version'),
    publishAt: timestamp('publish_at', { withTimezone: true }),
    scheduledBy: uuid('scheduled_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.lang] }),
    // The scheduler's claim: due rows only, oldest first.
    index('content_states_publish_at_idx')
      .on(t.publishAt)
      .where(sql`${t.publishAt} is not null`),
    check('content_states_lang_known', sql`${t.lang} in (${langList})`),
    check('content_states_status_known', sql`${t.status} in (${quotedList(CONTENT_STATUSES)})`),
    check('content_states_schedule_whole', sql`(${t.publishAt} is null) = (${t.scheduledVersion} is null)`),
  ],
);
