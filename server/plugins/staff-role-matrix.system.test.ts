// The staff role matrix: every route under /api/staff/ in the OpenAPI document, called by each of
// anonymous, a learner, a translator (Hindi), an editor, an analyst and an admin (editor and admin
// with the second factor confirmed), answers as its x-access rule says: 401, 403, or allowed (not
// 401 or 403, and no 5xx). The routes come from the document, so a staff route added anywhere is in
// the matrix without touching this file. Routes this file knows get a valid request, so allowed
// means 2xx for them; others get a request that may well be invalid (allowed then means anything
// but 401, 403 and 5xx). And a member whose roles need a second factor and who has not confirmed it
// gets 403 secondFactorRequired everywhere but the few routes that serve before it.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../contract/staff-roles';
import { testAppPerFile } from '../test/test-app';
import { renewedHeaders, signInAs, signInAsStaff, type SignedIn, type SignedInStaff } from '../test/sign-in';
import { totpCode } from '../modules/staff/totp';
import { createTestEvent, enterTestEvent, saveTestDraft } from '../modules/events/event-test-helpers';
import type { AccessRule } from './access';
import { contentItems } from '../db/schema/authoring';
import { voiceOverJobs } from '../db/schema/read-aloud';

const t = testAppPerFile({ API_RATE_LIMIT_PER_MINUTE: '1000000' });

type CallerName = 'anonymous' | 'learner' | 'translator (hi)' | 'editor' | 'analyst' | 'admin';

interface Caller {
  name: CallerName;
  roles: StaffRole[];
  signedIn: SignedIn | SignedInStaff | null;
  headers: { cookie: string } | undefined;
}

interface Operation {
  method: string;
  path: string;
  rule: AccessRule | undefined;
}

interface Request {
  url: string;
  body?: unknown;
  /** The callers for whom this request is valid, so an allowed call must answer 2xx. */
  succeedsFor: CallerName[];
}

/** An event whose Hindi has a draft waiting: what submitting and publishing act on. */
async function eventWithHindiDraft(): Promise<string> {
  const event = await createTestEvent(t.app.db);
  await saveTestDraft(t.app.db, event.id, 'hi', { name: 'साइबर सुरक्षा', terms: 'नियम।', questions: {} });
  return event.id;
}

/** A path parameter's stand-in: a translator's language, or an id no row has. */
const fill = (path: string) =>
  path.replace(/\{lang\}/g, 'hi').replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');

/** An event whose days are over (the specification's, October 2025): closed on the clock. */
const PAST_EVENT = { firstDay: '2025-10-08', lastDay: '2025-10-11', opensAt: '09:00', closesAt: '19:00' };
const MATRIX_QUESTION = {
  type: 'single',
  optionCount: 2,
  correct: [1],
  texts: { en: { content: 'Share your one-time password?', options: ['Yes', 'No'], explanation: 'Never.' } },
};

/**
 * Valid requests for the routes this file knows, built afresh for every call so that one caller's
 * change (a member deactivated) does not change what the next finds. Keyed by method and the
 * document's path.
 */
const VALID: Record<string, (caller: Caller) => Promise<Request>> = {
  'GET /api/staff/me': async () => ({
    url: '/api/staff/me',
    succeedsFor: ['translator (hi)', 'editor', 'analyst', 'admin'],
  }),
  'GET /api/staff/audit': async () => ({ url: '/api/staff/audit?limit=5', succeedsFor: ['admin'] }),
  'GET /api/staff/members': async () => ({ url: '/api/staff/members', succeedsFor: ['admin'] }),
  'POST /api/staff/members': async () => {
    const learner = await signInAs(t.app);
    return { url: '/api/staff/members', body: { mobile: learner.mobile, roles: ['analyst'] }, succeedsFor: ['admin'] };
  },
  'PATCH /api/staff/members/{userId}': async () => {
    const member = await signInAsStaff(t.app, ['analyst']);
    return {
      url: `/api/staff/members/${member.userId}`,
      body: { roles: ['translator'], languages: ['hi'] },
      succeedsFor: ['admin'],
    };
  },
  'POST /api/staff/members/{userId}/deactivate': async () => {
    const member = await signInAsStaff(t.app, ['translator'], { languages: ['bn'] });
    return { url: `/api/staff/members/${member.userId}/deactivate`, succeedsFor: ['admin'] };
  },
  'POST /api/staff/members/{userId}/reactivate': async () => {
    const member = await signInAsStaff(t.app, ['analyst']);
    return { url: `/api/staff/members/${member.userId}/reactivate`, succeedsFor: ['admin'] };
  },
  'DELETE /api/staff/members/{userId}/second-factor': async () => {
    const member = await signInAsStaff(t.app, ['editor']);
    return { url: `/api/staff/members/${member.userId}/second-factor`, succeedsFor: ['admin'] };
  },
  'GET /api/staff/read-aloud/jobs': async () => ({
    url: '/api/staff/read-aloud/jobs?limit=5',
    succeedsFor: ['translator (hi)', 'editor', 'admin'],
  }),
  'GET /api/staff/read-aloud/needs-voice/{lang}': async () => ({
    url: '/api/staff/read-aloud/needs-voice/hi',
    succeedsFor: ['translator (hi)', 'editor', 'admin'],
  }),
  'POST /api/staff/read-aloud/jobs/{id}/retry': async () => {
    // A failed synthesis job of an item of its own, for each caller.
    const itemId = randomUUID();
    await t.app.db
      .insert(contentItems)
      .values({ id: itemId, kind: 'course', slug: `matrix-${itemId}`, idSeed: itemId, owner: 'staff' });
    const [job] = await t.app.db
      .insert(voiceOverJobs)
      .values({ itemId, lang: 'hi', version: 1, state: 'failed', attempts: 5, lastError: 'no voice' })
      .returning();
    return { url: `/api/staff/read-aloud/jobs/${job!.id}/retry`, succeedsFor: ['editor', 'admin'] };
  },
  // Set up already (editor, admin) or not needed (translator, analyst): allowed, answered 409.
  'POST /api/staff/second-factor/setup': async () => ({ url: '/api/staff/second-factor/setup', succeedsFor: [] }),
  'POST /api/staff/second-factor/confirm': async () => ({
    url: '/api/staff/second-factor/confirm',
    body: { code: '123456' },
    succeedsFor: [],
  }),
  'POST /api/staff/second-factor/verify': async (caller) => {
    const secret = caller.signedIn && 'totpSecret' in caller.signedIn ? caller.signedIn.totpSecret : null;
    return {
      url: '/api/staff/second-factor/verify',
      body: { code: secret ? totpCode(secret, new Date()) : '123456' },
      succeedsFor: ['editor', 'admin'],
    };
  },
  // The next step's code: the current one may have just confirmed the session above.
  'POST /api/staff/second-factor/recovery-codes': async (caller) => {
    const secret = caller.signedIn && 'totpSecret' in caller.signedIn ? caller.signedIn.totpSecret : null;
    return {
      url: '/api/staff/second-factor/recovery-codes',
      body: { code: secret ? totpCode(secret, new Date(Date.now() + 30_000)) : '123456' },
      succeedsFor: ['editor', 'admin'],
    };
  },
  // Events (ADR 40): editors and admins write; analysts read the events, the counts and the results.
  'GET /api/staff/events': async () => ({
    url: '/api/staff/events',
    succeedsFor: ['translator (hi)', 'editor', 'analyst', 'admin'],
  }),
  'POST /api/staff/events': async () => ({
    url: '/api/staff/events',
    body: {
      key: `matrix-${Math.random().toString(36).slice(2, 10)}`,
      firstDay: '2030-01-01',
      lastDay: '2030-01-02',
      opensAt: '09:00',
      closesAt: '19:00',
      timeLimitSeconds: 600,
      questionsPerEntry: 5,
      minorsAllowed: true,
      termsVersion: '2030-01-01',
      reviewHours: 48,
      texts: { en: { name: 'Matrix event', terms: 'Terms' } },
    },
    succeedsFor: ['editor', 'admin'],
  }),
  'GET /api/staff/events/{id}': async () => ({
    url: `/api/staff/events/${(await createTestEvent(t.app.db)).id}`,
    succeedsFor: ['translator (hi)', 'editor', 'analyst', 'admin'],
  }),
  'PUT /api/staff/events/{id}/texts/{lang}': async () => ({
    url: `/api/staff/events/${(await createTestEvent(t.app.db)).id}/texts/hi`,
    body: { name: 'साइबर सुरक्षा', terms: 'प्रति व्यक्ति एक प्रविष्टि।' },
    succeedsFor: ['translator (hi)', 'editor', 'admin'],
  }),
  'PUT /api/staff/events/{id}/questions/{questionId}/texts/{lang}': async () => {
    const event = await createTestEvent(t.app.db, { state: 'draft', poolSize: 1 });
    return {
      url: `/api/staff/events/${event.id}/questions/${event.questions[0]!.id}/texts/hi`,
      body: { content: 'प्रश्न?', options: ['क', 'ख', 'ग', 'घ'], explanation: '' },
      succeedsFor: ['translator (hi)', 'editor', 'admin'],
    };
  },
  // A translation of an event (ADR 45): read and sent for review by its translators, published by editors and admins.
  'GET /api/staff/events/{id}/translations/{lang}': async () => ({
    url: `/api/staff/events/${(await createTestEvent(t.app.db)).id}/translations/hi`,
    succeedsFor: ['translator (hi)', 'editor', 'admin'],
  }),
  'POST /api/staff/events/{id}/translations/{lang}/submit': async () => ({
    url: `/api/staff/events/${await eventWithHindiDraft()}/translations/hi/submit`,
    succeedsFor: ['translator (hi)', 'editor', 'admin'],
  }),
  'POST /api/staff/events/{id}/translations/{lang}/publish': async () => ({
    url: `/api/staff/events/${await eventWithHindiDraft()}/translations/hi/publish`,
    succeedsFor: ['editor', 'admin'],
  }),
  'PATCH /api/staff/events/{id}': async () => ({
    url: `/api/staff/events/${(await createTestEvent(t.app.db, { state: 'draft' })).id}`,
    body: { timeLimitSeconds: 900 },
    succeedsFor: ['editor', 'admin'],
  }),
  'POST /api/staff/events/{id}/schedule': async () => ({
    url: `/api/staff/events/${(await createTestEvent(t.app.db, { state: 'draft' })).id}/schedule`,
    succeedsFor: ['editor', 'admin'],
  }),
  'POST /api/staff/events/{id}/close': async () => ({
    url: `/api/staff/events/${(await createTestEvent(t.app.db)).id}/close`,
    succeedsFor: ['editor', 'admin'],
  }),
  'GET /api/staff/events/{id}/questions': async () => ({
    url: `/api/staff/events/${(await createTestEvent(t.app.db, { poolSize: 2 })).id}/questions`,
    succeedsFor: ['translator (hi)', 'editor', 'admin'],
  }),
  'POST /api/staff/events/{id}/questions': async () => ({
    url: `/api/staff/events/${(await createTestEvent(t.app.db, { state: 'draft', poolSize: 0 })).id}/questions`,
    body: MATRIX_QUESTION,
    succeedsFor: ['editor', 'admin'],
  }),
  'PUT /api/staff/events/{id}/questions/{questionId}': async () => {
    const event = await createTestEvent(t.app.db, { state: 'draft', poolSize: 1 });
    return {
      url: `/api/staff/events/${event.id}/questions/${event.questions[0]!.id}`,
      body: MATRIX_QUESTION,
      succeedsFor: ['editor', 'admin'],
    };
  },
  'DELETE /api/staff/events/{id}/questions/{questionId}': async () => {
    const event = await createTestEvent(t.app.db, { state: 'draft', poolSize: 1 });
    return {
      url: `/api/staff/events/${event.id}/questions/${event.questions[0]!.id}`,
      succeedsFor: ['editor', 'admin'],
    };
  },
  'GET /api/staff/events/{id}/counts': async () => ({
    url: `/api/staff/events/${(await createTestEvent(t.app.db)).id}/counts`,
    succeedsFor: ['editor', 'analyst', 'admin'],
  }),
  'GET /api/staff/events/{id}/flagged': async () => ({
    url: `/api/staff/events/${(await createTestEvent(t.app.db)).id}/flagged`,
    succeedsFor: ['editor', 'admin'],
  }),
  'POST /api/staff/events/{id}/entries/{number}/disqualify': async () => {
    const event = await createTestEvent(t.app.db);
    const { entry } = await enterTestEvent(t.app, event.key);
    return {
      url: `/api/staff/events/${event.id}/entries/${entry.number}/disqualify`,
      body: { reason: 'Two entries with one phone' },
      succeedsFor: ['editor', 'admin'],
    };
  },
  'POST /api/staff/events/{id}/results/publish': async () => ({
    url: `/api/staff/events/${(await createTestEvent(t.app.db, PAST_EVENT)).id}/results/publish`,
    succeedsFor: ['editor', 'admin'],
  }),
  'GET /api/staff/events/{id}/results': async () => ({
    url: `/api/staff/events/${(await createTestEvent(t.app.db, PAST_EVENT)).id}/results`,
    succeedsFor: ['editor', 'analyst', 'admin'],
  }),
  'GET /api/staff/events/{id}/results.csv': async () => ({
    url: `/api/staff/events/${(await createTestEvent(t.app.db, PAST_EVENT)).id}/results.csv`,
    succeedsFor: ['editor', 'analyst', 'admin'],
  }),
};

async function staffOperations(): Promise<Operation[]> {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, { 'x-access'?: AccessRule }>>;
  };
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/staff/'))
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, rule: op['x-access'] })),
    );
}

async function requestFor(op: Operation, caller: Caller): Promise<Request> {
  const known = VALID[`${op.method} ${op.path}`];
  if (known) return known(caller);
  return { url: fill(op.path), body: op.method === 'GET' || op.method === 'DELETE' ? undefined : {}, succeedsFor: [] };
}

/** The answer's message code, when it is JSON with one (a staff route may answer a file). */
function codeOf(res: { body: string }): string | undefined {
  try {
    return (JSON.parse(res.body) as { code?: string }).code;
  } catch {
    return undefined;
  }
}

async function call(op: Operation, caller: Caller) {
  const request = await requestFor(op, caller);
  const res = await t.app.inject({
    method: op.method as 'GET',
    url: request.url,
    headers: request.body === undefined ? caller.headers : { ...caller.headers, 'content-type': 'application/json' },
    payload: request.body === undefined ? undefined : JSON.stringify(request.body),
  });
  // A second factor confirmed renews the session token: the caller goes on with the new one.
  if (caller.headers) caller.headers = renewedHeaders(res, caller.headers);
  return { res, request };
}

/** What the rule says this caller gets: 401, 403 with its code, or allowed. */
function expectation(rule: AccessRule, caller: Caller): { status: 401 | 403; code: string } | 'allowed' {
  if (caller.name === 'anonymous') return { status: 401, code: 'signInRequired' };
  if (caller.name === 'learner') return { status: 403, code: 'staffOnly' };
  if (rule.kind !== 'staff') throw new Error('not a staff rule');
  return rule.roles.some((role) => caller.roles.includes(role)) ? 'allowed' : { status: 403, code: 'roleNotAllowed' };
}

let ops: Operation[];
let callers: Caller[];

beforeAll(async () => {
  ops = await staffOperations();
  const staff = async (
    name: CallerName,
    roles: [StaffRole, ...StaffRole[]],
    languages: ('hi' | 'tm')[] = [],
  ): Promise<Caller> => {
    const signedIn = await signInAsStaff(t.app, roles, { languages, name });
    return { name, roles, signedIn, headers: signedIn.headers };
  };
  const learner = await signInAs(t.app);
  callers = [
    { name: 'anonymous', roles: [], signedIn: null, headers: undefined },
    { name: 'learner', roles: [], signedIn: learner, headers: learner.headers },
    await staff('translator (hi)', ['translator'], ['hi']),
    await staff('editor', ['editor']),
    await staff('analyst', ['analyst']),
    await staff('admin', ['admin']),
  ];
});

describe('the staff role matrix', () => {
  it('every route under /api/staff/ has the staff rule, and the routes known here are all in the document', () => {
    expect(ops.length).toBeGreaterThanOrEqual(Object.keys(VALID).length);
    expect(ops.filter((op) => op.rule?.kind !== 'staff').map((op) => `${op.method} ${op.path}`)).toEqual([]);
    const listed = new Set(ops.map((op) => `${op.method} ${op.path}`));
    expect(Object.keys(VALID).filter((route) => !listed.has(route))).toEqual([]);
  });

  it(
    'anonymous 401, learner 403, each staff role 403 or allowed as the route’s rule says (2xx for a valid request)',
    { timeout: 300_000 },
    async () => {
      const wrong: string[] = [];
      let calls = 0;
      for (const op of ops) {
        for (const caller of callers) {
          const expected = expectation(op.rule!, caller);
          const { res, request } = await call(op, caller);
          calls += 1;
          const got = `${res.statusCode} ${codeOf(res) ?? ''}`;
          const where = `${op.method} ${op.path} as ${caller.name}: expected`;
          if (expected !== 'allowed') {
            if (res.statusCode !== expected.status || codeOf(res) !== expected.code)
              wrong.push(`${where} ${expected.status} ${expected.code}, got ${got}`);
          } else if (request.succeedsFor.includes(caller.name)) {
            if (res.statusCode < 200 || res.statusCode > 299) wrong.push(`${where} 2xx, got ${got}`);
          } else if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500) {
            wrong.push(`${where} allowed (not 401, 403 or 5xx), got ${got}`);
          }
        }
      }
      expect(wrong).toEqual([]);
      expect(calls).toBe(ops.length * callers.length);
    },
  );

  it(
    'an admin or editor without the second factor confirmed: 403 secondFactorRequired everywhere but the routes that serve before it',
    { timeout: 300_000 },
    async () => {
      const wrong: string[] = [];
      for (const op of ops) {
        const rule = op.rule as Extract<AccessRule, { kind: 'staff' }>;
        for (const [roles, state] of [
          [['editor'], 'required'],
          [['admin'], 'setup-required'],
        ] as const) {
          // A new member for every call: confirming the second factor on one route must not help the next.
          const signedIn = await signInAsStaff(t.app, [...roles], { secondFactor: state });
          const caller: Caller = {
            name: roles[0] as CallerName,
            roles: [...roles],
            signedIn,
            headers: signedIn.headers,
          };
          const { res } = await call(op, caller);
          const where = `${op.method} ${op.path} as ${roles[0]} (${state})`;
          if (rule.beforeSecondFactor) {
            const allowed = rule.roles.some((role) => caller.roles.includes(role));
            if (allowed && (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500))
              wrong.push(`${where}: expected allowed, got ${res.statusCode}`);
          } else if (res.statusCode !== 403 || codeOf(res) !== 'secondFactorRequired') {
            wrong.push(`${where}: expected 403 secondFactorRequired, got ${res.statusCode} ${codeOf(res) ?? ''}`);
          }
        }
      }
      expect(wrong).toEqual([]);
      // Exactly the routes that serve before the second factor: who am I and the second factor's own.
      expect(
        ops
          .filter((op) => op.rule?.kind === 'staff' && op.rule.beforeSecondFactor)
          .map((op) => `${op.method} ${op.path}`)
          .sort(),
      ).toEqual([
        'GET /api/staff/me',
        'POST /api/staff/second-factor/confirm',
        'POST /api/staff/second-factor/setup',
        'POST /api/staff/second-factor/verify',
      ]);
    },
  );
});
