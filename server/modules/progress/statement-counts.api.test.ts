// How many SQL statements each of a learner's calls issues. These are the calls a learner makes all
// day (npm run bench:api measures their speed): a change that adds a statement to one of them must
// show up here and be a decision, not an accident of moving code between modules. A transaction's
// begin and commit are not counted (test/statement-log.ts). The app keeps shared content in memory as
// outside tests (NODE_ENV=development): each call is counted as every call but the first of a course
// on a server in ten seconds finds it, with the course's structure and the learner's session in
// memory (their own cases below count reading them afresh).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStatementLoggingApp, type StatementLoggingApp } from '../../test/statement-log';
import { allRight, createCourseFixture, type CourseFixture } from '../../test/course-fixture';
import { signInAs, type SignedIn } from '../../test/sign-in';

let t: StatementLoggingApp;
let course: CourseFixture;
let learner: SignedIn;

beforeAll(async () => {
  t = await createStatementLoggingApp({ NODE_ENV: 'development' });
  course = await createCourseFixture(t.app.db);
  learner = await signInAs(t.app);
  const enrolled = await t.app.inject({
    method: 'POST',
    url: `/api/progress/en/${course.courseId}`,
    headers: learner.headers,
  });
  expect(enrolled.statusCode).toBe(201);
});
afterAll(async () => {
  await t.close();
});

describe('statements per learner call (the session held by the server)', () => {
  const base = () => `/api/progress/en/${course.courseId}`;
  const cases: [
    name: string,
    statements: number,
    request: () => { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object },
  ][] = [
    ['session status', 0, () => ({ method: 'GET', url: '/api/user/session-status' })],
    ['enrol again', 1, () => ({ method: 'POST', url: base() })],
    ['progress record', 1, () => ({ method: 'GET', url: `${base()}/progress` })],
    [
      'lesson complete',
      1,
      () => ({
        method: 'POST',
        url: `${base()}/chapters/${course.chapterIds[0]}/lessons/${course.lessonIds.chapter1[0]}/complete`,
      }),
    ],
    ['video complete', 1, () => ({ method: 'POST', url: `${base()}/videos/${course.videoId}/complete` })],
    [
      'quiz submission',
      1,
      () => ({
        method: 'POST',
        url: `${base()}/quiz/${course.quizzes[0]!.id}/complete`,
        payload: { answers: allRight(course.quizzes[0]!) },
      }),
    ],
    ['progress list', 1, () => ({ method: 'GET', url: '/api/progress/en/progress' })],
    ['stats', 1, () => ({ method: 'GET', url: '/api/progress/en/stats' })],
    ['journal read', 3, () => ({ method: 'GET', url: `${base()}/journal` })],
    ['rating read', 4, () => ({ method: 'GET', url: `/api/course/en/${course.courseId}/rating` })],
    ['rating', 5, () => ({ method: 'PUT', url: `/api/course/en/${course.courseId}/rating`, payload: { rating: 4 } })],
  ];
  for (const [name, statements, request] of cases) {
    it(`${name}: ${statements}`, async () => {
      // The same call just before, so the course's structure is in memory whatever ran first.
      expect((await t.app.inject({ ...request(), headers: learner.headers })).statusCode).toBeLessThan(300);
      t.statements.length = 0;
      const res = await t.app.inject({ ...request(), headers: learner.headers });
      expect(res.statusCode).toBeLessThan(300);
      expect(t.statements).toHaveLength(statements);
    });
  }

  it("progress record with the course's structure and the session read afresh: 7", async () => {
    t.app.publicCaches.clearAll();
    t.app.sessionCache.clear();
    t.statements.length = 0;
    const res = await t.app.inject({ method: 'GET', url: `${base()}/progress`, headers: learner.headers });
    expect(res.statusCode).toBe(200);
    // The session, the learner's part, and the structure: published, outline, quizzes, videos, answer keys.
    expect(t.statements).toHaveLength(7);
  });

  it('session status with the session read afresh: 1', async () => {
    t.app.sessionCache.clear();
    t.statements.length = 0;
    const res = await t.app.inject({ method: 'GET', url: '/api/user/session-status', headers: learner.headers });
    expect(res.statusCode).toBe(200);
    expect(t.statements).toHaveLength(1);
  });
});
