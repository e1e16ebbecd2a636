// The staff's own calls under /api/staff/: who is signed in as staff and what their session still
// needs, the second factor, and (for admins) the staff accounts.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { RecoveryCodesAnswer, SecondFactorCodeBody, SecondFactorSetupAnswer, StaffMe } from '../../../contract/staff';
import { STAFF_ROLES } from '../../../contract/staff-roles';
import { errorResponses } from '../../../contract/message-responses';
import { access, routeAccess } from '../../plugins/access';
import { renewSessionToken } from '../../plugins/session';
import { requireStaffSession, staffActor } from '../../plugins/staff';
import { secondFactorState, type StaffSession } from './service';
import {
  confirmSetup,
  recoveryCodesLeft,
  renewRecoveryCodes,
  startSetup,
  verify,
  type SecondFactorDeps,
} from './second-factor';
import memberRoutes from './member-routes';

const tags = ['staff'];

async function staffMe(db: Db, session: StaffSession): Promise<StaffMe> {
  const { member } = session;
  const secondFactor = secondFactorState(session);
  return {
    userId: member.userId,
    name: member.name,
    roles: [...member.roles],
    languages: [...member.languages],
    secondFactor,
    // Said once it is confirmed: who has not confirmed yet may not be the member.
    ...(secondFactor === 'verified' ? { recoveryCodesLeft: await recoveryCodesLeft(db, member.userId) } : {}),
  };
}

export default async function staffRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // Who am I and the second factor's own calls answer before the second factor is confirmed.
  routeAccess(app, access.staffBeforeSecondFactor(...STAFF_ROLES));
  const deps: SecondFactorDeps = { db: app.db, secret: app.config.secret };

  app.get(
    '/api/staff/me',
    {
      schema: {
        tags,
        summary:
          'The signed-in staff member: name, roles, the languages a translator was given, and where the second factor stands',
        response: { 200: StaffMe, ...errorResponses(401, 403) },
      },
    },
    async (request) => staffMe(app.db, await requireStaffSession(request)),
  );

  app.post(
    '/api/staff/second-factor/setup',
    {
      schema: {
        tags,
        summary: 'Start setting up an authenticator app: its QR code, otpauth URI and secret',
        description:
          'For admins and editors without a confirmed app. Calling it again replaces a secret not yet confirmed. Nothing is in force until POST /api/staff/second-factor/confirm.',
        response: { 200: SecondFactorSetupAnswer, ...errorResponses(401, 403, 409) },
      },
    },
    async (request) => startSetup(deps, await requireStaffSession(request)),
  );

  app.post(
    '/api/staff/second-factor/confirm',
    {
      schema: {
        tags,
        summary:
          'Confirm the new authenticator app with its first code; answers the ten recovery codes, shown only this once',
        description:
          'Confirms the second factor for this session too (the session cookie is renewed). Wrong codes count: after 5 within 15 minutes, 429 until the window has passed.',
        body: SecondFactorCodeBody,
        response: { 200: RecoveryCodesAnswer, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const session = await requireStaffSession(request);
      const recoveryCodes = await confirmSetup(deps, session, await staffActor(request), request.body.code);
      await renewSessionToken(request, reply);
      return { recoveryCodes };
    },
  );

  app.post(
    '/api/staff/second-factor/verify',
    {
      schema: {
        tags,
        summary: 'Confirm the second factor for this session with the app’s code or a recovery code',
        description:
          'A code is accepted once (the same code again is refused), a recovery code is spent. The session cookie is renewed. Wrong codes count: after 5 within 15 minutes, 429 until the window has passed.',
        body: SecondFactorCodeBody,
        response: { 200: StaffMe, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const session = await requireStaffSession(request);
      await verify(deps, session, await staffActor(request), request.body.code);
      await renewSessionToken(request, reply);
      return staffMe(app.db, { ...session, secondFactorAt: new Date(), secondFactorSet: true });
    },
  );

  app.post(
    '/api/staff/second-factor/recovery-codes',
    {
      // Only in a session whose second factor is confirmed, unlike the calls above.
      config: { access: access.staff(...STAFF_ROLES) },
      schema: {
        tags,
        summary: 'Ten new recovery codes in place of the old ones, shown only this once',
        description:
          'Every earlier recovery code, spent or not, stops working. Needs a current code of the authenticator app (a recovery code is refused), even in a confirmed session. Wrong codes count with the others: after 5 within 15 minutes, 429 until the window has passed.',
        body: SecondFactorCodeBody,
        response: { 200: RecoveryCodesAnswer, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request) => {
      const session = await requireStaffSession(request);
      return { recoveryCodes: await renewRecoveryCodes(deps, session, await staffActor(request), request.body.code) };
    },
  );

  await app.register(memberRoutes);
}
