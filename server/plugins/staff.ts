// The staff member behind a request: `request.getStaffSession()` reads the account's roles and the
// staff side of its session once per request, in one statement, only on the routes that ask (the
// staff rule of plugins/access.ts, the staff's handlers), so a learner's requests never pay for
// it. Roles are read on every staff request, never kept in the session, so taking a role away
// takes effect on the next request.
//
// The staff rule's checks, in order: a staff record (403 staffOnly); a staff session neither ended
// by an admin's change nor past its shorter lifetimes (401 staffSessionEnded: sign in again); the
// second factor confirmed in this session when the roles need one (403 secondFactorRequired, on
// every route but the few that serve before it); then the route's roles (403 roleNotAllowed).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { StaffRole } from '../../contract/staff-roles';
import {
  noteStaffRequest,
  staffSessionOf,
  staffSessionOver,
  type StaffMember,
  type StaffSession,
} from '../modules/staff/service';
import type { AuditActor } from '../modules/audit/service';
import { HttpError, forbidden } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member, or null; resolved once per request on first use. */
    getStaff(): Promise<StaffMember | null>;
    /** The staff side of the request's session, or null for an account without an active staff record. */
    getStaffSession(): Promise<StaffSession | null>;
    staffPromise: Promise<StaffSession | null> | null;
  }
}

/** The staff member a staff route's handler serves (the access rule made sure there is one). */
export async function requireStaff(request: FastifyRequest): Promise<StaffMember> {
  return (await requireStaffSession(request)).member;
}

/** The staff session a staff route's handler serves (the access rule made sure there is one). */
export async function requireStaffSession(request: FastifyRequest): Promise<StaffSession> {
  const session = await request.getStaffSession();
  if (!session) throw new Error('requireStaff called on a route without a staff access rule');
  return session;
}

/** The audit log's actor for a staff request: the member and the address the request came from. */
export async function staffActor(request: FastifyRequest): Promise<AuditActor> {
  const member = await requireStaff(request);
  return { id: member.userId, name: member.name, address: request.ip };
}

/**
 * The staff rule's check (after the signed-in, active account is established): see the top of the
 * file. `beforeSecondFactor` routes (who am I, the second factor's own) answer without it.
 */
export async function checkStaffRule(
  request: FastifyRequest,
  rule: { readonly roles: readonly StaffRole[]; readonly beforeSecondFactor?: boolean },
): Promise<void> {
  const session = await request.getStaffSession();
  if (!session) throw forbidden('staffOnly');
  const now = new Date();
  if (staffSessionOver(session, request.server.config.staffSession, now)) throw new HttpError(401, 'staffSessionEnded');
  if (!rule.beforeSecondFactor && !session.secondFactorAt) {
    throw forbidden('secondFactorRequired');
  }
  if (!rule.roles.some((role) => session.member.roles.includes(role))) throw forbidden('roleNotAllowed');
  await noteStaffRequest(request.server.db, session, now);
}

export default fp(
  async function staff(app: FastifyInstance) {
    app.decorateRequest('staffPromise', null);
    app.decorateRequest('getStaffSession', function (this: FastifyRequest) {
      this.staffPromise ??= this.getUser().then((user) =>
        user?.active && this.sessionId ? staffSessionOf(app.db, this.sessionId) : null,
      );
      return this.staffPromise;
    });
    app.decorateRequest('getStaff', function (this: FastifyRequest) {
      return this.getStaffSession().then((session) => session?.member ?? null);
    });
  },
  { name: 'staff', dependencies: ['session'] },
);
