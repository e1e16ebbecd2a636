// The staff member behind a request: `request.getStaff()` reads the account's roles once per
// request, only on the routes that ask (the staff rule of plugins/access.ts, the staff's handlers),
// so a learner's requests never pay for it. Roles are read on every staff request, never kept in
// the session, so taking a role away takes effect on the next request.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { staffMemberOf, type StaffMember } from '../modules/staff/service';
import type { AuditActor } from '../modules/audit/service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member, or null; resolved once per request on first use. */
    getStaff(): Promise<StaffMember | null>;
    staffPromise: Promise<StaffMember | null> | null;
  }
}

/** The staff member a staff route's handler serves (the access rule made sure there is one). */
export async function requireStaff(request: FastifyRequest): Promise<StaffMember> {
  const member = await request.getStaff();
  if (!member) throw new Error('requireStaff called on a route without a staff access rule');
  return member;
}

/** The audit log's actor for a staff request: the member and the address the request came from. */
export async function staffActor(request: FastifyRequest): Promise<AuditActor> {
  const member = await requireStaff(request);
  return { id: member.userId, name: member.name, address: request.ip };
}

export default fp(
  async function staff(app: FastifyInstance) {
    app.decorateRequest('staffPromise', null);
    app.decorateRequest('getStaff', function (this: FastifyRequest) {
      this.staffPromise ??= this.getUser().then((user) => (user?.active ? staffMemberOf(app.db, user.id) : null));
      return this.staffPromise;
    });
  },
  { name: 'staff', dependencies: ['session'] },
);
