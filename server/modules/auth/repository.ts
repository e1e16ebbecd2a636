// Storage of sign-in: users looked up by number, and the one-time-password challenges with the
// counters the limits are computed from.
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { OtpPurpose } from '../../../contract/auth-rules';
import type { LanguageCode } from '../../../contract/languages';
import type { DbOrTx } from '../../db/client';
import { otpChallenges } from '../../db/schema/auth';
import { users } from '../../db/schema/users';

export type Challenge = typeof otpChallenges.$inferSelect;

/**
 * Whose code a challenge is: the number it went to, what it is for, and for a guardian's consent
 * the learner who asked (null for a sign-in). Only the newest code of a target works.
 */
export interface CodeTarget {
  mobile: string;
  purpose: OtpPurpose;
  userId: string | null;
  /** For an event consent code, the entry it confirms; null otherwise. */
  subjectId?: string | null;
}

const ofTarget = (target: CodeTarget) =>
  and(
    eq(otpChallenges.mobile, target.mobile),
    eq(otpChallenges.purpose, target.purpose),
    target.userId === null ? isNull(otpChallenges.userId) : eq(otpChallenges.userId, target.userId),
    target.subjectId ? eq(otpChallenges.subjectId, target.subjectId) : isNull(otpChallenges.subjectId),
  );

export async function findUserByMobile(db: DbOrTx, mobile: string) {
  const [row] = await db
    .select({ id: users.id, role: users.role, name: users.name, active: users.active })
    .from(users)
    .where(eq(users.mobile, mobile))
    .limit(1);
  return row;
}

/** The site's language an account signed in with, kept for the staff's figures. */
export async function setInterfaceLanguage(db: DbOrTx, userId: string, lang: LanguageCode): Promise<void> {
  await db
    // eslint-disable-next-line local/own-tables -- sign-in notes the language in its own transaction; users imports auth's consent codes, so going through users' service would make the two import each other
    .update(users)
    .set({ interfaceLang: lang })
    .where(and(eq(users.id, userId), sql`${users.interfaceLang} is distinct from ${lang}`));
}

export async function insertUser(
  db: DbOrTx,
  values: { mobile: string; name: string; email: string | null; interfaceLang: LanguageCode },
) {
  const [row] = await db
    // eslint-disable-next-line local/own-tables -- signing up creates the account in the sign-in's transaction, for the same reason as above
    .insert(users)
    .values(values)
    .returning({ id: users.id, role: users.role, name: users.name, active: users.active });
  return row!;
}

/**
 * Serialises sends for one number and one address until the transaction ends, so two requests at
 * the same moment cannot both pass the cooldown or the limits. One statement for both locks (always
 * taken in the same order).
 */
export async function lockSendKeys(tx: DbOrTx, mobile: string, clientIp: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${1}::int, hashtext(${mobile})), pg_advisory_xact_lock(${2}::int, hashtext(${clientIp}))`,
  );
}

export async function latestChallenge(db: DbOrTx, target: CodeTarget): Promise<Challenge | undefined> {
  const [row] = await db
    .select()
    .from(otpChallenges)
    .where(ofTarget(target))
    .orderBy(desc(otpChallenges.createdAt))
    .limit(1);
  return row;
}

/** What the send rules need to know, as of a send. */
export interface SendHistory {
  /** The target's latest send (the cooldown runs from it). */
  latestAt: Date | undefined;
  /**
   * When the n-th newest send of the window happened, n being the limit, to the number, from the
   * address and by the whole platform in the last hour; undefined when fewer happened. The next
   * send is allowed once that one leaves its window.
   */
  numberFullAt: Date | undefined;
  addressFullAt: Date | undefined;
  platformFullAt: Date | undefined;
  registered: boolean;
}

const dateOf = (value: unknown): Date | undefined =>
  value === null || value === undefined ? undefined : new Date(value as string | Date);

/**
 * Everything a send checks, in one statement: a send is a burst's busiest call, and each statement
 * is a round trip (on the embedded database, a turn of the one connection every request waits
 * for). Every SMS to a number counts, whatever it was for (signing in, a guardian's consent). The
 * platform's count reads the table without an index of its own: it holds little more than the last
 * hour's sends (pruneOtpChallenges), and the hourly limit bounds those.
 */
export async function sendHistory(
  tx: DbOrTx,
  by: { target: CodeTarget; clientIp: string },
  windowStart: Date,
  hourAgo: Date,
  limits: { perNumber: number; perAddress: number; perHour: number },
): Promise<SendHistory> {
  const since = windowStart.toISOString();
  const hour = hourAgo.toISOString();
  const { mobile } = by.target;
  // The cooldown runs per code's target (a guardian's consent code for one learner does not wait
  // for the guardian's own sign-in code); the limits count every SMS to the number.
  const result = (await tx.execute(sql`select
    (select created_at from otp_challenges where ${ofTarget(by.target)} order by created_at desc limit 1) as latest,
    (select created_at from otp_challenges where mobile = ${mobile} and created_at > ${since}::timestamptz
       order by created_at desc offset ${limits.perNumber - 1} limit 1) as number_full,
    (select created_at from otp_challenges where client_ip = ${by.clientIp} and created_at > ${since}::timestamptz
       order by created_at desc offset ${limits.perAddress - 1} limit 1) as address_full,
    (select created_at from otp_challenges where created_at > ${hour}::timestamptz
       order by created_at desc offset ${limits.perHour - 1} limit 1) as platform_full,
    exists (select 1 from users where mobile = ${mobile}) as registered`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  const row = result.rows[0] ?? {};
  return {
    latestAt: dateOf(row.latest),
    numberFullAt: dateOf(row.number_full),
    addressFullAt: dateOf(row.address_full),
    platformFullAt: dateOf(row.platform_full),
    registered: row.registered === true,
  };
}

/** Ends every still-open challenge of the target: only the newest code may be used. */
export async function expireOpenChallenges(tx: DbOrTx, target: CodeTarget, now: Date): Promise<void> {
  await tx
    .update(otpChallenges)
    .set({ expiresAt: now })
    .where(and(ofTarget(target), isNull(otpChallenges.consumedAt), gt(otpChallenges.expiresAt, now)));
}

export async function insertChallenge(
  tx: DbOrTx,
  values: CodeTarget & { codeHash: string; clientIp: string; createdAt: Date; expiresAt: Date },
): Promise<string> {
  const [row] = await tx.insert(otpChallenges).values(values).returning({ id: otpChallenges.id });
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
export async function reserveAttempt(
  db: DbOrTx,
  id: string,
  maxAttempts: number,
  now: Date,
): Promise<number | undefined> {
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

export async function deleteChallengesTo(db: DbOrTx, mobile: string): Promise<void> {
  await db.delete(otpChallenges).where(eq(otpChallenges.mobile, mobile));
}

/** Deletes challenges created before the cutoff; answers how many went. */
export async function deleteChallengesBefore(db: DbOrTx, cutoff: Date): Promise<number> {
  const rows = await db
    .delete(otpChallenges)
    .where(lt(otpChallenges.createdAt, cutoff))
    .returning({ id: otpChallenges.id });
  return rows.length;
}
