// A course's structure kept in memory for learners' calls: the app here keeps it as outside tests
// (NODE_ENV=development, ten seconds), so a change made without an announcement stays unseen, and
// the same change announced as a published course (lib/content-changes.ts) is seen within a second.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, lessons } from '../../db/schema/courses';
import { enrolments } from '../../db/schema/progress';
import { announceContentChange } from '../../lib/content-changes';
import { allRight, createCourseFixture, type CourseFixture } from '../../test/course-fixture';
import { waitFor } from '../../test/ports';
import { signInAs, type SignedIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { itemsToComplete } from './course-structures';
import { percentage } from './percentage';

/** What caching apps keep an answer for (publicCacheMs outside tests). */
const TTL_MS = 10_000;

describe('itemsToComplete', () => {
  it('is the fewest items the percentage rule counts as 100%', () => {
    for (const count of [1, 2, 3, 6, 7, 100, 1999, 2000, 2001, 5000]) {
      const fewest = itemsToComplete(count)!;
      expect(percentage(fewest, count), `${count}`).toBe(100);
      expect(percentage(fewest - 1, count), `${count}`).toBeLessThan(100);
    }
    expect(itemsToComplete(0)).toBeNull();
  });
});

describe("a course's structure kept in memory", () => {
  let t: TestApp;
  let course: CourseFixture;
  let learner: SignedIn;
  const base = () => `/api/progress/en/${course.courseId}`;
  const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: learner.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const record = async () => (await call('GET', `${base()}/progress`)).json().progress;
  const announceCourse = () =>
    t.app.db.transaction(async (tx) => announceContentChange(tx, { kind: 'course', lang: 'en' }));

  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'development' });
    course = await createCourseFixture(t.app.db);
    learner = await signInAs(t.app);
    expect((await call('POST', base())).statusCode).toBe(201);
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves lessons added without an announcement from memory, and the published course once announced', async () => {
    const cachedAt = Date.now();
    const [ch1] = course.chapterIds;
    expect(
      (await call('POST', `${base()}/chapters/${ch1}/lessons/${course.lessonIds.chapter1[0]}/complete`)).statusCode,
    ).toBe(200);
    expect(await record()).toMatchObject({ percentage: 16.7 });
    const [added] = await t.app.db
      .insert(lessons)
      .values({
        courseId: course.courseId,
        chapterId: ch1,
        slug: 'budget',
        title: 'Budget',
        position: 3,
        duration: 4,
        content: '<p>Plan.</p>',
      })
      .returning({ id: lessons.id });
    // Still six items, and the new lesson is not part of the course yet.
    expect(await record()).toMatchObject({ percentage: 16.7 });
    const early = await call('POST', `${base()}/chapters/${ch1}/lessons/${added!.id}/complete`);
    expect(early.statusCode).toBe(404);
    expect(early.json().code).toBe('lessonNotFound');
    expect(Date.now() - cachedAt).toBeLessThan(TTL_MS);

    await announceCourse();
    await waitFor(async () => (await record()).percentage === 14.3, 1000, 'the published course to count seven items');
    expect((await call('POST', `${base()}/chapters/${ch1}/lessons/${added!.id}/complete`)).statusCode).toBe(200);
    expect(await record()).toMatchObject({
      percentage: 28.6,
      lessonId: `${ch1}::${course.lessonIds.chapter1[0]},${ch1}::${added!.id}`,
    });
  });

  it('records the completion date with the lesson that completes the course', async () => {
    const [ch1, ch2] = course.chapterIds;
    for (const quiz of course.quizzes)
      expect((await call('POST', `${base()}/quiz/${quiz.id}/complete`, { answers: allRight(quiz) })).statusCode).toBe(
        200,
      );
    expect((await call('POST', `${base()}/videos/${course.videoId}/complete`)).statusCode).toBe(200);
    expect(
      (await call('POST', `${base()}/chapters/${ch2}/lessons/${course.lessonIds.chapter2[0]}/complete`)).statusCode,
    ).toBe(200);
    const completedAt = async () =>
      (
        await t.app.db
          .select()
          .from(enrolments)
          .where(and(eq(enrolments.userId, learner.userId), eq(enrolments.courseId, course.courseId)))
      )[0]!.completedAt;
    expect(await record()).toMatchObject({ percentage: 85.7, completed: false });
    expect(await completedAt()).toBeNull();
    expect(
      (await call('POST', `${base()}/chapters/${ch1}/lessons/${course.lessonIds.chapter1[1]}/complete`)).statusCode,
    ).toBe(200);
    expect(await record()).toMatchObject({ percentage: 100, completed: true });
    expect(await completedAt()).toBeInstanceOf(Date);
  });

  it('answers 404 on every learner call once the course is withdrawn and announced', async () => {
    await t.app.db.update(courses).set({ published: false }).where(eq(courses.id, course.courseId));
    await announceCourse();
    await waitFor(
      async () => (await call('GET', `${base()}/progress`)).statusCode === 404,
      1000,
      'the withdrawn course to be gone',
    );
    const [ch1] = course.chapterIds;
    for (const res of [
      await call('GET', `${base()}/progress`),
      await call('POST', `${base()}/chapters/${ch1}/lessons/${course.lessonIds.chapter1[0]}/complete`),
      await call('POST', `${base()}/videos/${course.videoId}/complete`),
      await call('POST', `${base()}/quiz/${course.quizzes[0]!.id}/complete`, { answers: allRight(course.quizzes[0]!) }),
      await call('POST', base()),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('courseNotFound');
    }
  });
});
