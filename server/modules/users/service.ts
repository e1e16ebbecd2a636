// A learner's own record: reading and changing the profile, a guardian's consent for a learner
// under 18 confirmed by a one-time password to the guardian's own number (ADR 18), and the DPDP rights to a copy of one's data and to its erasure.
//
// The module's surface for other modules (they call this, never users' repository or routes):
// - learnerName: the name a certificate is issued in
// - accountByMobile, createAccount: the account behind a number, and a new one (staff accounts are
//   made by admins and the staff:grant command for people who have not signed in yet)
// - eraseInactiveLearners: the retention job's erasure of learners inactive past the period
// - checkGuardian: the guardian a consent names, checked the same way for an event entry's consent (ADR 40)
// - entrantNames: the name, district and whether a minor, of the learners entering events
import type {
  GuardianConsentBody,
  GuardianConsentCodeBody,
  UpdateProfileBody,
  UserProfile,
} from '../../../contract/users';
import { MINOR_AGE, consentRequired, type GuardianRelationship } from '../../../contract/profile-options';
import type { Db, DbOrTx } from '../../db/client';
import { checkDistrict, checkEmail, checkName } from '../../lib/profile-fields';
import { badRequest, unauthorized } from '../../plugins/errors';
import { checkMobile, forgetCodesSentTo, sendConsentCode, useConsentCode, type AuthDeps } from '../auth/service';
import { withdrawRatings } from '../ratings/service';
import * as repo from './repository';

function toProfile(row: NonNullable<repo.ProfileRow>, now = new Date()): UserProfile {
  const { minorUntil, guardianConsentAt, ...rest } = row;
  return {
    ...rest,
    minorUntil: minorUntil?.toISOString() ?? null,
    guardianConsentAt: guardianConsentAt?.toISOString() ?? null,
    consentRequired: consentRequired(row, now),
    guardianConsent: row.guardianConsentMethod !== null,
  };
}

/**
 * The latest moment a learner who is `age` at `declaredAt` can still be under MINOR_AGE: their
 * birthday may be that very day, so MINOR_AGE - age years later. Null for an adult.
 */
export function minorUntilFor(age: number, declaredAt: Date): Date | null {
  if (age >= MINOR_AGE) return null;
  const until = new Date(declaredAt);
  until.setUTCFullYear(until.getUTCFullYear() + (MINOR_AGE - age));
  return until;
}

/** Dates as ISO strings, everything else as is: the shape of the downloaded file. */
function plain(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}

export async function profile(db: Db, userId: string): Promise<UserProfile> {
  const row = await repo.findProfile(db, userId);
  if (!row) throw unauthorized();
  return toProfile(row);
}

/** Applies only the fields present; the schema has already dropped every other field. */
export async function updateProfile(db: Db, userId: string, body: UpdateProfileBody): Promise<UserProfile> {
  const patch: repo.ProfilePatch = {};
  if (body.name !== undefined) patch.name = checkName(body.name);
  if (body.email !== undefined) patch.email = checkEmail(body.email);
  if (body.age !== undefined) patch.age = body.age;
  // A minor's declaration stays: an age under 18 sets (or moves later) the end of minority, and no
  // later age, cleared or raised, brings it back (ADR 18).
  const minorUntil = typeof body.age === 'number' ? minorUntilFor(body.age, new Date()) : null;
  if (minorUntil) patch.minorUntilAtLeast = minorUntil;
  if (body.gender !== undefined) patch.gender = body.gender;
  if (body.qualification !== undefined) patch.qualification = body.qualification;
  if (body.district !== undefined) patch.district = checkDistrict(body.district);
  const row = Object.keys(patch).length
    ? await repo.updateProfile(db, userId, patch)
    : await repo.findProfile(db, userId);
  if (!row) throw unauthorized();
  return toProfile(row);
}

/** The guardian a consent names, checked in one place for both steps (and for an event entry's consent). */
export function checkGuardian(
  body: GuardianConsentCodeBody,
  learnerMobile: string,
): { guardianName: string; guardianRelationship: GuardianRelationship; guardianMobile: string } {
  const guardianName = checkName(body.guardianName, 'guardianNameRequired');
  if (!body.relationship) throw badRequest('relationshipRequired');
  const guardianMobile = checkMobile(body.guardianMobile);
  // The code must reach someone other than the learner, or the learner would be agreeing for themselves.
  if (guardianMobile === learnerMobile) throw badRequest('guardianMobileOwn');
  return { guardianName, guardianRelationship: body.relationship, guardianMobile };
}

/** The learner's row, when they are a minor now (else consentNotNeeded). */
async function minorLearner(db: Db, userId: string) {
  const row = await repo.findProfile(db, userId);
  if (!row) throw unauthorized();
  if (row.minorUntil === null || row.minorUntil.getTime() <= Date.now())
    throw badRequest('consentNotNeeded', { age: MINOR_AGE });
  return row;
}

/**
 * The first step of a guardian's consent: a one-time password to the guardian's own number, with
 * sign-in's cooldown and limits. Answers when another may be asked for.
 */
export async function sendGuardianConsentCode(
  deps: AuthDeps,
  userId: string,
  body: GuardianConsentCodeBody,
  clientIp: string,
): Promise<{ resendAfter: number }> {
  const learner = await minorLearner(deps.db, userId);
  const { guardianMobile } = checkGuardian(body, learner.mobile);
  return sendConsentCode(deps, { mobile: guardianMobile, userId }, clientIp);
}

/**
 * The second step: with the code the guardian received, records their consent with its method,
 * time, the guardian's name, relationship and number (DPDP Rules 2025, rule 10).
 */
export async function recordGuardianConsent(
  deps: AuthDeps,
  userId: string,
  body: GuardianConsentBody,
): Promise<UserProfile> {
  const learner = await minorLearner(deps.db, userId);
  const guardian = checkGuardian(body, learner.mobile);
  if (body.agree !== true) throw badRequest('agreeRequired');
  const row = await useConsentCode(deps, { mobile: guardian.guardianMobile, userId }, body.otp, (tx, at) =>
    repo.updateProfile(tx, userId, { ...guardian, guardianConsentAt: at, guardianConsentMethod: 'guardian-otp' }),
  );
  return toProfile(row!);
}

export async function exportData(db: Db, userId: string, mobile: string) {
  const data = await repo.collectPersonalData(db, userId, mobile);
  return plain({ exportedAt: new Date(), ...data }) as Record<string, unknown>;
}

/**
 * Erases the learner in one transaction: their ratings leave the courses' totals first, then the
 * one-time passwords sent to their number (keyed by number, not by user: auth's), then the user row
 * goes and every table naming the user follows by its cascading foreign key.
 */
export async function deleteAccount(db: Db, userId: string, mobile: string): Promise<void> {
  await db.transaction(async (tx) => {
    await withdrawRatings(tx, userId);
    await forgetCodesSentTo(tx, mobile);
    await repo.deleteAccount(tx, userId);
  });
}

/**
 * Erases, as deleteAccount does, every learner (never a staff account) whose last activity is before
 * the cutoff, `batch` at a time; returns how many. One that signs in meanwhile is kept.
 */
export async function eraseInactiveLearners(db: Db, cutoff: Date, batch = 200): Promise<number> {
  let erased = 0;
  for (;;) {
    const found = await repo.findInactiveLearners(db, cutoff, batch);
    for (const { id } of found) {
      const done = await db.transaction(async (tx) => {
        const mobile = await repo.lockIfInactive(tx, id, cutoff);
        if (mobile === null) return false;
        await withdrawRatings(tx, id);
        await forgetCodesSentTo(tx, mobile);
        await repo.deleteAccount(tx, id);
        return true;
      });
      if (done) erased += 1;
    }
    if (found.length < batch) return erased;
  }
}

/** The learner's name as it stands, or null when the account is gone (a certificate is issued in it). */
export function learnerName(db: DbOrTx, userId: string): Promise<string | null> {
  return repo.findName(db, userId);
}

/** The account registered with the number (12 digits), or null. */
export function accountByMobile(
  db: DbOrTx,
  mobile: string,
): Promise<{ id: string; name: string; active: boolean } | null> {
  return repo.findAccountByMobile(db, mobile);
}

/** Creates an account for a number that has none, as registration would (without an email). */
export function createAccount(db: DbOrTx, values: { mobile: string; name: string }): Promise<string> {
  return repo.insertAccount(db, { mobile: values.mobile, name: checkName(values.name) });
}

/**
 * Each account's name, district (null when not given) and the end of its minority (ADR 18), by id:
 * who enters an event, as the events module needs them.
 */
export function entrantNames(
  db: DbOrTx,
  userIds: string[],
): Promise<Map<string, { name: string; district: string | null; minorUntil: Date | null }>> {
  return repo.findNames(db, userIds);
}
