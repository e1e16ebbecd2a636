// The staff module's tables: staff members, their second factor and recovery codes.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { STAFF_ROLES } from '../../../contract/staff-roles';
import { langList, createdAt, updatedAt } from '../columns';
import { users } from './users';

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
