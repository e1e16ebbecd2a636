// The staff's second factor: setting up an authenticator app (the secret shown once as a QR code,
// confirmed with a first code, which hands out the recovery codes), and confirming a code in each
// staff session. A member's codes are checked one at a time (their row is locked), a code's time
// step is never accepted twice, and wrong codes are limited per member: after the fifth within
// fifteen minutes, every code (even a right one) waits until the window has passed.
import { SECOND_FACTOR_FAILURE_WINDOW_MINUTES, SECOND_FACTOR_MAX_FAILURES } from '../../../contract/second-factor';
import type { Db, DbOrTx } from '../../db/client';
import { HttpError, badRequest, conflict, tooManyRequests } from '../../plugins/errors';
import { recordAudit, type AuditActor } from '../audit/service';
import * as repo from './second-factor-repository';
import { markSecondFactorConfirmed } from './repository';
import {
  decryptSecret,
  encryptSecret,
  generateRecoveryCodes,
  hashRecoveryCode,
  normaliseRecoveryCode,
} from './second-factor-crypto';
import type { StaffSession } from './service';
import { enrolment, isTotpShaped, newTotpSecret, totpStep } from './totp';

export interface SecondFactorDeps {
  db: Db;
  /** The server secret the encryption and hashing keys are derived from (config.secret). */
  secret: string;
  /** The clock; tests may move it. */
  now?: () => Date;
}

const WINDOW_MS = SECOND_FACTOR_FAILURE_WINDOW_MINUTES * 60_000;

const timeOf = (deps: SecondFactorDeps) => (deps.now ? deps.now() : new Date());

/** Starts (or starts again) setting up an authenticator app: a new secret, not yet in force. */
export async function startSetup(
  deps: SecondFactorDeps,
  session: StaffSession,
): Promise<{ uri: string; qrCode: string; secret: string }> {
  const { member } = session;
  const secret = newTotpSecret();
  const stored = await repo.storePendingSecret(
    deps.db,
    member.userId,
    encryptSecret(deps.secret, member.userId, secret),
    timeOf(deps),
  );
  if (!stored) throw conflict('secondFactorAlreadySet');
  return { ...(await enrolment(secret, member.name)), secret };
}

/**
 * Confirms the app with a first code: the second factor is then in force, this session counts as
 * confirmed, and the ten recovery codes are answered (only now; they are stored hashed).
 */
export async function confirmSetup(
  deps: SecondFactorDeps,
  session: StaffSession,
  actor: AuditActor,
  rawCode: string,
): Promise<string[]> {
  const code = appCode(rawCode);
  const userId = session.member.userId;
  const now = timeOf(deps);
  const outcome = await deps.db.transaction(async (tx): Promise<{ error: HttpError } | { codes: string[] }> => {
    const row = await repo.lockSecondFactor(tx, userId);
    if (!row) throw conflict('secondFactorSetupFirst');
    if (row.confirmedAt) throw conflict('secondFactorAlreadySet');
    assertNotLockedOut(row, now);
    const checked = await checkAppCode(deps, tx, row, code, now);
    if ('error' in checked) return checked;
    await repo.recordSuccess(tx, userId, { lastStep: checked.step, confirmedAt: now });
    const codes = await issueRecoveryCodes(deps, tx, userId);
    await markSecondFactorConfirmed(tx, session.sessionId, now);
    await recordAudit(tx, actor, {
      action: 'staff.second-factor.set',
      entityKind: 'staff-member',
      entityId: userId,
      before: { secondFactor: 'pending' },
      after: { secondFactor: 'set', recoveryCodes: codes.length },
    });
    return { codes };
  });
  if ('error' in outcome) throw outcome.error;
  return outcome.codes;
}

/** Confirms this session's second factor with the app's code or a recovery code (which is then spent). */
/** How many of a member's recovery codes are not spent yet. */
export function recoveryCodesLeft(db: DbOrTx, userId: string): Promise<number> {
  return repo.countUnusedRecoveryCodes(db, userId);
}

export async function verify(
  deps: SecondFactorDeps,
  session: StaffSession,
  actor: AuditActor,
  rawCode: string,
): Promise<void> {
  const code = compact(rawCode);
  const recovery = isTotpShaped(code) ? null : normaliseRecoveryCode(code);
  if (!isTotpShaped(code) && !recovery) throw badRequest('secondFactorCodeShape');
  const userId = session.member.userId;
  const now = timeOf(deps);
  const error = await deps.db.transaction(async (tx): Promise<HttpError | null> => {
    const row = await repo.lockSecondFactor(tx, userId);
    if (!row?.confirmedAt) throw conflict('secondFactorSetupFirst');
    assertNotLockedOut(row, now);
    if (recovery) {
      const spent = await repo.spendRecoveryCode(tx, userId, hashRecoveryCode(deps.secret, userId, recovery), now);
      if (spent !== 'spent') return failure(tx, row, now, spent === 'used' ? 'recovery-used' : 'wrong');
      await repo.recordSuccess(tx, userId, {});
      await recordAudit(tx, actor, {
        action: 'staff.second-factor.recovery-code-used',
        entityKind: 'staff-member',
        entityId: userId,
        after: { recoveryCodesLeft: await repo.countUnusedRecoveryCodes(tx, userId) },
      });
    } else {
      const checked = await checkAppCode(deps, tx, row, code, now);
      if ('error' in checked) return checked.error;
      await repo.recordSuccess(tx, userId, { lastStep: checked.step });
    }
    await markSecondFactorConfirmed(tx, session.sessionId, now);
    return null;
  });
  if (error) throw error;
}

/**
 * Ten new recovery codes in place of all the old ones, spent or not: for a member who has used some,
 * or whose printed codes may have been seen. It asks for a current code of the app even in a confirmed
 * session (someone at an unlocked laptop must not walk away with the codes), and a recovery code does
 * not do: the codes renewed must not be what proves the right to renew them.
 */
export async function renewRecoveryCodes(
  deps: SecondFactorDeps,
  session: StaffSession,
  actor: AuditActor,
  rawCode: string,
): Promise<string[]> {
  const code = appCode(rawCode);
  const userId = session.member.userId;
  const now = timeOf(deps);
  const outcome = await deps.db.transaction(async (tx): Promise<{ error: HttpError } | { codes: string[] }> => {
    const row = await repo.lockSecondFactor(tx, userId);
    if (!row?.confirmedAt) throw conflict('secondFactorSetupFirst');
    assertNotLockedOut(row, now);
    const checked = await checkAppCode(deps, tx, row, code, now);
    if ('error' in checked) return checked;
    await repo.recordSuccess(tx, userId, { lastStep: checked.step });
    const left = await repo.countUnusedRecoveryCodes(tx, userId);
    await repo.deleteRecoveryCodes(tx, userId);
    const codes = await issueRecoveryCodes(deps, tx, userId);
    await recordAudit(tx, actor, {
      action: 'staff.second-factor.recovery-codes-renewed',
      entityKind: 'staff-member',
      entityId: userId,
      before: { recoveryCodesLeft: left },
      after: { recoveryCodesLeft: codes.length },
    });
    return { codes };
  });
  if ('error' in outcome) throw outcome.error;
  return outcome.codes;
}

/** Makes and stores (hashed) a member's ten recovery codes; answers them, to be shown this once. */
async function issueRecoveryCodes(deps: SecondFactorDeps, tx: DbOrTx, userId: string): Promise<string[]> {
  const codes = generateRecoveryCodes();
  await repo.insertRecoveryCodes(
    tx,
    userId,
    codes.map((recovery) => hashRecoveryCode(deps.secret, userId, normaliseRecoveryCode(recovery)!)),
  );
  return codes;
}

/** Removes a member's authenticator app and recovery codes (an admin's reset); whether there was one. */
export function removeSecondFactor(tx: DbOrTx, userId: string): Promise<boolean> {
  return repo.deleteSecondFactor(tx, userId);
}

/** A code of the app as typed, without spaces and hyphens; refused when it is not six digits. */
function appCode(rawCode: string): string {
  const code = compact(rawCode);
  if (!isTotpShaped(code)) throw badRequest('secondFactorCodeShape');
  return code;
}

/**
 * An app code against the member's locked row: the time step it matches, or the refusal to answer,
 * counted as a failure. A step at or before the last one accepted is a replay.
 */
async function checkAppCode(
  deps: SecondFactorDeps,
  tx: DbOrTx,
  row: repo.SecondFactorRow,
  code: string,
  now: Date,
): Promise<{ step: number } | { error: HttpError }> {
  const step = totpStep(readSecret(deps, row), code, now);
  if (step === null) return { error: await failure(tx, row, now, 'wrong') };
  if (row.lastStep !== null && step <= row.lastStep) return { error: await failure(tx, row, now, 'replayed') };
  return { step };
}

/** The code without the spaces and hyphens people type or paste with it. */
function compact(raw: string): string {
  return raw.replace(/[\s-]/g, '');
}

function readSecret(deps: SecondFactorDeps, row: repo.SecondFactorRow): string {
  const secret = decryptSecret(deps.secret, row.userId, row.secretCiphertext);
  // Only a changed SESSION_SECRET (or a row copied from another member) does this.
  if (secret === null) throw conflict('secondFactorUnreadable');
  return secret;
}

/** The wrong codes counted in the current window, and when that window began. */
function failuresInWindow(row: repo.SecondFactorRow, now: Date): { count: number; since: Date | null } {
  if (!row.failuresSince || now.getTime() - row.failuresSince.getTime() >= WINDOW_MS) return { count: 0, since: null };
  return { count: row.failedAttempts, since: row.failuresSince };
}

function lockedOut(since: Date, now: Date): HttpError {
  const seconds = (since.getTime() + WINDOW_MS - now.getTime()) / 1000;
  return tooManyRequests('secondFactorLocked', seconds, (wait) => ({ count: Math.ceil(wait / 60) }));
}

function assertNotLockedOut(row: repo.SecondFactorRow, now: Date): void {
  const { count, since } = failuresInWindow(row, now);
  if (since && count >= SECOND_FACTOR_MAX_FAILURES) throw lockedOut(since, now);
}

/** Counts a refused code (kept: the caller commits) and answers what to tell the member. */
async function failure(
  tx: DbOrTx,
  row: repo.SecondFactorRow,
  now: Date,
  kind: 'wrong' | 'replayed' | 'recovery-used',
): Promise<HttpError> {
  const { count, since } = failuresInWindow(row, now);
  const failures = count + 1;
  const windowStart = since ?? now;
  await repo.recordFailure(tx, row.userId, failures, windowStart);
  const left = SECOND_FACTOR_MAX_FAILURES - failures;
  if (left <= 0) return lockedOut(windowStart, now);
  if (kind === 'replayed') return badRequest('secondFactorCodeUsed');
  if (kind === 'recovery-used') return badRequest('recoveryCodeUsed');
  return badRequest('secondFactorWrongCode', { count: left });
}
