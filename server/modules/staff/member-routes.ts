// Staff accounts, for admins: list, add by mobile number, change roles and languages, deactivate and
// reactivate, reset a lost authenticator app. Every change is in the audit log.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AddStaffMemberBody,
  ChangeStaffMemberBody,
  StaffMemberList,
  StaffMemberParams,
  StaffMemberSummary,
} from '../../../contract/staff';
import { errorResponses } from '../../../contract/message-responses';
import { access, routeAccess } from '../../plugins/access';
import { staffActor } from '../../plugins/staff';
import { addMember, changeMember, listMembers, resetMemberSecondFactor, setMemberActive } from './members';

const tags = ['staff'];

export default async function memberRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  routeAccess(app, access.staff('admin'));

  app.get(
    '/api/staff/members',
    {
      schema: {
        tags,
        summary:
          'Every staff member, active or not, with their roles, languages and whether an authenticator app is set up',
        response: { 200: StaffMemberList, ...errorResponses(401, 403) },
      },
    },
    async () => ({ rows: await listMembers(app.db) }),
  );

  app.post(
    '/api/staff/members',
    {
      schema: {
        tags,
        summary: 'Put a person on the staff by mobile number',
        description:
          'A number without an account needs `name`: the account is made with it, and the person signs in with a one-time password as usual. A translator needs at least one language; the other roles take none.',
        body: AddStaffMemberBody,
        response: { 201: StaffMemberSummary, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const member = await addMember(app.db, await staffActor(request), request.body);
      return reply.code(201).send(member);
    },
  );

  app.patch(
    '/api/staff/members/:userId',
    {
      schema: {
        tags,
        summary: 'Change a staff member’s roles or a translator’s languages',
        description:
          'Each field given replaces the current list. Taking a role away ends the person’s staff sessions at once. The last active admin keeps the admin role (409).',
        params: StaffMemberParams,
        body: ChangeStaffMemberBody,
        response: { 200: StaffMemberSummary, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => changeMember(app.db, await staffActor(request), request.params.userId, request.body),
  );

  app.post(
    '/api/staff/members/:userId/deactivate',
    {
      schema: {
        tags,
        summary:
          'Deactivate a staff member: their roles are kept but count for nothing, and their staff sessions end at once',
        description: 'The account stays a learner’s. The last active admin cannot be deactivated (409).',
        params: StaffMemberParams,
        response: { 200: StaffMemberSummary, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => setMemberActive(app.db, await staffActor(request), request.params.userId, false),
  );

  app.post(
    '/api/staff/members/:userId/reactivate',
    {
      schema: {
        tags,
        summary: 'Make a deactivated staff member active again, with the roles they had',
        params: StaffMemberParams,
        response: { 200: StaffMemberSummary, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => setMemberActive(app.db, await staffActor(request), request.params.userId, true),
  );

  app.delete(
    '/api/staff/members/:userId/second-factor',
    {
      schema: {
        tags,
        summary: 'Reset a staff member’s authenticator app (a lost phone)',
        description:
          'Removes the app and its recovery codes and ends the person’s staff sessions; they set up a new app at their next sign-in.',
        params: StaffMemberParams,
        response: { 200: StaffMemberSummary, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => resetMemberSecondFactor(app.db, await staffActor(request), request.params.userId),
  );
}
