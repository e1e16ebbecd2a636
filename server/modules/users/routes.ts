// The signed-in learner's own record (GET/PATCH /api/user/me from the specification) and the calls
// the product adds for a minor's guardian consent and the DPDP rights to a copy and to erasure.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { MessageResponse, errorResponses } from '../../../contract/message-responses';
import { messageBody } from '../../../contract/messages';
import { GuardianConsentBody, UpdateProfileBody, UserResponse } from '../../../contract/users';
import { access, routeAccess } from '../../plugins/access';
import { endSession } from '../../plugins/session';
import { deleteAccount, exportData, profile, recordGuardianConsent, updateProfile } from './service';

const tags = ['profile'];
const errors = errorResponses(401, 403);

export default async function usersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // An inactive account may still read, download and delete its data; changing it needs an active one.
  routeAccess(app, access.user);

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
          'Only these five fields are read; any other (mobile, role, active) is ignored. An empty email or null clears a field.',
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
    '/api/user/me/guardian-consent',
    {
      config: { access: access.activeUser },
      schema: {
        tags,
        summary: 'Record a parent’s or guardian’s consent for a learner under 18',
        description: 'Required (DPDP Act 2023) before a learner under 18 can enrol, learn or take quizzes.',
        body: GuardianConsentBody,
        response: { 200: UserResponse, ...errorResponses(400), ...errors },
      },
    },
    async (request) => {
      const user = (await request.getUser())!;
      return { user: await recordGuardianConsent(app.db, user.id, request.body) };
    },
  );

  app.get(
    '/api/user/me/export',
    {
      schema: {
        tags,
        summary: 'Download everything stored about the signed-in learner (JSON)',
        description:
          'Profile, sign-ins, one-time-password requests, enrolments, completions, quiz attempts, journal entries, ratings and certificates.',
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
