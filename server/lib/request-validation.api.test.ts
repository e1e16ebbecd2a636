// A JSON body keeps its types: a value of the wrong type is refused with a 400 naming the field and
// nothing is saved. Querystrings stay strings turned into the numbers their schema asks for.
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../test/test-app';
import { signInAs, type SignedIn } from '../test/sign-in';
import { createCourseFixture, type CourseFixture } from '../test/course-fixture';

const t = testAppPerFile();
let learner: SignedIn;
let course: CourseFixture;
let journalUrl: string;
beforeAll(async () => {
  learner = await signInAs(t.app, { name: 'Meena Kumari' });
  course = await createCourseFixture(t.app.db);
  journalUrl = `/api/progress/en/${course.courseId}/journal`;
  const enrolled = await t.app.inject({
    method: 'POST',
    url: `/api/progress/en/${course.courseId}`,
    headers: learner.headers,
  });
  expect(enrolled.statusCode).toBe(201);
  const saved = await t.app.inject({
    method: 'PUT',
    url: journalUrl,
    headers: learner.headers,
    payload: { text: 'Save for a goat' },
  });
  expect(saved.statusCode).toBe(200);
});

const send = (method: 'PUT' | 'PATCH', url: string, payload: unknown) =>
  t.app.inject({ method, url, headers: learner.headers, payload: payload as object });

describe('a body of the wrong type', () => {
  it('is refused, naming the field, and the journal keeps its text', async () => {
    for (const text of [null, 12345, true, ['Save for a goat'], { text: 'x' }]) {
      const res = await send('PUT', journalUrl, { text });
      expect(res.statusCode, JSON.stringify(text)).toBe(400);
      expect(res.json(), JSON.stringify(text)).toMatchObject({
        code: 'validation',
        details: [{ field: 'text', message: 'must be a string' }],
      });
    }
    const journal = await t.app.inject({ method: 'GET', url: journalUrl, headers: learner.headers });
    expect(journal.json()).toMatchObject({ journal: { text: 'Save for a goat' } });
  });

  it('is refused in the profile, and the name and age stay as they were', async () => {
    const name = await send('PATCH', '/api/user/me', { name: 12345 });
    expect(name.statusCode).toBe(400);
    expect(name.json()).toMatchObject({ code: 'validation', details: [{ field: 'name' }] });
    const age = await send('PATCH', '/api/user/me', { age: '17' });
    expect(age.statusCode).toBe(400);
    expect(age.json()).toMatchObject({ code: 'validation', message: 'Invalid body: age must be a whole number' });
    const me = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: learner.headers });
    expect(me.json().user).toMatchObject({ name: 'Meena Kumari', age: 30 });
  });

  it('is refused for a quiz answer given as a string of digits', async () => {
    const quiz = course.quizzes[0]!;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/progress/en/${course.courseId}/quiz/${quiz.id}/complete`,
      headers: learner.headers,
      payload: { answers: '1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation',
      details: [{ field: 'answers', message: 'must be an array' }],
    });
  });
});

describe('a querystring', () => {
  it('is still read as the numbers its schema asks for', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/blog/public?lang=en&limit=2&offset=0' });
    expect(res.statusCode).toBe(200);
    const wrong = await t.app.inject({ method: 'GET', url: '/api/blog/public?lang=en&limit=two' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'validation',
      details: [{ field: 'limit', message: 'must be a whole number' }],
    });
  });
});
