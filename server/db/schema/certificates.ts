// The certificates module's tables.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { langList, createdAt } from '../columns';
import { users } from './users';

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
