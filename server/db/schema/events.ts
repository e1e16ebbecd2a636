// The events module's tables (ADR 40): events with their texts per language, the question pool,
// entries (one per verified mobile number per event, by a unique constraint), their answers and a
// minor's guardian consent for an entry.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { MOBILE_DIGITS } from '../../../contract/auth-rules';
import { CONTENT_STATUSES } from '../../../contract/content-kinds';
import { ENTRY_STATES, EVENT_QUESTION_TYPES, EVENT_STATES } from '../../../contract/event-rules';
import type { EventLanguageText } from '../../../contract/events';
import { GUARDIAN_CONSENT_METHODS, GUARDIAN_RELATIONSHIPS } from '../../../contract/profile-options';
import { createdAt, langList, quotedList, updatedAt } from '../columns';
import { users } from './users';

export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The address of its public page and the sample content's name for it.
    key: text('key').notNull(),
    // The days and the daily hours, all in IST (contract/event-rules.ts); closing may be 24:00.
    firstDay: date('first_day', { mode: 'string' }).notNull(),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
    opensAt: time('opens_at').notNull(),
    closesAt: time('closes_at').notNull(),
    timeLimitSeconds: integer('time_limit_seconds').notNull(),
    questionsPerEntry: integer('questions_per_entry').notNull(),
    minorsAllowed: boolean('minors_allowed').notNull().default(true),
    state: text('state').notNull().default('draft'),
    // The terms' version a guardian agrees to (their date), kept with each consent.
    termsVersion: text('terms_version').notNull(),
    // After results are published, how long the leaderboard stays provisional (disqualifications
    // may still change it); the terms state it.
    reviewHours: integer('review_hours').notNull().default(48),
    resultsPublishedAt: timestamp('results_published_at', { withTimezone: true }),
    // Made by the sample content's import (sample) or the local demo (demo); null when staff made it.
    seed: text('seed'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('events_key_key').on(t.key),
    check('events_state_known', sql`${t.state} in (${quotedList(EVENT_STATES)})`),
    check('events_days_order', sql`${t.firstDay} <= ${t.lastDay}`),
    check('events_hours_order', sql`${t.opensAt} < ${t.closesAt}`),
    check(
      'events_limits_positive',
      sql`${t.timeLimitSeconds} > 0 and ${t.questionsPerEntry} > 0 and ${t.reviewHours} >= 0`,
    ),
    check('events_seed_known', sql`${t.seed} is null or ${t.seed} in ('sample', 'demo')`),
  ],
);

/** An event's name and terms in one language, one row per language as the public content is stored. */
export const eventTexts = pgTable(
  'event_texts',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    name: text('name').notNull(),
    terms: text('terms').notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.lang] }),
    check('event_texts_lang_known', sql`${t.lang} in (${langList})`),
  ],
);

/**
 * Where a translation of an event stands (ADR 45), one row per language other than English (the
 * source), as content_states holds it for authored content: `draft` while written, `in_review` once
 * a translator submits it, `published` once an editor or admin publishes it. What entrants read is
 * event_texts and event_question_texts, which only publishing (or an editor's own form) writes; the
 * text written since, not yet published, is `draft`: the whole language (name, terms, each
 * question's text, options and explanation by question id), null when nothing is waiting.
 * `source_hashes` holds, per field of the language's newest text (`name`, `terms`,
 * `questions.<id>.content`, `questions.<id>.options.<i>`, `questions.<id>.explanation`), the md5 of
 * the English it was translated from: a field whose English now hashes otherwise is stale.
 */
export const eventTranslations = pgTable(
  'event_translations',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    status: text('status').notNull(),
    draft: jsonb('draft').$type<EventLanguageText>(),
    sourceHashes: jsonb('source_hashes').$type<Record<string, string>>().notNull().default({}),
    updatedAt: updatedAt(),
    // Who last saved the draft, and who submitted and published it (a person's account; null once erased).
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    submittedBy: uuid('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    publishedBy: uuid('published_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.lang] }),
    check('event_translations_lang_known', sql`${t.lang} in (${langList}) and ${t.lang} <> 'en'`),
    check('event_translations_status_known', sql`${t.status} in (${quotedList(CONTENT_STATUSES)})`),
  ],
);

/**
 * A question of an event's pool: its type and the indices of its right options (never sent to an
 * entrant before results are published). Its text and options are per language in event_question_texts.
 */
export const eventQuestions = pgTable(
  'event_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    type: text('type').notNull(),
    optionCount: smallint('option_count').notNull(),
    correct: smallint('correct').array().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('event_questions_event_idx').on(t.eventId, t.position),
    check('event_questions_type_known', sql`${t.type} in (${quotedList(EVENT_QUESTION_TYPES)})`),
    check('event_questions_has_correct', sql`cardinality(${t.correct}) >= 1`),
    check('event_questions_single_one', sql`${t.type} <> 'single' or cardinality(${t.correct}) = 1`),
  ],
);

/** A question's text, options (in the pool's order) and explanation in one language. */
export const eventQuestionTexts = pgTable(
  'event_question_texts',
  {
    questionId: uuid('question_id')
      .notNull()
      .references(() => eventQuestions.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    content: text('content').notNull(),
    options: text('options').array().notNull(),
    explanation: text('explanation').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.questionId, t.lang] }),
    check('event_question_texts_lang_known', sql`${t.lang} in (${langList})`),
  ],
);

/**
 * An entry. `mobile_key` is a keyed hash of the verified mobile number it was made with, and the
 * unique constraint on (event, mobile_key) is the rule of one entry per person: fifty starts at once
 * make one row. A withdrawn entry keeps only that key and its state, so the number cannot enter again.
 */
export const eventEntries = pgTable(
  'event_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The number that names an entry to its entrant and to the staff (never the mobile number).
    number: bigint('number', { mode: 'number' }).generatedAlwaysAsIdentity(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    mobileKey: text('mobile_key').notNull(),
    lang: text('lang').notNull(),
    state: text('state').notNull(),
    // Why the staff disqualified it, or why the server closed it.
    stateReason: text('state_reason'),
    // Whether the entrant is a minor (declared at the start, or by the profile): consent is needed.
    minor: boolean('minor').notNull().default(false),
    // The draw: the questions in the order served, each one's options in the order served (indices
    // into the pool's options). Null once withdrawn.
    questionIds: uuid('question_ids').array(),
    optionOrders: jsonb('option_orders').$type<number[][]>(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    deadline: timestamp('deadline', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    // The result, written when the results are published (and again at a disqualification during the
    // review period): right answers that counted, the time the server measured, the rank (null: not ranked).
    correct: integer('correct'),
    timeMs: integer('time_ms'),
    rank: integer('rank'),
    // Further starts refused for this number: the staff's flag for several entries attempted.
    refusedStarts: integer('refused_starts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('event_entries_one_per_number').on(t.eventId, t.mobileKey),
    index('event_entries_user_idx').on(t.userId),
    index('event_entries_open_deadline_idx')
      .on(t.deadline)
      .where(sql`${t.state} = 'open'`),
    index('event_entries_event_state_idx').on(t.eventId, t.state),
    index('event_entries_event_rank_idx')
      .on(t.eventId, t.rank)
      .where(sql`${t.rank} is not null`),
    check('event_entries_state_known', sql`${t.state} in (${quotedList(ENTRY_STATES)})`),
    check('event_entries_lang_known', sql`${t.lang} in (${langList})`),
    check('event_entries_started_has_deadline', sql`(${t.startedAt} is null) = (${t.deadline} is null)`),
  ],
);

/**
 * An answer to a question of an entry, with when the server received it. At most one that counts
 * and one late per question: a change before the deadline replaces the one that counts, and an
 * answer after the deadline and its grace is kept as late, never replacing it.
 */
export const eventAnswers = pgTable(
  'event_answers',
  {
    entryId: uuid('entry_id')
      .notNull()
      .references(() => eventEntries.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id').notNull(),
    late: boolean('late').notNull(),
    selected: smallint('selected').array().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.questionId, t.late] })],
);

/**
 * A guardian's consent to a minor's entry (DPDP Act s. 9, Rules 2025 rule 10; ADR 18's method):
 * how it was verified, the terms' version and language the guardian was shown, when, and the
 * guardian's name, relationship and own number.
 */
export const eventConsents = pgTable(
  'event_consents',
  {
    entryId: uuid('entry_id')
      .primaryKey()
      .references(() => eventEntries.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    noticeVersion: text('notice_version').notNull(),
    noticeLang: text('notice_lang').notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull(),
    guardianName: text('guardian_name').notNull(),
    guardianRelationship: text('guardian_relationship').notNull(),
    guardianMobile: text('guardian_mobile').notNull(),
  },
  (t) => [
    check('event_consents_method_known', sql`${t.method} in (${quotedList(GUARDIAN_CONSENT_METHODS)})`),
    check('event_consents_lang_known', sql`${t.noticeLang} in (${langList})`),
    check(
      'event_consents_relationship_known',
      sql`${t.guardianRelationship} in (${quotedList(GUARDIAN_RELATIONSHIPS)})`,
    ),
    check('event_consents_mobile_format', sql`${t.guardianMobile} ~ ${sql.raw(`'^[0-9]{${MOBILE_DIGITS}}$'`)}`),
  ],
);
