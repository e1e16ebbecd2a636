import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { testAppPerFile } from '../../test/test-app';
import { createCourseFixture, type CourseFixture } from '../../test/course-fixture';
import { signInAs, type SignedIn } from '../../test/sign-in';
import { courses } from '../../db/schema/courses';
import { courseRatings } from '../../db/schema/ratings';

const t = testAppPerFile();
let course: CourseFixture;

beforeAll(async () => {
  course = await createCourseFixture(t.app.db);
});

const url = (lang = 'en', courseId = course.courseId) => `/api/course/${lang}/${courseId}/rating`;
const rate = (who: SignedIn | undefined, payload: unknown, u = url()) =>
  t.app.inject({ method: 'PUT', url: u, headers: who?.headers, payload: payload as object });
const read = (who?: SignedIn, u = url()) => t.app.inject({ method: 'GET', url: u, headers: who?.headers });

async function enrolled(): Promise<SignedIn> {
  const who = await signInAs(t.app);
  await t.app.inject({ method: 'POST', url: `/api/progress/en/${course.courseId}`, headers: who.headers });
  return who;
}

async function totals() {
  const [row] = await t.app.db
    .select({ c: courses.ratingCount, s: courses.ratingTotal })
    .from(courses)
    .where(eq(courses.id, course.courseId));
  return row!;
}

describe('rating a course', () => {
  it('rates once per learner, changes the rating, and keeps the course totals in step', async () => {
    const a = await enrolled();
    const b = await enrolled();
    expect((await read(a)).json()).toEqual({ myRating: null, rating: 0, averageRating: 0 });

    const first = await rate(a, { rating: 4 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      code: 'ratingSaved',
      message: 'Thank you for rating this course',
      myRating: 4,
      rating: 1,
      averageRating: 4,
    });
    expect((await rate(b, { rating: 5 })).json()).toMatchObject({ myRating: 5, rating: 2, averageRating: 4.5 });
    expect((await rate(a, { rating: 2 })).json()).toMatchObject({ myRating: 2, rating: 2, averageRating: 3.5 });
    expect((await rate(a, { rating: 2 })).json()).toMatchObject({ rating: 2, averageRating: 3.5 });
    expect(await totals()).toEqual({ c: 2, s: 7 });
    expect((await read(b)).json()).toEqual({ myRating: 5, rating: 2, averageRating: 3.5 });

    // The public course list shows the same figures.
    const list = (await t.app.inject({ method: 'GET', url: '/api/course/public' })).json();
    expect(list.courses.find((c: { id: string }) => c.id === course.courseId)).toMatchObject({
      rating: 2,
      averageRating: 3.5,
    });
  });

  it('keeps totals right under concurrent ratings by the same learner', async () => {
    const before = await totals();
    const c = await enrolled();
    const results = await Promise.all([3, 5, 1, 4].map((rating) => rate(c, { rating })));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const [mine] = await t.app.db.select().from(courseRatings).where(eq(courseRatings.userId, c.userId));
    const after = await totals();
    expect(after.c).toBe(before.c + 1);
    expect(after.s).toBe(before.s + mine!.rating);
  });

  it('refuses ratings outside 1 to 5 and malformed bodies', async () => {
    const a = await enrolled();
    for (const payload of [{ rating: 0 }, { rating: 6 }, { rating: 3.5 }, { rating: 'five' }, {}]) {
      expect((await rate(a, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('needs a session, an active learner and an enrolment', async () => {
    expect((await rate(undefined, { rating: 3 })).statusCode).toBe(401);
    expect((await read()).statusCode).toBe(401);
    const inactive = await signInAs(t.app, { active: false });
    expect((await rate(inactive, { rating: 3 })).statusCode).toBe(403);
    const stranger = await signInAs(t.app);
    const res = await rate(stranger, { rating: 3 });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'notEnrolled', message: 'You are not enrolled in this course' });
    expect((await read(stranger)).statusCode).toBe(403);
  });

  it('answers 404 for an unknown course or language and 400 for a malformed id', async () => {
    const a = await enrolled();
    expect((await rate(a, { rating: 3 }, url('en', '00000000-0000-4000-8000-000000000000'))).statusCode).toBe(404);
    expect((await rate(a, { rating: 3 }, url('hi'))).statusCode).toBe(404);
    expect((await rate(a, { rating: 3 }, url('xx'))).statusCode).toBe(404);
    expect((await rate(a, { rating: 3 }, url('en', 'zzz'))).statusCode).toBe(400);
  });
});
