// Who may call each authoring route, walked from the OpenAPI document so that no route can be added
// without landing here: anonymous 401; learners and analysts 403; translators the reading, saving
// and submitting routes (their languages are checked inside); editors and admins everything.
import { beforeAll, describe, expect, it } from 'vitest';
import { messageBody } from '../../../contract/messages';
import { testAppPerFile } from '../../test/test-app';
import { signInAs, signInAsStaff, type SignedIn } from '../../test/sign-in';
import type { AccessRule } from '../../plugins/access';

const t = testAppPerFile();
const who: Record<string, SignedIn> = {};

beforeAll(async () => {
  who.learner = await signInAs(t.app);
  who.analyst = await signInAsStaff(t.app, ['analyst']);
  who.translator = await signInAsStaff(t.app, ['translator'], { languages: ['hi'] });
  who.editor = await signInAsStaff(t.app, ['editor']);
  who.admin = await signInAsStaff(t.app, ['admin']);
});

/** What translators may call: reading, saving, submitting, restoring a version, previewing, the exchange files (all checked by language inside). */
const TRANSLATOR_ROUTES = new Set([
  'GET /api/staff/content',
  'GET /api/staff/content/translations',
  'GET /api/staff/content/{id}',
  'GET /api/staff/content/{id}/{lang}',
  'PUT /api/staff/content/{id}/{lang}',
  'GET /api/staff/content/{id}/{lang}/template',
  'GET /api/staff/content/{id}/{lang}/stale',
  'GET /api/staff/content/{id}/{lang}/preview',
  'POST /api/staff/content/{id}/{lang}/submit',
  'GET /api/staff/content/{id}/{lang}/versions',
  'GET /api/staff/content/{id}/{lang}/versions/{number}',
  'POST /api/staff/content/{id}/{lang}/versions/{number}/restore',
  'GET /api/staff/content/{id}/{lang}/diff',
  'GET /api/staff/content/{id}/{lang}/xliff',
  'GET /api/staff/content/xliff/{lang}',
  'POST /api/staff/content/xliff',
]);

describe('access to the authoring routes', () => {
  it('answers each role as its rule says, for every route in the document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { 'x-access': AccessRule }>>;
    };
    const routes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/staff/content'))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, op]) => ({
          route: `${method.toUpperCase()} ${path}`,
          method: method.toUpperCase(),
          path,
          rule: op['x-access'],
        })),
      );
    expect(routes.length).toBe(22);
    for (const { route, method, path, rule } of routes) {
      expect(rule.kind, route).toBe('staff');
      const roles = rule.kind === 'staff' ? [...rule.roles].sort() : [];
      expect(roles, route).toEqual(
        TRANSLATOR_ROUTES.has(route) ? ['admin', 'editor', 'translator'] : ['admin', 'editor'],
      );
      const url =
        path.replace('{id}', '5f0c4b8e-0000-4000-8000-000000000001').replace('{lang}', 'hi').replace('{number}', '1') +
        (path.endsWith('/diff') ? '?from=1&to=2' : '');
      const send = (headers?: { cookie: string }) =>
        t.app.inject({
          method: method as 'GET',
          url,
          headers,
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
      expect((await send()).statusCode, `${route} anonymous`).toBe(401);
      expect((await send(who.learner!.headers)).json(), `${route} learner`).toEqual(messageBody('staffOnly'));
      expect((await send(who.analyst!.headers)).json(), `${route} analyst`).toEqual(messageBody('roleNotAllowed'));
      const translator = await send(who.translator!.headers);
      if (TRANSLATOR_ROUTES.has(route)) expect([401, 403], `${route} translator`).not.toContain(translator.statusCode);
      else expect(translator.json(), `${route} translator`).toEqual(messageBody('roleNotAllowed'));
      for (const role of ['editor', 'admin']) {
        const res = await send(who[role]!.headers);
        // Let through: a 2xx for a list, 400 for the empty body, 404 for the made-up item.
        expect([200, 400, 404], `${route} ${role}: ${res.body}`).toContain(res.statusCode);
      }
    }
  });
});
