import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../test/test-app';
import { createCourseFixture, type CourseFixture } from '../../test/course-fixture';
import { signInAs, type SignedIn } from '../../test/sign-in';

const t = testAppPerFile();
let course: CourseFixture;
let learner: SignedIn;

beforeAll(async () => {
  course = await createCourseFixture(t.app.db);
  learner = await signInAs(t.app);
  await t.app.inject({ method: 'POST', url: `/api/progress/en/${course.courseId}`, headers: learner.headers });
});

const url = (c: CourseFixture = course, lang = 'en') => `/api/progress/${lang}/${c.courseId}/journal`;
const read = (who?: SignedIn, u = url()) => t.app.inject({ method: 'GET', url: u, headers: who?.headers });
const write = (who: SignedIn | undefined, payload: unknown, u = url()) =>
  t.app.inject({ method: 'PUT', url: u, headers: who?.headers, payload: payload as object });

describe('the reflection journal', () => {
  it('starts empty, saves, and reads back what was saved', async () => {
    expect((await read(learner)).json()).toEqual({ journal: { text: '', updatedAt: null } });
    const saved = await write(learner, { text: 'I will save ₹50 a week.\nनमस्ते' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      code: 'journalSaved',
      message: 'Your journal is saved',
      journal: { text: 'I will save ₹50 a week.\nनमस्ते' },
    });
    expect((await read(learner)).json().journal.text).toBe('I will save ₹50 a week.\nनमस्ते');
    await write(learner, { text: 'Changed my mind.' });
    const again = (await read(learner)).json().journal;
    expect(again.text).toBe('Changed my mind.');
    expect(again.updatedAt).toMatch(/^\d{4}-/);
  });

  it('keeps HTML as plain text and drops control characters other than tabs and line breaks', async () => {
    const res = await write(learner, { text: '<script>alert(1)</script>ok\u0007\ttab' });
    expect(res.statusCode).toBe(200);
    expect(res.json().journal.text).toBe('<script>alert(1)</script>ok\ttab');
  });

  it('refuses text with a NUL character with a clear 400', async () => {
    const res = await write(learner, { text: 'a\u0000b' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Text must not contain the NUL character');
  });

  it('takes 10,000 characters and refuses more', async () => {
    expect((await write(learner, { text: 'a'.repeat(10_000) })).statusCode).toBe(200);
    const tooLong = await write(learner, { text: 'a'.repeat(10_001) });
    expect(tooLong.statusCode).toBe(400);
    expect((await write(learner, {})).statusCode).toBe(400);
    expect((await write(learner, { text: 5 })).json().message).toBeDefined();
  });

  it('is private: another learner sees only their own (empty) journal', async () => {
    await write(learner, { text: 'mine' });
    const someone = await signInAs(t.app);
    expect((await read(someone)).statusCode).toBe(403);
    await t.app.inject({ method: 'POST', url: `/api/progress/en/${course.courseId}`, headers: someone.headers });
    expect((await read(someone)).json().journal.text).toBe('');
    await write(someone, { text: 'theirs' });
    expect((await read(learner)).json().journal.text).toBe('mine');
  });

  it('needs a session, an active learner and an enrolment', async () => {
    expect((await read()).statusCode).toBe(401);
    expect((await write(undefined, { text: 'x' })).statusCode).toBe(401);
    const inactive = await signInAs(t.app, { active: false });
    expect((await read(inactive)).statusCode).toBe(403);
    expect((await write(inactive, { text: 'x' })).statusCode).toBe(403);
    const stranger = await signInAs(t.app);
    const res = await write(stranger, { text: 'x' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'notEnrolled', message: 'You are not enrolled in this course' });
  });

  it('answers 404 for an unknown course or language and 400 for a malformed id', async () => {
    expect((await read(learner, '/api/progress/en/00000000-0000-4000-8000-000000000000/journal')).statusCode).toBe(404);
    expect((await read(learner, url(course, 'hi'))).statusCode).toBe(404);
    expect((await read(learner, url(course, 'xx'))).statusCode).toBe(404);
    expect((await read(learner, '/api/progress/en/abc/journal')).statusCode).toBe(400);
  });
});
