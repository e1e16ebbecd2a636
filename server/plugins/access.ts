// Who may call each API route. A module declares it once for all its routes (routeAccess) and a route
// may state its own in config.access; one hook enforces it. The check runs at onRequest, before the
// body is parsed or validated, so a caller who may not call a route always gets 401 or 403, never a
// 400 that would tell them about the input rules. Every /api/ route must have a rule: one without
// stops the server at start-up. Each rule is written into the OpenAPI document (x-access, security
// and a sentence in the description).
import type { FastifyInstance, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { MINOR_AGE, consentRequired } from '../../contract/profile-options';
import { STAFF_ROLE_PURPOSES, type StaffRole } from '../../contract/staff-roles';
import { forbidden, unauthorized } from './errors';
import type { SignedInUser } from './session';
import { checkStaffRule } from './staff';

/** A rule is plain data, so the OpenAPI document can show it as it is. */
export type AccessRule =
  | { readonly kind: 'public' }
  | { readonly kind: 'user' }
  | { readonly kind: 'active-user' }
  | { readonly kind: 'learner' }
  | { readonly kind: 'staff'; readonly roles: readonly StaffRole[]; readonly beforeSecondFactor?: true };

export const access = {
  /** Anyone, signed in or not. */
  public: { kind: 'public' },
  /** Any signed-in account, active or not: it may still read, download and delete its own data. */
  user: { kind: 'user' },
  /** A signed-in account that is active. */
  activeUser: { kind: 'active-user' },
  /** An active learner and, under 18, a parent's or guardian's recorded consent. */
  learner: { kind: 'learner' },
  /**
   * An active staff member holding one of the roles (plugins/staff.ts). What a role may do inside a
   * route (a translator's languages) the route's service checks.
   */
  staff: (...roles: [StaffRole, ...StaffRole[]]): AccessRule => ({ kind: 'staff', roles }),
  /**
   * The staff rule for the few routes a staff member needs before confirming the second factor in
   * the session (who am I, setting up and confirming the second factor); every other staff route
   * answers 403 secondFactorRequired until then to a member whose roles need one.
   */
  staffBeforeSecondFactor: (...roles: [StaffRole, ...StaffRole[]]): AccessRule => ({
    kind: 'staff',
    roles,
    beforeSecondFactor: true,
  }),
} as const satisfies Record<string, AccessRule | ((...roles: [StaffRole, ...StaffRole[]]) => AccessRule)>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; when absent, the rule its module set with routeAccess. */
    access?: AccessRule;
  }
}

type Check = (request: FastifyRequest) => Promise<void>;

/** The signed-in user (401 without a session); with `active`, only an active one (403 otherwise). */
async function signedIn(request: FastifyRequest, active: boolean): Promise<SignedInUser> {
  const user = await request.getUser();
  if (!user) throw unauthorized();
  if (active && !user.active) throw forbidden('inactive');
  return user;
}

/** How a rule is enforced (null: nothing to check) and how the OpenAPI document states it. */
function enforcement(rule: AccessRule): { check: Check | null; needsSession: boolean; sentence: string } {
  switch (rule.kind) {
    case 'public':
      return { check: null, needsSession: false, sentence: 'Access: public, no sign-in needed.' };
    case 'user':
      return {
        check: async (request) => void (await signedIn(request, false)),
        needsSession: true,
        sentence: 'Access: any signed-in account, active or not (401 without a session).',
      };
    case 'active-user':
      return {
        check: async (request) => void (await signedIn(request, true)),
        needsSession: true,
        sentence: 'Access: a signed-in, active account (401 without a session, 403 when the account is not active).',
      };
    case 'learner':
      return {
        check: async (request) => {
          const user = await signedIn(request, true);
          // Whatever age the profile says now: once a minor, until minorUntil or a verified consent (ADR 18).
          if (consentRequired(user, new Date())) throw forbidden('consentRequired', { age: MINOR_AGE });
        },
        needsSession: true,
        sentence:
          "Access: an active learner and, for one who declared an age under 18, a parent's or guardian's consent verified by a one-time password (401 without a session, 403 otherwise).",
      };
    case 'staff':
      return {
        check: async (request) => {
          await signedIn(request, true);
          await checkStaffRule(request, rule);
        },
        needsSession: true,
        sentence:
          `Access: staff with the role ${rule.roles.map((role) => `${role} (${STAFF_ROLE_PURPOSES[role]})`).join(' or ')}` +
          (rule.beforeSecondFactor
            ? ', also before the second factor is confirmed in the session'
            : ', with the second factor confirmed in the session') +
          ' (401 without a session or when the staff session has ended, 403 otherwise).',
      };
  }
}

/** The rule set by routeAccess for an encapsulation context. */
const groupRules = new WeakMap<object, AccessRule>();
/** The root instances the access plugin is registered on: a rule for the whole app is refused. */
const roots = new WeakSet<object>();

/**
 * Sets the access rule of every route the calling plugin registers (a module's routes), and of the
 * plugins it registers in turn, unless a route states its own in config.access. Call it at the top
 * of the module's routes plugin.
 */
export function routeAccess(app: FastifyInstance, rule: AccessRule): void {
  if (roots.has(app))
    throw new Error(
      'routeAccess sets the rule of a module’s routes; call it inside the module’s plugin, not on the app',
    );
  groupRules.set(app, rule);
}

/**
 * The rule set for the context or the nearest one around it. A plugin's context is created from its
 * parent's (Object.create), so the walk up the prototype chain visits the enclosing plugins in turn.
 */
function groupRule(instance: object): AccessRule | undefined {
  for (let context: object | null = instance; context; context = Object.getPrototypeOf(context)) {
    const rule = groupRules.get(context);
    if (rule) return rule;
  }
  return undefined;
}

function withHook(existing: RouteOptions['onRequest'], check: Check): NonNullable<RouteOptions['onRequest']> {
  const hooks = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
  return [...hooks, check] as NonNullable<RouteOptions['onRequest']>;
}

export default fp(
  async function accessRules(app: FastifyInstance) {
    roots.add(app);
    app.addHook('onRoute', function (this: FastifyInstance, route) {
      if (!route.url.startsWith('/api/')) return;
      const rule = route.config?.access ?? groupRule(this);
      if (!rule) {
        throw new Error(
          `${route.method} ${route.url} has no access rule: call routeAccess() in its module's routes or set config.access on the route`,
        );
      }
      route.config = { ...route.config, access: rule };
      const { check, needsSession, sentence } = enforcement(rule);
      // Route-level hooks run after the app's (security headers, the cross-site check, rate limits).
      if (check) route.onRequest = withHook(route.onRequest, check);
      if (!route.schema?.hide) {
        const { security: _security, ...schema } = route.schema ?? {};
        const annotated: Record<string, unknown> = {
          ...schema,
          description: [schema.description, sentence].filter(Boolean).join(' '),
          'x-access': rule,
          ...(needsSession ? { security: [{ session: [] }] } : {}),
        };
        route.schema = annotated as FastifySchema;
      }
    });
  },
  { name: 'access', dependencies: ['session', 'staff'] },
);
