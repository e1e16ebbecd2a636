// The signed-in learner's own record (GET/PATCH /api/user/me from the specification) and the calls
// the product adds for a minor's guardian consent and the DPDP rights to a copy and to erasure.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { MessageResponse, errorResponses } from '../../../contract/message-responses';
import { messageBody } from '../../../contract/messages';
import { OtpSentResponse } from '../../../contract/auth';
import { GuardianConsentBody, GuardianConsentCodeBody, UpdateProfileBody, UserResponse } from '../../../contract/users';
import { access, routeAccess } from '../../plugins/access';
import { endSession } from '../../plugins/session';
import type { AuthDeps } from '../auth/service';
import {
  deleteAccount,
  exportData,
  profile,
  recordGuardianConsent,
  sendGuardianConsentCode,
  updateProfile,
} from './service';

const tags = ['profile'];
const errors = errorResponses(401, 403);

export default async function usersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // An inactive account may still read, download and delete its data; changing it needs an active one.
  routeAccess(app, access.user);
  // A guardian's consent is confirmed by a one-time password, sent and checked as sign-in's are.
  const deps: AuthDeps = { db: app.db, config: app.config, sms: app.sms };

  app.get(
    '/api/user/me',
    {
      schema: { tags, summary: 'The signed-in learner’s profile', response: { 200: UserResponse, ...errors } },
    },
    async (request) => {
      const user = (await request.getUser())!;
      return { user: await profile(app.db, user.id) };
    },
  );

  app.patch(
    '/api/user/me',
    {
      config: { access: access.activeUser },
      schema: {
        tags,
        summary: 'Change one’s name, email, age, gender or qualification',
        description:
          'Only these five fields are read; any other (mobile, role, active) is ignored. An empty email or null clears a field. An age under 18 makes the learner a minor until the latest their 18th birthday can fall (`minorUntil`); a later, lower age moves it later, and no other change of age lifts it: learning waits for a guardian’s consent until then.',
        body: UpdateProfileBody,
        response: { 200: UserResponse, ...errorResponses(400), ...errors },
      },
    },
    async (request) => {
      const user = (await request.getUser())!;
      return { user: await updateProfile(app.db, user.id, request.body) };
    },
  );

  app.post(
    '/api/user/me/guardian-consent/code',
    {
      config: { access: access.activeUser },
      schema: {
        tags,
        summary: 'Send a one-time password to the parent’s or guardian’s own mobile number',
        description:
          'First step of the consent a learner under 18 needs before enrolling, learning or taking quizzes (DPDP Act 2023, s. 9; DPDP Rules 2025, rule 10). Names the guardian, their relationship and their own mobile number (an Indian mobile, not the learner’s: 400 guardianMobileOwn); the code goes there by SMS. The cooldown (429 wait), the limits per number (429 numberLimit, counted with sign-in codes) and per address (429 addressLimit) are sign-in’s. 400 consentNotNeeded when the learner is not a minor. `resendAfter` says when another code may be asked for.',
        body: GuardianConsentCodeBody,
        response: { 200: OtpSentResponse, ...errorResponses(400, 429, 503), ...errors },
      },
    },
    async (request) => {
      const user = (await request.getUser())!;
      const { resendAfter } = await sendGuardianConsentCode(deps, user.id, request.body, request.ip);
      return { ...messageBody('consentCodeSent'), resendAfter };
    },
  );

  app.post(
    '/api/user/me/guardian-consent',
    {
      config: { access: access.activeUser },
      schema: {
        tags,
        summary: 'Record a parent’s or guardian’s consent with the one-time password sent to their number',
        description:
          'Second step: the same guardian, the code they received (`otp`) and `agree: true`. Records the consent with its method (`guardian-otp`), time, the guardian’s name, relationship and number; learning opens. The code works once, for this learner only, with sign-in’s lifetime and tries (400 noCode, wrongCode, expired, used, tooManyTries, codeShape).',
        body: GuardianConsentBody,
        response: { 200: UserResponse, ...errorResponses(400), ...errors },
      },
    },
    async (request) => {
      const user = (await request.getUser())!;
      return { user: await recordGuardianConsent(deps, user.id, request.body) };
    },
  );

  app.get(
    '/api/user/me/export',
    {
      schema: {
        tags,
        summary: 'Download everything stored about the signed-in learner (JSON)',
        description:
          'Profile (with the guardian’s consent: method, time, name, relationship and number), sign-ins, one-time-password requests, the guardian consent codes asked for, enrolments, completions, quiz attempts, journal entries, ratings, certificates, and event entries with their answers and any guardian consent.',
        response: {
          200: Type.Object({ exportedAt: Type.String() }, { additionalProperties: true }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const user = (await request.getUser())!;
      const data = await exportData(app.db, user.id, user.mobile);
      reply.header('content-disposition', 'attachment; filename="my-data.json"').header('cache-control', 'no-store');
      return data as { exportedAt: string };
    },
  );

  app.delete(
    '/api/user/me',
    {
      schema: {
        tags,
        summary: 'Delete the account and all its data, and sign out',
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request, reply) => {
      const user = (await request.getUser())!;
      await deleteAccount(app.db, user.id, user.mobile);
      await endSession(request, reply);
      return messageBody('accountDeleted');
    },
  );
}
