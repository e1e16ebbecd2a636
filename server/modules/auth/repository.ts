// Storage of sign-in: users looked up by number, and the one-time-password challenges with the
// counters the limits are computed from.
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { otpChallenges, users } from '../../db/schema';

export type Challenge = typeof otpChallenges.$inferSelect;

export async function findUserByMobile(db: DbOrTx, mobile: string) {
  const [row] = await db
    .select({ id: users.id, role: users.role, name: users.name, active: users.active })
    .from(users)
    .where(eq(users.mobile, mobile))
    .limit(1);
  return row;
}

export async function insertUser(db: DbOrTx, values: { mobile: string; name: string; email: string | null }) {
  const [row] = await db.insert(users).values(values).returning({ id: users.id, role: users.role, name: users.name, active: users.active });
  return row!;
}

/**
 * Serialises sends for one number and one address until the transaction ends, so two requests at
 * the same moment cannot both pass the cooldown or the limits.
 */
export async function lockSendKeys(tx: DbOrTx, mobile: string, clientIp: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${1}::int, hashtext(${mobile}))`);
  await tx.execute(sql`select pg_advisory_xact_lock(${2}::int, hashtext(${clientIp}))`);
}

export async function latestChallenge(db: DbOrTx, mobile: string): Promise<Challenge | undefined> {
  const [row] = await db
    .select()
    .from(otpChallenges)
    .where(eq(otpChallenges.mobile, mobile))
    .orderBy(desc(otpChallenges.createdAt))
    .limit(1);
  return row;
}

/**
 * When the n-th newest send since `since` happened (to a number, from an address, or by the whole
 * platform), or undefined when fewer than n happened: with n the limit, the next send is allowed
 * once that one leaves the window. The platform's count reads the table without an index: it holds
 * little more than the last hour's sends (pruneOtpChallenges), and the limit bounds those.
 */
export async function nthNewestSendSince(
  db: DbOrTx,
  by: { mobile: string } | { clientIp: string } | 'platform',
  since: Date,
  n: number,
): Promise<Date | undefined> {
  const key = by === 'platform' ? undefined : 'mobile' in by ? eq(otpChallenges.mobile, by.mobile) : eq(otpChallenges.clientIp, by.clientIp);
  const [row] = await db
    .select({ createdAt: otpChallenges.createdAt })
    .from(otpChallenges)
    .where(and(key, gt(otpChallenges.createdAt, since)))
    .orderBy(desc(otpChallenges.createdAt))
    .offset(n - 1)
    .limit(1);
  return row?.createdAt;
}

/** Ends every still-open challenge of the number: only the newest code may sign in. */
export async function expireOpenChallenges(tx: DbOrTx, mobile: string, now: Date): Promise<void> {
  await tx
    .update(otpChallenges)
    .set({ expiresAt: now })
    .where(and(eq(otpChallenges.mobile, mobile), isNull(otpChallenges.consumedAt), gt(otpChallenges.expiresAt, now)));
}

export async function insertChallenge(
  tx: DbOrTx,
  values: { mobile: string; codeHash: string; clientIp: string; createdAt: Date; expiresAt: Date },
): Promise<string> {
  const [row] = await tx
    .insert(otpChallenges)
    .values(values)
    .returning({ id: otpChallenges.id });
  return row!.id;
}

export async function deleteChallenge(db: DbOrTx, id: string): Promise<void> {
  await db.delete(otpChallenges).where(eq(otpChallenges.id, id));
}

/**
 * Counts a try before the code is compared, in one statement, so parallel guesses cannot exceed
 * the allowed number. Answers the new count, or undefined when the challenge is used, expired or
 * out of tries.
 */
export async function reserveAttempt(db: DbOrTx, id: string, maxAttempts: number, now: Date): Promise<number | undefined> {
  const [row] = await db
    .update(otpChallenges)
    .set({ attempts: sql`${otpChallenges.attempts} + 1` })
    .where(
      and(
        eq(otpChallenges.id, id),
        isNull(otpChallenges.consumedAt),
        gt(otpChallenges.expiresAt, now),
        lt(otpChallenges.attempts, maxAttempts),
      ),
    )
    .returning({ attempts: otpChallenges.attempts });
  return row?.attempts;
}

/** Marks the challenge used; false when another request used it first. */
export async function consumeChallenge(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(otpChallenges)
    .set({ consumedAt: now })
    .where(and(eq(otpChallenges.id, id), isNull(otpChallenges.consumedAt)))
    .returning({ id: otpChallenges.id });
  return rows.length === 1;
}

/** Deletes challenges created before the cutoff; answers how many went. */
export async function deleteChallengesBefore(db: DbOrTx, cutoff: Date): Promise<number> {
  const rows = await db.delete(otpChallenges).where(lt(otpChallenges.createdAt, cutoff)).returning({ id: otpChallenges.id });
  return rows.length;
}
