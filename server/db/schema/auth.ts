// The auth module's tables: the sessions sign-in opens (written by the session plugin,
// plugins/session-repository.ts, below the modules) and the one-time passwords it sends.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CONSENT_PURPOSES, OTP_PURPOSES } from '../../../contract/auth-rules';
import { createdAt } from '../columns';
import { users } from './users';

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
    // For an event consent code, the entry it confirms (ADR 40): it confirms that entry only.
    subjectId: uuid('subject_id'),
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
    check(
      'otp_challenges_consent_has_user',
      sql`(${t.purpose} in ${sql.raw(`(${CONSENT_PURPOSES.map((p) => `'${p}'`).join(', ')})`)}) = (${t.userId} is not null)`,
    ),
    check('otp_challenges_event_has_subject', sql`(${t.purpose} = 'event-consent') = (${t.subjectId} is not null)`),
  ],
);
