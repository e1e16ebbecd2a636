// The staff's own calls under /api/staff/: who is signed in as staff.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { StaffMe } from '../../../contract/staff';
import { STAFF_ROLES } from '../../../contract/staff-roles';
import { errorResponses } from '../../../contract/message-responses';
import { access, routeAccess } from '../../plugins/access';
import { requireStaff } from '../../plugins/staff';

export default async function staffRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  routeAccess(app, access.staff(...STAFF_ROLES));

  app.get(
    '/api/staff/me',
    {
      schema: {
        tags: ['staff'],
        summary: 'The signed-in staff member: name, roles and the languages a translator was given',
        response: { 200: StaffMe, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const member = await requireStaff(request);
      return { userId: member.userId, name: member.name, roles: [...member.roles], languages: [...member.languages] };
    },
  );
}
