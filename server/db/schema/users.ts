// The users module's table: every account, learner or staff, with its profile and a minor's consent.
// Where a table is defined says which module owns it: only that module writes it (the rule
// `local/own-tables` in eslint.config.js; the exceptions are marked where they are written).
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { MOBILE_DIGITS } from '../../../contract/auth-rules';
import { AGE_MAX, AGE_MIN, GENDERS, GUARDIAN_CONSENT_METHODS } from '../../../contract/profile-options';
import { DISTRICT_MAX_LENGTH } from '../../../contract/person-name';
import { langList, createdAt, updatedAt } from '../columns';

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
    // The learner's district, if they give one (free text, contract/person-name.ts): shown beside
    // the first name on an event's leaderboard and in its results file (ADR 45).
    district: text('district'),
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
      'users_district_length',
      sql`${t.district} is null or char_length(${t.district}) between 1 and ${sql.raw(String(DISTRICT_MAX_LENGTH))}`,
    ),
    check(
      'users_age_range',
      sql`${t.age} is null or (${t.age} between ${sql.raw(String(AGE_MIN))} and ${sql.raw(String(AGE_MAX))})`,
    ),
  ],
);
