// Signs a learner in for a test without the one-time-password flow: a users row and a session stored
// the way startSession stores it (the token's hash); the token goes in the cookie.
import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { LanguageCode } from '../../contract/languages';
import type { StaffRole } from '../../contract/staff-roles';
import { staffMembers, users } from '../db/schema';
import { hashToken } from '../plugins/session';
import { insertSession } from '../plugins/session-repository';

export interface SignedIn {
  userId: string;
  mobile: string;
  /** Pass as `headers` to app.inject. */
  headers: { cookie: string };
}

export async function signInAs(
  app: FastifyInstance,
  options: { active?: boolean; age?: number | null; guardianConsent?: boolean; name?: string; role?: 'user' | 'staff' | 'admin' } = {},
): Promise<SignedIn> {
  const mobile = `91${String(randomInt(6_000_000_000, 9_999_999_999))}`;
  const [user] = await app.db
    .insert(users)
    .values({
      mobile,
      name: options.name ?? 'Test Learner',
      active: options.active ?? true,
      age: options.age === undefined ? 30 : options.age,
      role: options.role ?? 'user',
      guardianConsentAt: options.guardianConsent ? new Date() : null,
    })
    .returning({ id: users.id });
  const token = randomBytes(32).toString('base64url');
  await insertSession(app.db, {
    tokenHash: hashToken(token),
    userId: user!.id,
    expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
    userAgent: null,
  });
  return { userId: user!.id, mobile, headers: { cookie: `sid=${token}` } };
}

/** Signs in an account that holds staff roles (a translator's languages where given). */
export async function signInAsStaff(
  app: FastifyInstance,
  roles: [StaffRole, ...StaffRole[]],
  options: { languages?: LanguageCode[]; name?: string } = {},
): Promise<SignedIn> {
  const signedIn = await signInAs(app, { name: options.name ?? `Staff ${roles.join(' and ')}` });
  await app.db.insert(staffMembers).values({ userId: signedIn.userId, roles, languages: options.languages ?? [] });
  return signedIn;
}
