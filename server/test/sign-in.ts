// Signs a learner in for a test without the one-time-password flow: a users row and a session stored
// the way startSession stores it (the token's hash); the token goes in the cookie.
import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { LanguageCode } from '../../contract/languages';
import { eq } from 'drizzle-orm';
import type { StaffRole } from '../../contract/staff-roles';
import { sessions } from '../db/schema/auth';
import { staffMembers, staffSecondFactors } from '../db/schema/staff';
import { users } from '../db/schema/users';
import { encryptSecret } from '../modules/staff/second-factor-crypto';
import { minorUntilFor } from '../modules/users/service';
import { newTotpSecret } from '../modules/staff/totp';
import { hashToken } from '../plugins/session';
import { insertSession } from '../plugins/session-repository';

/**
 * What signing in needs of the app: its database and its secret. A running app, or a test's own
 * connection to the database of servers it started (tests/cluster/).
 */
export type SignInTarget = Pick<FastifyInstance, 'db'> & { config: Pick<FastifyInstance['config'], 'secret'> };

export interface SignedIn {
  userId: string;
  mobile: string;
  /** Pass as `headers` to app.inject. */
  headers: { cookie: string };
}

export async function signInAs(
  app: SignInTarget,
  options: {
    active?: boolean;
    age?: number | null;
    guardianConsent?: boolean;
    name?: string;
    role?: 'user' | 'staff' | 'admin';
  } = {},
): Promise<SignedIn> {
  const mobile = `91${String(randomInt(6_000_000_000, 9_999_999_999))}`;
  const age = options.age === undefined ? 30 : options.age;
  const [user] = await app.db
    .insert(users)
    .values({
      mobile,
      name: options.name ?? 'Test Learner',
      active: options.active ?? true,
      age,
      // As if the age had been declared through the profile just now.
      minorUntil: age === null ? null : minorUntilFor(age, new Date()),
      role: options.role ?? 'user',
      ...(options.guardianConsent
        ? { guardianConsentAt: new Date(), guardianConsentMethod: 'guardian-otp' as const }
        : {}),
    })
    .returning({ id: users.id });
  return { userId: user!.id, mobile, headers: await newSession(app, user!.id) };
}

/** Another sign-in of an existing account (a second browser): a new session's cookie header. */
export async function newSession(app: SignInTarget, userId: string): Promise<{ cookie: string }> {
  const token = randomBytes(32).toString('base64url');
  await insertSession(app.db, {
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
    userAgent: null,
  });
  return { cookie: `sid=${token}` };
}

export interface SignedInStaff extends SignedIn {
  /** The authenticator secret (base32) when one is set up: totpCode(secret, new Date()) makes a code. */
  totpSecret: string | null;
}

/**
 * Signs in an account that holds staff roles (a translator's languages where given). By default a
 * member whose roles need a second factor (admin, editor) has an authenticator app set up and this
 * session has confirmed it, as after a real sign-in; `secondFactor` chooses another state: 'required'
 * (set up, not confirmed in this session) or 'setup-required' (none set up).
 */
export async function signInAsStaff(
  app: SignInTarget,
  roles: [StaffRole, ...StaffRole[]],
  options: {
    languages?: LanguageCode[];
    name?: string;
    secondFactor?: 'verified' | 'required' | 'setup-required';
  } = {},
): Promise<SignedInStaff> {
  const signedIn = await signInAs(app, { name: options.name ?? `Staff ${roles.join(' and ')}` });
  await app.db.insert(staffMembers).values({ userId: signedIn.userId, roles, languages: options.languages ?? [] });
  const state = options.secondFactor ?? 'verified';
  if (state === 'setup-required') return { ...signedIn, totpSecret: null };
  const totpSecret = newTotpSecret();
  const now = new Date();
  await app.db.insert(staffSecondFactors).values({
    userId: signedIn.userId,
    secretCiphertext: encryptSecret(app.config.secret, signedIn.userId, totpSecret),
    confirmedAt: now,
  });
  if (state === 'verified')
    await app.db.update(sessions).set({ secondFactorAt: now }).where(eq(sessions.userId, signedIn.userId));
  return { ...signedIn, totpSecret };
}

/** The cookie header a response renewed (the session token after a second factor), or the one sent. */
export function renewedHeaders(
  response: { cookies: { name: string; value: string }[] },
  sent: { cookie: string },
): { cookie: string } {
  const renewed = response.cookies.find((cookie) => cookie.name === 'sid');
  return renewed ? { cookie: `sid=${renewed.value}` } : sent;
}
