// Storage of the staff's second factor: the encrypted authenticator secret with its replay and
// failure counters, and the hashed recovery codes.
import { and, count, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { staffRecoveryCodes, staffSecondFactors } from '../../db/schema/staff';

export type SecondFactorRow = typeof staffSecondFactors.$inferSelect;

/**
 * Stores a new, unconfirmed secret, replacing an unconfirmed one (a setup started again); answers
 * false when a confirmed one exists, which only an admin's reset removes. Failure counters stay.
 */
export async function storePendingSecret(
  db: DbOrTx,
  userId: string,
  secretCiphertext: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .insert(staffSecondFactors)
    .values({ userId, secretCiphertext, createdAt: now })
    .onConflictDoUpdate({
      target: staffSecondFactors.userId,
      set: { secretCiphertext, createdAt: now, lastStep: null },
      setWhere: isNull(staffSecondFactors.confirmedAt),
    })
    .returning({ userId: staffSecondFactors.userId });
  return rows.length > 0;
}

/** The member's second factor, locked until the transaction ends (codes are checked one at a time). */
export async function lockSecondFactor(tx: DbOrTx, userId: string): Promise<SecondFactorRow | null> {
  const [row] = await tx.select().from(staffSecondFactors).where(eq(staffSecondFactors.userId, userId)).for('update');
  return row ?? null;
}

export async function recordFailure(
  tx: DbOrTx,
  userId: string,
  failedAttempts: number,
  failuresSince: Date,
): Promise<void> {
  await tx
    .update(staffSecondFactors)
    .set({ failedAttempts, failuresSince })
    .where(eq(staffSecondFactors.userId, userId));
}

/** A code was accepted: its step is remembered (with a TOTP code) and the failures forgotten. */
export async function recordSuccess(
  tx: DbOrTx,
  userId: string,
  values: { lastStep?: number; confirmedAt?: Date },
): Promise<void> {
  await tx
    .update(staffSecondFactors)
    .set({ ...values, failedAttempts: 0, failuresSince: null })
    .where(eq(staffSecondFactors.userId, userId));
}

export async function insertRecoveryCodes(tx: DbOrTx, userId: string, codeHashes: string[]): Promise<void> {
  await tx.insert(staffRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/**
 * Spends a recovery code: 'spent' now, 'used' when it was spent before, 'unknown' when the member
 * has no such code. Call it holding the member's lockSecondFactor, which serialises their checks.
 */
export async function spendRecoveryCode(
  tx: DbOrTx,
  userId: string,
  codeHash: string,
  now: Date,
): Promise<'spent' | 'used' | 'unknown'> {
  const [row] = await tx
    .select({ id: staffRecoveryCodes.id, usedAt: staffRecoveryCodes.usedAt })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.userId, userId), eq(staffRecoveryCodes.codeHash, codeHash)))
    .limit(1);
  if (!row) return 'unknown';
  if (row.usedAt) return 'used';
  await tx.update(staffRecoveryCodes).set({ usedAt: now }).where(eq(staffRecoveryCodes.id, row.id));
  return 'spent';
}

export async function countUnusedRecoveryCodes(tx: DbOrTx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.userId, userId), isNull(staffRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Removes every recovery code of the member, spent or not. */
export async function deleteRecoveryCodes(tx: DbOrTx, userId: string): Promise<void> {
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
}

/** Removes the member's second factor and its recovery codes; answers whether there was one. */
export async function deleteSecondFactor(tx: DbOrTx, userId: string): Promise<boolean> {
  const rows = await tx
    .delete(staffSecondFactors)
    .where(eq(staffSecondFactors.userId, userId))
    .returning({ userId: staffSecondFactors.userId });
  return rows.length > 0;
}
