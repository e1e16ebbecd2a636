// Every API answer that depends on the session says no-store; public reads keep their public
// Cache-Control even when a signed-in learner asks.
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../test/test-app';
import { signInAs, signInAsStaff, type SignedIn } from '../test/sign-in';
import { createCourseFixture, type CourseFixture } from '../test/course-fixture';
import { signUp } from '../modules/auth/auth-test-helpers';
import type { AccessRule } from './access';

const t = testAppPerFile({ API_RATE_LIMIT_PER_MINUTE: '1000000' });
let learner: SignedIn;
let course: CourseFixture;
beforeAll(async () => {
  learner = await signInAs(t.app);
  course = await createCourseFixture(t.app.db);
  const enrolled = await t.app.inject({
    method: 'POST',
    url: `/api/progress/en/${course.courseId}`,
    headers: learner.headers,
  });
  expect(enrolled.statusCode).toBe(201);
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('Cache-Control of personal answers', () => {
  it('is no-store on every signed-in read', async () => {
    const urls = [
      '/api/user/me',
      '/api/user/me/export',
      '/api/user/session-status',
      '/api/progress/en/progress',
      '/api/progress/en/stats',
      `/api/progress/en/${course.courseId}/progress`,
      `/api/progress/en/${course.courseId}/journal`,
      `/api/course/en/${course.courseId}/rating`,
    ];
    for (const url of urls) {
      const res = await get(url, learner.headers);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('is no-store on the answers of writes and on refusals that read the session', async () => {
    const journal = await t.app.inject({
      method: 'PUT',
      url: `/api/progress/en/${course.courseId}/journal`,
      headers: learner.headers,
      payload: { text: 'Save for a goat' },
    });
    expect(journal.statusCode).toBe(200);
    expect(journal.headers['cache-control']).toBe('no-store');
    for (const url of ['/api/user/me', '/api/progress/en/progress']) {
      const anonymous = await get(url);
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.headers['cache-control'], url).toBe('no-store');
    }
    expect((await get('/api/user/session-status')).headers['cache-control']).toBe('no-store');
  });

  it('is no-store on an answer that sets the session cookie', async () => {
    const { cookie } = await signUp(t.app);
    const out = await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: { cookie } });
    expect(out.headers['set-cookie']).toBeDefined();
    expect(out.headers['cache-control']).toBe('no-store');
  });

  it('leaves public reads public, even for a signed-in learner', async () => {
    for (const url of ['/api/blog/public', '/api/successstories/public', '/api/media/public/titles']) {
      const res = await get(url, learner.headers);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('public, max-age=60');
    }
    const courses = await get('/api/course/public?lang=en', learner.headers);
    expect(courses.statusCode).toBe(200);
    expect(courses.headers['cache-control']).toBeUndefined();
  });
});

describe('every route in the OpenAPI document', () => {
  interface Operation {
    method: string;
    path: string;
    rule: AccessRule | undefined;
  }

  async function operations(): Promise<Operation[]> {
    const doc = (await get('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, { 'x-access'?: AccessRule }>>;
    };
    return Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, rule: op['x-access'] })),
    );
  }

  /** The path with the fixture course's ids, so a learner's call reaches a real course; other ids name no row. */
  const fill = (path: string) =>
    path
      .replace(/\{lang\}/g, 'en')
      .replace(/\{courseId\}|\{id\}/g, course.courseId)
      .replace(/\{chapterId\}/g, course.chapterIds[0])
      .replace(/\{lessonId\}/g, course.lessonIds.chapter1[0])
      .replace(/\{videoId\}/g, course.videoId)
      .replace(/\{quizId\}/g, course.quizzes[0]!.id)
      .replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');

  const call = (op: Operation, headers: Record<string, string> | undefined) =>
    t.app.inject({
      method: op.method as 'GET',
      url: fill(op.path),
      headers:
        op.method === 'GET' || op.method === 'DELETE' ? headers : { ...headers, 'content-type': 'application/json' },
      payload: op.method === 'GET' || op.method === 'DELETE' ? undefined : '{}',
    });

  it(
    'answers no-store to every caller of a route that needs a session, and wherever a signed-in caller is answered differently',
    { timeout: 300_000 },
    async () => {
      const ops = await operations();
      expect(ops.length).toBeGreaterThan(50);
      const wrong: string[] = [];
      let personalSuccesses = 0;
      for (const op of ops) {
        // A caller of its own for every route: a sign-out or an erasure must not change what the next route sees.
        const staff = op.path.startsWith('/api/staff/');
        const caller = staff ? await signInAsStaff(t.app, ['admin']) : await signInAs(t.app);
        if (!staff)
          await t.app.inject({ method: 'POST', url: `/api/progress/en/${course.courseId}`, headers: caller.headers });
        const anonymous = await call(op, undefined);
        const signedIn = await call(op, caller.headers);
        const where = `${op.method} ${op.path}`;
        const noStore = (res: typeof anonymous) =>
          String(res.headers['cache-control'] ?? '')
            .split(/, */)
            .includes('no-store');
        if (op.rule && op.rule.kind !== 'public') {
          if (!noStore(anonymous))
            wrong.push(`${where} anonymous ${anonymous.statusCode}: ${anonymous.headers['cache-control']}`);
          if (!noStore(signedIn))
            wrong.push(`${where} signed in ${signedIn.statusCode}: ${signedIn.headers['cache-control']}`);
          if (signedIn.statusCode < 300) personalSuccesses += 1;
        } else if (
          (signedIn.statusCode !== anonymous.statusCode || signedIn.body !== anonymous.body) &&
          !noStore(signedIn)
        ) {
          // A public route that reads the session answers a signed-in caller in person.
          wrong.push(
            `${where} signed in ${signedIn.statusCode} differs from anonymous: ${signedIn.headers['cache-control']}`,
          );
        }
      }
      expect(wrong).toEqual([]);
      // Not only refusals: the personal reads and writes answered too.
      expect(personalSuccesses).toBeGreaterThanOrEqual(15);
    },
  );
});
