// Who may call what: every API route has a declared rule, the OpenAPI document shows it, and a caller
// who may not call a route is answered 401 or 403 before anything about the request is validated.
import Fastify, { type FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../test/test-app';
import { createCourseFixture, type CourseFixture } from '../test/course-fixture';
import { signInAs, type SignedIn } from '../test/sign-in';
import accessRules, { access, routeAccess, type AccessRule } from './access';
import configAndDb from './config-and-db';
import errors from './errors';
import session from './session';
import staff from './staff';
import { MINOR_AGE } from '../../contract/profile-options';
import { messageBody } from '../../contract/messages';

const t = testAppPerFile();
let course: CourseFixture;
let inactive: SignedIn;
let minor: SignedIn;
let learner: SignedIn;

beforeAll(async () => {
  course = await createCourseFixture(t.app.db);
  inactive = await signInAs(t.app, { active: false });
  minor = await signInAs(t.app, { age: 15 });
  learner = await signInAs(t.app);
});

const SIGN_IN = messageBody('signInRequired');
const INACTIVE = messageBody('inactive');
const NO_CONSENT = messageBody('consentRequired', { age: MINOR_AGE });

describe('401 and 403 come before 400', () => {
  const quiz = () => `/api/progress/en/${course.courseId}/quiz/${course.quizzes[0]!.id}/complete`;
  const send = (method: 'POST' | 'PATCH', url: string, who: SignedIn | undefined, payload: string) =>
    t.app.inject({ method, url, headers: { ...who?.headers, 'content-type': 'application/json' }, payload });

  it('a learner route (quiz submission) with a bad body: anonymous 401, inactive 403, minor without consent 403, learner 400', async () => {
    for (const body of ['{"answers": "all of them"}', '{"answers": [', '[]']) {
      expect((await send('POST', quiz(), undefined, body)).json()).toEqual(SIGN_IN);
      const notActive = await send('POST', quiz(), inactive, body);
      expect(notActive.statusCode).toBe(403);
      expect(notActive.json()).toEqual(INACTIVE);
      const noConsent = await send('POST', quiz(), minor, body);
      expect(noConsent.statusCode).toBe(403);
      expect(noConsent.json()).toEqual(NO_CONSENT);
      expect((await send('POST', quiz(), learner, body)).statusCode).toBe(400);
    }
  });

  it('a learner route with malformed path parameters: anonymous 401, minor without consent 403', async () => {
    const url = '/api/progress/en/not-an-id/quiz/also-not/complete';
    const anonymous = await send('POST', url, undefined, '{}');
    expect(anonymous.statusCode).toBe(401);
    expect((await send('POST', url, minor, '{}')).statusCode).toBe(403);
    expect((await send('POST', url, learner, '{}')).statusCode).toBe(400);
  });

  it('a user route (profile change) with a bad body: anonymous 401, inactive 403, active 400', async () => {
    for (const body of ['{"age": "twenty"}', '{"age": ', '"a string"']) {
      const anonymous = await send('PATCH', '/api/user/me', undefined, body);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual(SIGN_IN);
      const notActive = await send('PATCH', '/api/user/me', inactive, body);
      expect(notActive.statusCode).toBe(403);
      expect(notActive.json()).toEqual(INACTIVE);
      expect((await send('PATCH', '/api/user/me', learner, body)).statusCode).toBe(400);
    }
  });

  it('guardian consent with a bad body: anonymous 401, inactive 403; a minor may give it without consent', async () => {
    const body = '{"agree": "yes"}';
    expect((await send('POST', '/api/user/me/guardian-consent', undefined, body)).statusCode).toBe(401);
    expect((await send('POST', '/api/user/me/guardian-consent', inactive, body)).statusCode).toBe(403);
    expect((await send('POST', '/api/user/me/guardian-consent', minor, body)).statusCode).toBe(400);
  });

  it('an inactive account still reads its profile (rule: any signed-in account)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user/me', headers: inactive.headers })).statusCode).toBe(
      200,
    );
  });
});

interface Operation {
  method: string;
  path: string;
  access: AccessRule | undefined;
  security: unknown;
  description: string | undefined;
}

/** The document's API operations (pages and files are outside /api/ and need no rule). */
async function operations(): Promise<Operation[]> {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, { 'x-access'?: AccessRule; security?: unknown; description?: string }>>;
  };
  const api = Object.entries(doc.paths).filter(([path]) => path.startsWith('/api/'));
  return api.flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      access: op['x-access'],
      security: op.security,
      description: op.description,
    })),
  );
}

describe('every route in the OpenAPI document', () => {
  const kinds: AccessRule['kind'][] = ['public', 'user', 'active-user', 'learner', 'staff'];

  it('states its access rule (x-access, security and a sentence)', async () => {
    const ops = await operations();
    expect(ops.length).toBeGreaterThan(30);
    for (const op of ops) {
      expect(kinds, `${op.method} ${op.path}`).toContain(op.access?.kind);
      expect(op.description, `${op.method} ${op.path}`).toMatch(/Access: /);
      if (op.access?.kind === 'public') expect(op.security, `${op.method} ${op.path}`).toBeUndefined();
      else expect(op.security, `${op.method} ${op.path}`).toEqual([{ session: [] }]);
    }
  });

  it('answers 401 to an anonymous caller with a bad body wherever a session is needed', async () => {
    const guarded = (await operations()).filter((op) => op.access?.kind !== 'public');
    expect(guarded.length).toBeGreaterThan(10);
    for (const op of guarded) {
      const url = op.path.replace(/\{[^}]+\}/g, 'x');
      const res = await t.app.inject({
        method: op.method as 'GET',
        url,
        ...(op.method === 'GET' || op.method === 'DELETE'
          ? {}
          : { headers: { 'content-type': 'application/json' }, payload: '{"bad":' }),
      });
      expect(res.statusCode, `${op.method} ${url}`).toBe(401);
    }
  });

  it('the rules are the ones each area needs', async () => {
    const expected: Record<string, string> = {
      'GET /api/course/public': 'public',
      'POST /api/user/login': 'public',
      'GET /api/user/session-status': 'public',
      'GET /api/certificates/verify/{number}': 'public',
      'GET /api/user/me': 'user',
      'DELETE /api/user/me': 'user',
      'PATCH /api/user/me': 'active-user',
      'POST /api/user/me/guardian-consent': 'active-user',
      'GET /api/progress/{lang}/certificate': 'learner',
      'PUT /api/course/{lang}/{courseId}/rating': 'learner',
      'PUT /api/progress/{lang}/{courseId}/journal': 'learner',
      'GET /api/progress/{lang}/stats': 'learner',
      'GET /api/staff/me': 'staff',
      'GET /api/staff/audit': 'staff',
      'POST /api/staff/media': 'staff',
      'GET /api/staff/media': 'staff',
      'GET /api/staff/media/{id}': 'staff',
      'PATCH /api/staff/media/{id}': 'staff',
      'DELETE /api/staff/media/{id}': 'staff',
      'GET /api/staff/content': 'staff',
      'PUT /api/staff/content/{id}/{lang}': 'staff',
      'POST /api/staff/content/{id}/{lang}/publish': 'staff',
      'GET /api/staff/content/translations': 'staff',
    };
    const rule = new Map((await operations()).map((op) => [`${op.method} ${op.path}`, op.access?.kind]));
    expect(Object.fromEntries(Object.keys(expected).map((route) => [route, rule.get(route)]))).toEqual(expected);
  });
});

describe('declaring a rule', () => {
  /** A bare app with the access plugin; `routes` registers a module's routes. */
  async function appWith(routes: (app: FastifyInstance) => Promise<void>): Promise<FastifyInstance> {
    const app = Fastify({ logger: false });
    await app.register(configAndDb, { config: t.config, db: t.app.db });
    await app.register(errors);
    await app.register(session);
    await app.register(staff);
    await app.register(accessRules);
    await app.register(routes);
    await app.ready();
    return app;
  }
  const ok = async () => ({ ok: true });

  it('an /api/ route without a rule stops the app at start-up, naming the route', async () => {
    await expect(
      appWith(async (app) => {
        app.get('/api/forgotten', ok);
      }),
    ).rejects.toThrow('GET /api/forgotten has no access rule');
  });

  it('a rule for the whole app is refused: it belongs to a module’s routes', async () => {
    const app = await appWith(async () => {});
    expect(() => routeAccess(app, access.public)).toThrow(/inside the module/);
    await app.close();
  });

  it('a route’s own rule wins over its module’s; a plugin inside a module inherits the module’s, or sets its own', async () => {
    const app = await appWith(async (module) => {
      routeAccess(module, access.learner);
      module.get('/api/learn', ok);
      module.get('/api/open', { config: { access: access.public } }, ok);
      await module.register(async (inner) => {
        inner.get('/api/inner/learn', ok);
      });
      await module.register(async (staff) => {
        routeAccess(staff, access.user);
        staff.get('/api/inner/user', ok);
      });
    });
    const status = async (url: string, who?: SignedIn) =>
      (await app.inject({ method: 'GET', url, headers: who?.headers })).statusCode;
    expect(await status('/api/learn')).toBe(401);
    expect(await status('/api/learn', minor)).toBe(403);
    expect(await status('/api/learn', learner)).toBe(200);
    expect(await status('/api/open')).toBe(200);
    expect(await status('/api/inner/learn', minor)).toBe(403);
    expect(await status('/api/inner/user')).toBe(401);
    expect(await status('/api/inner/user', minor)).toBe(200);
    expect(await status('/api/inner/user', inactive)).toBe(200);
    // HEAD routes made for GET routes carry the same rule.
    expect((await app.inject({ method: 'HEAD', url: '/api/learn' })).statusCode).toBe(401);
    await app.close();
  });

  it('routes outside /api/ (pages, files) need no rule', async () => {
    const app = await appWith(async (module) => {
      module.get('/about', ok);
    });
    expect((await app.inject({ method: 'GET', url: '/about' })).statusCode).toBe(200);
    await app.close();
  });
});
