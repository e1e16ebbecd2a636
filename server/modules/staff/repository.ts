// The staff's roles and languages (staff_members), read on every staff request and written by the
// admin's routes and the staff:grant command; and the staff side of a session (the sessions
// table's second_factor_at, staff_seen_at and staff_ended_at columns, which only this module reads
// and writes: a learner's session lookup never selects them).
import { and, arrayContains, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessions } from '../../db/schema/auth';
import { staffMembers, staffSecondFactors } from '../../db/schema/staff';
import { users } from '../../db/schema/users';

/** The staff record of an active account, with its name; null when the account holds no staff role. */
export async function findMember(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      userId: staffMembers.userId,
      name: users.name,
      roles: staffMembers.roles,
      languages: staffMembers.languages,
      active: staffMembers.active,
    })
    .from(staffMembers)
    .innerJoin(users, eq(users.id, staffMembers.userId))
    .where(and(eq(staffMembers.userId, userId), eq(users.active, true)))
    .limit(1);
  return row ?? null;
}

/**
 * A session with its account's staff record and whether a second factor is confirmed: one
 * statement, made on staff routes only. Null when the account holds no staff record.
 */
export async function findStaffSession(db: DbOrTx, sessionId: string) {
  const [row] = await db
    .select({
      startedAt: sessions.createdAt,
      seenAt: sessions.staffSeenAt,
      secondFactorAt: sessions.secondFactorAt,
      endedAt: sessions.staffEndedAt,
      userId: staffMembers.userId,
      name: users.name,
      roles: staffMembers.roles,
      languages: staffMembers.languages,
      active: staffMembers.active,
      secondFactorConfirmedAt: staffSecondFactors.confirmedAt,
    })
    .from(sessions)
    .innerJoin(staffMembers, eq(staffMembers.userId, sessions.userId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(staffSecondFactors, eq(staffSecondFactors.userId, sessions.userId))
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row ?? null;
}

// The staff side of a session (staff_seen_at, second_factor_at, staff_ended_at) is this module's
// columns of the session plugin's table (server/db/schema/auth.ts): only staff routes read and write
// them, so these three writes are the module's justified exceptions to `local/own-tables`.

export async function touchStaffSession(db: DbOrTx, sessionId: string, now: Date): Promise<void> {
  // eslint-disable-next-line local/own-tables -- the staff side of a session (above)
  await db.update(sessions).set({ staffSeenAt: now }).where(eq(sessions.id, sessionId));
}

export async function markSecondFactorConfirmed(db: DbOrTx, sessionId: string, now: Date): Promise<void> {
  // eslint-disable-next-line local/own-tables -- the staff side of a session (above)
  await db.update(sessions).set({ secondFactorAt: now, staffSeenAt: now }).where(eq(sessions.id, sessionId));
}

/** Ends the staff use of every session of the account; the sessions go on serving learner pages. */
export async function endStaffSessions(db: DbOrTx, userId: string, now: Date): Promise<number> {
  const ended = await db
    // eslint-disable-next-line local/own-tables -- the staff side of a session (above)
    .update(sessions)
    .set({ staffEndedAt: now, secondFactorAt: null })
    .where(and(eq(sessions.userId, userId), isNull(sessions.staffEndedAt)))
    .returning({ id: sessions.id });
  return ended.length;
}

// ---------------------------------------------------------------- staff accounts (admins, staff:grant)

export interface MemberValues {
  roles: string[];
  languages: string[];
  active: boolean;
}

const memberColumns = {
  userId: staffMembers.userId,
  name: users.name,
  mobile: users.mobile,
  roles: staffMembers.roles,
  languages: staffMembers.languages,
  active: staffMembers.active,
  secondFactorConfirmedAt: staffSecondFactors.confirmedAt,
  secondFactorCreatedAt: staffSecondFactors.createdAt,
  createdAt: staffMembers.createdAt,
  updatedAt: staffMembers.updatedAt,
};

export type MemberRow = NonNullable<Awaited<ReturnType<typeof findMemberForAdmin>>>;

function memberQuery(db: DbOrTx) {
  return db
    .select(memberColumns)
    .from(staffMembers)
    .innerJoin(users, eq(users.id, staffMembers.userId))
    .leftJoin(staffSecondFactors, eq(staffSecondFactors.userId, staffMembers.userId));
}

export async function listMembers(db: DbOrTx) {
  return memberQuery(db).orderBy(asc(users.name), asc(staffMembers.userId));
}

/** A staff record, active or not, as admins see it; with `lock`, held until the transaction ends. */
export async function findMemberForAdmin(db: DbOrTx, userId: string, options: { lock?: boolean } = {}) {
  const query = memberQuery(db).where(eq(staffMembers.userId, userId)).limit(1);
  const [row] = await (options.lock ? query.for('update', { of: staffMembers }) : query);
  return row ?? null;
}

export async function insertMember(db: DbOrTx, userId: string, values: MemberValues): Promise<void> {
  await db.insert(staffMembers).values({ userId, ...values });
}

export async function updateMember(db: DbOrTx, userId: string, values: MemberValues): Promise<void> {
  await db
    .update(staffMembers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(staffMembers.userId, userId));
}

/**
 * The ids of the active admins on active accounts, their rows locked until the transaction ends:
 * two admins demoting each other at once wait for one another, and the second sees the first's
 * change, so the last admin cannot be removed by a race.
 */
export async function lockActiveAdmins(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ userId: staffMembers.userId })
    .from(staffMembers)
    .innerJoin(users, eq(users.id, staffMembers.userId))
    .where(and(eq(staffMembers.active, true), eq(users.active, true), arrayContains(staffMembers.roles, ['admin'])))
    .for('update', { of: staffMembers });
  return rows.map((row) => row.userId);
}
