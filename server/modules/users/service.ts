// A learner's own record: reading and changing the profile, a guardian's consent for a learner
// under 18, and the DPDP rights to a copy of one's data and to its erasure.
//
// The module's surface for other modules (they call this, never users' repository or routes):
// - learnerName: the name a certificate is issued in
// - accountByMobile, createAccount: the account behind a number, and a new one (staff accounts are
//   made by admins and the staff:grant command for people who have not signed in yet)
// - eraseInactiveLearners: the retention job's erasure of learners inactive past the period
import type { GuardianConsentBody, UpdateProfileBody, UserProfile } from '../../../contract/users';
import { MINOR_AGE } from '../../../contract/profile-options';
import type { Db, DbOrTx } from '../../db/client';
import { checkEmail, checkName } from '../../lib/profile-fields';
import { badRequest, unauthorized } from '../../plugins/errors';
import { withdrawRatings } from '../ratings/service';
import * as repo from './repository';

function toProfile(row: NonNullable<repo.ProfileRow>): UserProfile {
  const { guardianConsentAt, ...rest } = row;
  return { ...rest, guardianConsent: guardianConsentAt !== null };
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
  if (body.gender !== undefined) patch.gender = body.gender;
  if (body.qualification !== undefined) patch.qualification = body.qualification;
  const row = Object.keys(patch).length
    ? await repo.updateProfile(db, userId, patch)
    : await repo.findProfile(db, userId);
  if (!row) throw unauthorized();
  return toProfile(row);
}

export async function recordGuardianConsent(db: Db, userId: string, body: GuardianConsentBody): Promise<UserProfile> {
  const current = await repo.findProfile(db, userId);
  if (!current) throw unauthorized();
  if (current.age === null || current.age >= MINOR_AGE) throw badRequest('consentNotNeeded', { age: MINOR_AGE });
  const guardianName = checkName(body.guardianName, 'guardianNameRequired');
  if (!body.relationship) throw badRequest('relationshipRequired');
  if (body.agree !== true) throw badRequest('agreeRequired');
  const row = await repo.updateProfile(db, userId, {
    guardianConsentAt: new Date(),
    guardianName,
    guardianRelationship: body.relationship,
  });
  return toProfile(row!);
}

export async function exportData(db: Db, userId: string, mobile: string) {
  const data = await repo.collectPersonalData(db, userId, mobile);
  return plain({ exportedAt: new Date(), ...data }) as Record<string, unknown>;
}

/**
 * Erases the learner in one transaction: their ratings leave the courses' totals first, then the
 * user row goes and every table naming the user follows by its cascading foreign key.
 */
export async function deleteAccount(db: Db, userId: string, mobile: string): Promise<void> {
  await db.transaction(async (tx) => {
    await withdrawRatings(tx, userId);
    await repo.deleteAccount(tx, userId, mobile);
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
        await repo.deleteAccount(tx, id, mobile);
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
export function accountByMobile(db: DbOrTx, mobile: string): Promise<{ id: string; name: string; active: boolean } | null> {
  return repo.findAccountByMobile(db, mobile);
}

/** Creates an account for a number that has none, as registration would (without an email). */
export function createAccount(db: DbOrTx, values: { mobile: string; name: string }): Promise<string> {
  return repo.insertAccount(db, { mobile: values.mobile, name: checkName(values.name) });
}
