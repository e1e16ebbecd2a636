import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { testAppPerFile } from '../../test/test-app';
import { QUESTION_EXPLANATION, allRight, createCourseFixture, type CourseFixture } from '../../test/course-fixture';
import { signInAs, type SignedIn } from '../../test/sign-in';
import { courses } from '../../db/schema/courses';
import { completions, enrolments, quizAttempts } from '../../db/schema/progress';
import { languageCompletion, percentage } from './service';

const t = testAppPerFile();
let course: CourseFixture;
let other: CourseFixture;

beforeAll(async () => {
  course = await createCourseFixture(t.app.db, { createdAt: new Date('2024-01-01') });
  other = await createCourseFixture(t.app.db, { createdAt: new Date('2024-02-01') });
});

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, who?: SignedIn, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: who?.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const base = (c: CourseFixture = course) => `/api/progress/en/${c.courseId}`;
const lessonUrl = (chapterId: string, lessonId: string, c: CourseFixture = course) =>
  `${base(c)}/chapters/${chapterId}/lessons/${lessonId}/complete`;
const record = async (who: SignedIn, c: CourseFixture = course) =>
  (await call('GET', `${base(c)}/progress`, who)).json().progress;
const enrol = (who: SignedIn, c: CourseFixture = course) => call('POST', base(c), who);

function everyProgressCall(c: CourseFixture) {
  const q = c.quizzes[0]!;
  return [
    ['POST', base(c), undefined],
    ['GET', `${base(c)}/progress`, undefined],
    ['POST', lessonUrl(c.chapterIds[0], c.lessonIds.chapter1[0], c), undefined],
    ['POST', `${base(c)}/videos/${c.videoId}/complete`, undefined],
    ['POST', `${base(c)}/quiz/${q.id}/complete`, { answers: allRight(q) }],
    ['GET', '/api/progress/en/progress', undefined],
    ['GET', '/api/progress/en/stats', undefined],
  ] as const;
}

describe('the percentage of section 9', () => {
  it('matches hand-computed values to one decimal and never divides by zero', () => {
    expect(percentage(0, 6)).toBe(0);
    expect(percentage(1, 6)).toBe(16.7);
    expect(percentage(2, 6)).toBe(33.3);
    expect(percentage(3, 6)).toBe(50);
    expect(percentage(4, 6)).toBe(66.7);
    expect(percentage(5, 6)).toBe(83.3);
    expect(percentage(6, 6)).toBe(100);
    expect(percentage(2, 3)).toBe(66.7);
    expect(percentage(1, 7)).toBe(14.3);
    expect(percentage(0, 0)).toBe(0);
  });
});

describe('who may call', () => {
  it('answers 401 without a session on every progress call', async () => {
    for (const [method, url, payload] of everyProgressCall(course)) {
      const res = await call(method, url, undefined, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().message).toBe('Please sign in to continue');
    }
  });

  it('answers 401 with a session cookie that names no session, even for malformed input', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/progress/en/not-a-uuid/progress',
      headers: { cookie: 'sid=forged' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers 403 to an inactive learner on every progress call', async () => {
    const inactive = await signInAs(t.app, { active: false });
    for (const [method, url, payload] of everyProgressCall(course)) {
      const res = await call(method, url, inactive, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe('Your account is not active');
    }
  });

  it("answers 403 to a learner under 18 without a guardian's consent, and lets one with consent enrol", async () => {
    const minor = await signInAs(t.app, { age: 15 });
    for (const [method, url, payload] of everyProgressCall(course)) {
      expect((await call(method, url, minor, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    const consented = await signInAs(t.app, { age: 15, guardianConsent: true });
    expect((await enrol(consented)).statusCode).toBe(201);
  });
});

describe('POST /api/progress/{lang}/{courseId} (enrol)', () => {
  it('enrols once: 201 the first time, 200 after, one row either way', async () => {
    const learner = await signInAs(t.app);
    const first = await enrol(learner);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ code: 'enrolled', message: 'Successfully Enrolled for this course' });
    const again = await enrol(learner);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ code: 'enrolled', message: 'Successfully Enrolled for this course' });
    const rows = await t.app.db.select().from(enrolments).where(eq(enrolments.userId, learner.userId));
    expect(rows).toHaveLength(1);
  });

  it('refuses unknown, unpublished, other-language and malformed courses', async () => {
    const learner = await signInAs(t.app);
    expect((await call('POST', '/api/progress/en/00000000-0000-4000-8000-000000000000', learner)).statusCode).toBe(404);
    expect((await call('POST', `/api/progress/hi/${course.courseId}`, learner)).statusCode).toBe(404);
    const lang = await call('POST', `/api/progress/fr/${course.courseId}`, learner);
    expect(lang.statusCode).toBe(404);
    expect(lang.json().message).toBe('This language is not offered');
    expect((await call('POST', '/api/progress/en/12345', learner)).statusCode).toBe(400);
    const draft = await createCourseFixture(t.app.db, { published: false });
    const res = await enrol(learner, draft);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'courseNotFound', message: 'Course not found' });
  });

  it('refuses a cross-site enrolment', async () => {
    const learner = await signInAs(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: base(),
      headers: { ...learner.headers, 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/progress/{lang}/{courseId}/progress', () => {
  it('answers 404 with a clear message before enrolment', async () => {
    const learner = await signInAs(t.app);
    const res = await call('GET', `${base()}/progress`, learner);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'notEnrolled', message: 'You are not enrolled in this course' });
  });

  it('answers an empty record after enrolment', async () => {
    const learner = await signInAs(t.app);
    await enrol(learner);
    const res = await call('GET', `${base()}/progress`, learner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      progress: { lessonId: '', videoId: '', quizId: '', chapterId: '', percentage: 0, completed: false },
    });
  });

  it('answers 404 for an unknown course and 400 for a malformed one', async () => {
    const learner = await signInAs(t.app);
    expect(
      (await call('GET', '/api/progress/en/00000000-0000-4000-8000-000000000000/progress', learner)).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/progress/en/x/progress', learner)).statusCode).toBe(400);
    expect((await call('GET', `/api/progress/zz/${course.courseId}/progress`, learner)).statusCode).toBe(404);
  });

  it("never shows another learner's progress", async () => {
    const a = await signInAs(t.app);
    const b = await signInAs(t.app);
    await enrol(a);
    await call('POST', lessonUrl(course.chapterIds[0], course.lessonIds.chapter1[0]), a);
    expect((await call('GET', `${base()}/progress`, b)).statusCode).toBe(404);
    await enrol(b);
    expect((await record(b)).lessonId).toBe('');
    expect((await record(a)).lessonId).not.toBe('');
  });
});

describe('completing lessons, videos and quizzes', () => {
  it('walks a course to 100% with the hand-computed percentage at each step', async () => {
    const learner = await signInAs(t.app);
    await enrol(learner);
    const [ch1, ch2] = course.chapterIds;
    const [l1, l2] = course.lessonIds.chapter1;
    const [l3] = course.lessonIds.chapter2;

    const res = await call('POST', lessonUrl(ch1, l1), learner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 'lessonCompleted', message: 'Lesson marked as complete' });
    expect(await record(learner)).toEqual({
      lessonId: `${ch1}::${l1}`,
      videoId: '',
      quizId: '',
      chapterId: '',
      percentage: 16.7,
      completed: false,
    });

    await call('POST', lessonUrl(ch1, l2), learner);
    // 2 of 6 items; chapter 1 has all its lessons now.
    expect(await record(learner)).toMatchObject({
      lessonId: `${ch1}::${l1},${ch1}::${l2}`,
      chapterId: ch1,
      percentage: 33.3,
    });

    const video = await call('POST', `${base()}/videos/${course.videoId}/complete`, learner);
    expect(video.statusCode).toBe(200);
    expect(video.json()).toEqual({ code: 'videoCompleted', message: 'Video marked as watched' });
    expect(await record(learner)).toMatchObject({ videoId: course.videoId, percentage: 50 });

    const q1 = course.quizzes[0]!;
    const q2 = course.quizzes[1]!;
    const pass1 = await call('POST', `${base()}/quiz/${q1.id}/complete`, learner, { answers: allRight(q1) });
    expect(pass1.json()).toMatchObject({ score: 100, passed: true });
    expect(pass1.json().message).toBe('You passed with 100%. Well done! Continue with the next chapter.');
    expect(await record(learner)).toMatchObject({ quizId: q1.id, percentage: 66.7 });

    await call('POST', lessonUrl(ch2, l3), learner);
    expect(await record(learner)).toMatchObject({ chapterId: `${ch1},${ch2}`, percentage: 83.3, completed: false });
    const [before] = await t.app.db
      .select()
      .from(enrolments)
      .where(and(eq(enrolments.userId, learner.userId), eq(enrolments.courseId, course.courseId)));
    expect(before!.completedAt).toBeNull();

    const pass2 = await call('POST', `${base()}/quiz/${q2.id}/complete`, learner, { answers: allRight(q2) });
    expect(pass2.json().message).toBe('You passed with 100%. Well done! You have completed this course.');
    expect(await record(learner)).toEqual({
      lessonId: `${ch1}::${l1},${ch1}::${l2},${ch2}::${l3}`,
      videoId: course.videoId,
      quizId: `${q1.id},${q2.id}`,
      chapterId: `${ch1},${ch2}`,
      percentage: 100,
      completed: true,
    });
    const [after] = await t.app.db
      .select()
      .from(enrolments)
      .where(and(eq(enrolments.userId, learner.userId), eq(enrolments.courseId, course.courseId)));
    expect(after!.completedAt).toBeInstanceOf(Date);

    // A later failed attempt leaves the quiz passed and the course complete.
    const fail = await call('POST', `${base()}/quiz/${q1.id}/complete`, learner, { answers: [] });
    expect(fail.json()).toMatchObject({ score: 0, passed: false });
    expect(await record(learner)).toMatchObject({ quizId: `${q1.id},${q2.id}`, percentage: 100, completed: true });
    const attempts = await t.app.db.select().from(quizAttempts).where(eq(quizAttempts.userId, learner.userId));
    expect(attempts.map((a) => [a.score, a.passed])).toEqual(
      expect.arrayContaining([
        [100, true],
        [100, true],
        [0, false],
      ]),
    );
    expect(attempts).toHaveLength(3);
  });

  it('records concurrent completions of the same lesson once', async () => {
    const learner = await signInAs(t.app);
    await enrol(learner);
    const url = lessonUrl(course.chapterIds[0], course.lessonIds.chapter1[0]);
    const results = await Promise.all(Array.from({ length: 8 }, () => call('POST', url, learner)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const videoResults = await Promise.all(
      Array.from({ length: 4 }, () => call('POST', `${base()}/videos/${course.videoId}/complete`, learner)),
    );
    expect(videoResults.map((r) => r.statusCode)).toEqual(Array(4).fill(200));
    const rows = await t.app.db.select().from(completions).where(eq(completions.userId, learner.userId));
    expect(rows).toHaveLength(2);
    expect((await record(learner)).percentage).toBe(33.3);
  });

  it('answers 403 with a message when not enrolled, and records nothing', async () => {
    const learner = await signInAs(t.app);
    const lesson = await call('POST', lessonUrl(course.chapterIds[0], course.lessonIds.chapter1[0]), learner);
    expect(lesson.statusCode).toBe(403);
    expect(lesson.json()).toEqual({ code: 'notEnrolled', message: 'You are not enrolled in this course' });
    expect((await call('POST', `${base()}/videos/${course.videoId}/complete`, learner)).statusCode).toBe(403);
    const q = course.quizzes[0]!;
    const quiz = await call('POST', `${base()}/quiz/${q.id}/complete`, learner, { answers: allRight(q) });
    expect(quiz.statusCode).toBe(403);
    expect(quiz.json().message).toBe('You are not enrolled in this course');
    // Answers naming another quiz's question: not being enrolled is still what the learner hears.
    const q2 = course.quizzes[1]!;
    expect(
      (await call('POST', `${base()}/quiz/${q.id}/complete`, learner, { answers: allRight(q2) })).json().code,
    ).toBe('notEnrolled');
    expect(await t.app.db.select().from(completions).where(eq(completions.userId, learner.userId))).toHaveLength(0);
    expect(await t.app.db.select().from(quizAttempts).where(eq(quizAttempts.userId, learner.userId))).toHaveLength(0);
  });

  it('answers 404 for a lesson of another chapter or course, an unknown lesson, video or quiz', async () => {
    const learner = await signInAs(t.app);
    await enrol(learner);
    const [ch1, ch2] = course.chapterIds;
    expect((await call('POST', lessonUrl(ch2, course.lessonIds.chapter1[0]), learner)).statusCode).toBe(404);
    expect((await call('POST', lessonUrl(other.chapterIds[0], other.lessonIds.chapter1[0]), learner)).statusCode).toBe(
      404,
    );
    expect((await call('POST', lessonUrl(ch1, other.lessonIds.chapter1[0]), learner)).statusCode).toBe(404);
    const unknown = await call('POST', lessonUrl(ch1, '00000000-0000-4000-8000-000000000000'), learner);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'lessonNotFound', message: 'Lesson not found' });
    expect((await call('POST', `${base()}/videos/${other.videoId}/complete`, learner)).statusCode).toBe(404);
    const q = other.quizzes[0]!;
    expect((await call('POST', `${base()}/quiz/${q.id}/complete`, learner, { answers: allRight(q) })).statusCode).toBe(
      404,
    );
    expect((await call('POST', lessonUrl(ch1, 'nope'), learner)).statusCode).toBe(400);
    expect((await call('POST', `${base()}/videos/nope/complete`, learner)).statusCode).toBe(400);
    expect(await t.app.db.select().from(completions).where(eq(completions.userId, learner.userId))).toHaveLength(0);
  });

  it('keeps a course without lessons, videos or quizzes at 0% without failing', async () => {
    const [empty] = await t.app.db
      .insert(courses)
      .values({
        slug: 'empty-course',
        lang: 'en',
        title: 'Empty',
        description: '<p>Nothing yet</p>',
        image: 'uploads/x.svg',
      })
      .returning({ id: courses.id });
    const learner = await signInAs(t.app);
    expect((await call('POST', `/api/progress/en/${empty!.id}`, learner)).statusCode).toBe(201);
    const res = await call('GET', `/api/progress/en/${empty!.id}/progress`, learner);
    expect(res.statusCode).toBe(200);
    expect(res.json().progress).toMatchObject({ percentage: 0, completed: false });
    const list = (await call('GET', '/api/progress/en/progress', learner)).json();
    expect(list.courses[0]).toMatchObject({ id: empty!.id, percentage: 0, status: 'not-started' });
    await t.app.db.delete(courses).where(eq(courses.id, empty!.id));
  });
});

describe('POST .../quiz/{quizId}/complete: scoring question type by question type', () => {
  // Quiz 1 has two questions and a pass mark of 60: one right answer scores 50 (a fail), two score 100.
  let learner: SignedIn;
  const q = () => course.quizzes[0]!;
  const submit = (answers: unknown[]) => call('POST', `${base()}/quiz/${q().id}/complete`, learner, { answers });

  beforeAll(async () => {
    learner = await signInAs(t.app);
    await enrol(learner);
  });

  it('single: the correct option is right', async () => {
    const res = await submit([{ questionId: q().single.id, selectedOptions: q().single.correct }]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      score: 50,
      passed: false,
      passingCriteria: 60,
      correctCount: 1,
      questionCount: 2,
      message: 'You scored 50%. You need 60% to pass. Review the lessons and try again.',
      // After submitting, and only then: each question right or wrong, its correct options, and why.
      review: [
        {
          questionId: q().single.id,
          correct: true,
          correctOptions: q().single.correct,
          explanation: QUESTION_EXPLANATION,
        },
        { questionId: q().multi.id, correct: false, correctOptions: q().multi.correct },
      ],
    });
  });

  it('single: a wrong option, or the correct one with another, is wrong', async () => {
    expect((await submit([{ questionId: q().single.id, selectedOptions: [q().single.wrong[0]] }])).json().score).toBe(
      0,
    );
    expect(
      (
        await submit([{ questionId: q().single.id, selectedOptions: [q().single.correct[0], q().single.wrong[0]] }])
      ).json().score,
    ).toBe(0);
  });

  it('multi: exactly the correct set is right; a subset, a superset or nothing is wrong', async () => {
    const m = q().multi;
    expect((await submit([{ questionId: m.id, selectedOptions: m.correct }])).json().correctCount).toBe(1);
    expect((await submit([{ questionId: m.id, selectedOptions: [...m.correct].reverse() }])).json().correctCount).toBe(
      1,
    );
    expect((await submit([{ questionId: m.id, selectedOptions: [m.correct[0]] }])).json().correctCount).toBe(0);
    expect(
      (await submit([{ questionId: m.id, selectedOptions: [...m.correct, m.wrong[0]] }])).json().correctCount,
    ).toBe(0);
    expect((await submit([{ questionId: m.id, selectedOptions: [] }])).json().correctCount).toBe(0);
  });

  it('unanswered questions are wrong; both right passes with the pass message', async () => {
    expect((await submit([])).json()).toMatchObject({ score: 0, correctCount: 0, questionCount: 2, passed: false });
    const res = await submit(allRight(q()));
    expect(res.json()).toMatchObject({ score: 100, passed: true, correctCount: 2 });
  });

  it('a pass mark of 100 needs every question right', async () => {
    const q2 = course.quizzes[1]!;
    const res = await call('POST', `${base()}/quiz/${q2.id}/complete`, learner, {
      answers: [{ questionId: q2.single.id, selectedOptions: q2.single.correct }],
    });
    expect(res.json()).toMatchObject({ score: 50, passed: false, passingCriteria: 100 });
    expect(res.json().message).toBe('You scored 50%. You need 100% to pass. Review the lessons and try again.');
  });

  it('refuses questions or options of another quiz, duplicate questions and malformed answers with 400', async () => {
    const count = async () =>
      (await t.app.db.select().from(quizAttempts).where(eq(quizAttempts.userId, learner.userId))).length;
    const before = await count();
    const q2 = course.quizzes[1]!;
    const otherQuestion = await submit([{ questionId: q2.single.id, selectedOptions: q2.single.correct }]);
    expect(otherQuestion.statusCode).toBe(400);
    expect(otherQuestion.json().message).toBe('An answer names a question that is not part of this quiz');
    const otherOption = await submit([{ questionId: q().single.id, selectedOptions: q2.single.correct }]);
    expect(otherOption.statusCode).toBe(400);
    expect(otherOption.json().message).toBe('An answer names an option that does not belong to its question');
    // An option of the other question of the same quiz is refused too.
    expect((await submit([{ questionId: q().single.id, selectedOptions: [q().multi.correct[0]] }])).statusCode).toBe(
      400,
    );
    const duplicate = await submit([
      { questionId: q().single.id, selectedOptions: q().single.correct },
      { questionId: q().single.id, selectedOptions: q().single.wrong },
    ]);
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().message).toBe('Each question may be answered only once');
    expect((await submit([{ questionId: 'x', selectedOptions: [] }])).statusCode).toBe(400);
    expect((await call('POST', `${base()}/quiz/${q().id}/complete`, learner, { answers: 'all' })).statusCode).toBe(400);
    expect((await call('POST', `${base()}/quiz/${q().id}/complete`, learner, {})).statusCode).toBe(400);
    expect((await call('POST', `${base()}/quiz/${q().id}/complete`, learner)).statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('stores every attempt with its answers', async () => {
    const before = (await t.app.db.select().from(quizAttempts).where(eq(quizAttempts.userId, learner.userId))).length;
    await submit(allRight(q()));
    await submit([]);
    const rows = await t.app.db.select().from(quizAttempts).where(eq(quizAttempts.userId, learner.userId));
    expect(rows).toHaveLength(before + 2);
  });
});

describe('GET /api/progress/{lang}/progress and /stats', () => {
  it("lists only the learner's enrolled courses with percentage, status and paging", async () => {
    const learner = await signInAs(t.app);
    const stranger = await signInAs(t.app);
    expect((await call('GET', '/api/progress/en/progress', learner)).json()).toEqual({ courses: [], total: 0 });
    expect((await call('GET', '/api/progress/en/stats', learner)).json()).toEqual({ courses: [], total: 0 });

    await enrol(learner, course);
    await enrol(learner, other);
    await call('POST', lessonUrl(course.chapterIds[0], course.lessonIds.chapter1[0]), learner);
    await call('POST', lessonUrl(course.chapterIds[0], course.lessonIds.chapter1[1]), learner);
    await enrol(stranger, course);

    const res = await call('GET', '/api/progress/en/progress', learner);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    const byId = Object.fromEntries(body.courses.map((c: { id: string }) => [c.id, c]));
    expect(byId[course.courseId]).toMatchObject({
      percentage: 33.3,
      status: 'in-progress',
      lessonCount: 3,
      quizCount: 2,
      courseVideoCount: 1,
      chapterCount: 2,
    });
    expect(byId[course.courseId].enrolledAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(byId[other.courseId]).toMatchObject({ percentage: 0, status: 'not-started' });

    const page = (await call('GET', '/api/progress/en/progress?offset=1&limit=1', learner)).json();
    expect(page.total).toBe(2);
    expect(page.courses).toHaveLength(1);
    expect((await call('GET', '/api/progress/en/progress?limit=500', learner)).statusCode).toBe(400);

    const stats = (await call('GET', '/api/progress/en/stats', learner)).json();
    expect(stats.total).toBe(2);
    expect(stats.courses).toEqual(
      expect.arrayContaining([
        { id: course.courseId, title: expect.any(String), status: 'in-progress', percentage: 33.3 },
        { id: other.courseId, title: expect.any(String), status: 'not-started', percentage: 0 },
      ]),
    );
    expect((await call('GET', '/api/progress/hi/stats', learner)).json()).toEqual({ courses: [], total: 0 });
    expect((await call('GET', '/api/progress/xx/stats', learner)).statusCode).toBe(404);
    expect((await call('GET', '/api/progress/xx/progress', learner)).statusCode).toBe(404);
    expect((await call('GET', '/api/progress/en/stats', stranger)).json().total).toBe(1);
  });

  it('shows a completed course as completed', async () => {
    const learner = await signInAs(t.app);
    await enrol(learner, other);
    await completeAll(learner, other);
    const stats = (await call('GET', '/api/progress/en/stats', learner)).json();
    expect(stats).toEqual({
      courses: [{ id: other.courseId, title: expect.any(String), status: 'completed', percentage: 100 }],
      total: 1,
    });
  });
});

async function completeAll(who: SignedIn, c: CourseFixture) {
  const [ch1, ch2] = c.chapterIds;
  for (const l of c.lessonIds.chapter1) expect((await call('POST', lessonUrl(ch1, l, c), who)).statusCode).toBe(200);
  expect((await call('POST', lessonUrl(ch2, c.lessonIds.chapter2[0], c), who)).statusCode).toBe(200);
  expect((await call('POST', `${base(c)}/videos/${c.videoId}/complete`, who)).statusCode).toBe(200);
  for (const q of c.quizzes)
    expect((await call('POST', `${base(c)}/quiz/${q.id}/complete`, who, { answers: allRight(q) })).json().passed).toBe(
      true,
    );
}

describe('languageCompletion (for the certificate)', () => {
  it('is complete only when every published course of the language is at 100%', async () => {
    const learner = await signInAs(t.app);
    const none = await languageCompletion(t.app.db, learner.userId, 'tm');
    expect(none).toEqual({ complete: false, courses: [] });

    const published = await t.app.db
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.lang, 'en'), eq(courses.published, true)));
    let state = await languageCompletion(t.app.db, learner.userId, 'en');
    expect(state.complete).toBe(false);
    expect(state.courses).toHaveLength(published.length);
    expect(state.courses.every((c) => c.completedAt === null)).toBe(true);

    const ta = await createCourseFixture(t.app.db, { lang: 'tm' });
    await call('POST', `/api/progress/tm/${ta.courseId}`, learner);
    const taBase = `/api/progress/tm/${ta.courseId}`;
    await call('POST', `${taBase}/chapters/${ta.chapterIds[0]}/lessons/${ta.lessonIds.chapter1[0]}/complete`, learner);
    state = await languageCompletion(t.app.db, learner.userId, 'tm');
    expect(state).toEqual({
      complete: false,
      courses: [{ id: ta.courseId, title: expect.any(String), completedAt: null }],
    });

    await call('POST', `${taBase}/chapters/${ta.chapterIds[0]}/lessons/${ta.lessonIds.chapter1[1]}/complete`, learner);
    await call('POST', `${taBase}/chapters/${ta.chapterIds[1]}/lessons/${ta.lessonIds.chapter2[0]}/complete`, learner);
    await call('POST', `${taBase}/videos/${ta.videoId}/complete`, learner);
    for (const q of ta.quizzes)
      await call('POST', `${taBase}/quiz/${q.id}/complete`, learner, { answers: allRight(q) });
    state = await languageCompletion(t.app.db, learner.userId, 'tm');
    expect(state.complete).toBe(true);
    expect(state.courses[0]!.completedAt).toBeInstanceOf(Date);

    // A second published course in the language makes it incomplete again.
    await createCourseFixture(t.app.db, { lang: 'tm' });
    expect((await languageCompletion(t.app.db, learner.userId, 'tm')).complete).toBe(false);
  });
});
