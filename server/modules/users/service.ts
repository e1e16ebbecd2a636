// A learner's own record: reading and changing the profile, a guardian's consent for a learner
// under 18, and the DPDP rights to a copy of one's data and to its erasure.
import type { FastifyInstance } from 'fastify';
import type { GuardianConsentBody, UpdateProfileBody, UserProfile } from '../../../contract/users';
import { MINOR_AGE } from '../../../contract/profile-options';
import type { Db } from '../../db/client';
import { checkEmail, checkName } from '../../lib/profile-fields';
import { badRequest, unauthorized } from '../../plugins/errors';
import * as repo from './repository';

function toProfile(row: NonNullable<repo.ProfileRow>): UserProfile {
  const { guardianConsentAt, ...rest } = row;
  return { ...rest, guardianConsent: guardianConsentAt !== null };
}

/** Dates as ISO strings, everything else as is: the shape of the downloaded file. */
function plain(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}

export class UsersService {
  constructor(private readonly db: Db) {}

  static fromApp(app: FastifyInstance): UsersService {
    return new UsersService(app.db);
  }

  async profile(userId: string): Promise<UserProfile> {
    const row = await repo.findProfile(this.db, userId);
    if (!row) throw unauthorized();
    return toProfile(row);
  }

  /** Applies only the fields present; the schema has already dropped every other field. */
  async updateProfile(userId: string, body: UpdateProfileBody): Promise<UserProfile> {
    const patch: repo.ProfilePatch = {};
    if (body.name !== undefined) patch.name = checkName(body.name);
    if (body.email !== undefined) patch.email = checkEmail(body.email);
    if (body.age !== undefined) patch.age = body.age;
    if (body.gender !== undefined) patch.gender = body.gender;
    if (body.qualification !== undefined) patch.qualification = body.qualification;
    const row = Object.keys(patch).length
      ? await repo.updateProfile(this.db, userId, patch)
      : await repo.findProfile(this.db, userId);
    if (!row) throw unauthorized();
    return toProfile(row);
  }

  async recordGuardianConsent(userId: string, body: GuardianConsentBody): Promise<UserProfile> {
    const current = await repo.findProfile(this.db, userId);
    if (!current) throw unauthorized();
    if (current.age === null || current.age >= MINOR_AGE) throw badRequest('consentNotNeeded', { age: MINOR_AGE });
    const guardianName = checkName(body.guardianName, 'guardianNameRequired');
    if (!body.relationship) throw badRequest('relationshipRequired');
    if (body.agree !== true) throw badRequest('agreeRequired');
    const row = await repo.updateProfile(this.db, userId, {
      guardianConsentAt: new Date(),
      guardianName,
      guardianRelationship: body.relationship,
    });
    return toProfile(row!);
  }

  async exportData(userId: string, mobile: string) {
    const data = await repo.collectPersonalData(this.db, userId, mobile);
    return plain({ exportedAt: new Date(), ...data }) as Record<string, unknown>;
  }

  async deleteAccount(userId: string, mobile: string): Promise<void> {
    await repo.deleteAccount(this.db, userId, mobile);
  }
}
