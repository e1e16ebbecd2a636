// The differencing attack on the staff's figures (ADR 35), replayed through HTTP: an analyst who
// knows that one learner registered on a given day (or after a given moment) asks for two periods
// that differ by that day (or the same period before and after) and subtracts one answer from the
// other. No two answers the analyst can get may differ by a small group: every figure is of whole
// weeks that have ended, each week protected on its own and a longer period the sum of its weeks.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { testAppPerFile } from '../../test/test-app';
import { allRight, createCourseFixture, type CourseFixture } from '../../test/course-fixture';
import { signInAs, signInAsStaff, type SignedIn } from '../../test/sign-in';
import { learnerName } from '../../test/learner-names';
import { courseRatings } from '../../db/schema/ratings';
import { enrolments, quizAttempts } from '../../db/schema/progress';
import { users } from '../../db/schema/users';
import type { LearnersAnswer } from '../../../contract/analytics';
import { addDays, periodStart, todayInIndia } from './periods';

const t = testAppPerFile();
let course: CourseFixture;
let analyst: SignedIn;

// The week before last, Monday to Sunday (India's time): 22 learners on its Tuesday, one on its
// Wednesday. Last week: one learner on its Tuesday. All of them took the course's first quiz and rated it.
const thisWeek = periodStart(todayInIndia(new Date()), 'week');
const weekBeforeLast = addDays(thisWeek, -14);
const tuesday = addDays(weekBeforeLast, 1);
const wednesday = addDays(weekBeforeLast, 2);
const lastWeek = addDays(thisWeek, -7);
const lastTuesday = addDays(lastWeek, 1);

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: analyst.headers });

async function refresh() {
  await t.app.db.execute(
    sql`update analytics_refreshes set refreshed_at = refreshed_at - interval '2 minutes', whole_at = whole_at - interval '25 hours'`,
  );
  const res = await t.app.inject({ method: 'POST', url: '/api/staff/analytics/refresh', headers: analyst.headers });
  expect(res.json().refreshed).toBe(true);
}

/** A learner who registers, enrols, answers the first quiz (the single-answer question right or not) and rates the course, on `day`. */
async function learner(i: number, day: string, gender: string, right: boolean, rating: number) {
  const who = await signInAs(t.app, { name: learnerName(300 + i) });
  await t.app.db.update(users).set({ gender }).where(eq(users.id, who.userId));
  const base = `/api/progress/en/${course.courseId}`;
  await t.app.inject({ method: 'POST', url: base, headers: who.headers });
  const quiz = course.quizzes[0]!;
  const answers = right
    ? allRight(quiz)
    : [
        { questionId: quiz.single.id, selectedOptions: [quiz.single.wrong[0]!] },
        { questionId: quiz.multi.id, selectedOptions: quiz.multi.correct },
      ];
  const attempt = await t.app.inject({
    method: 'POST',
    url: `${base}/quiz/${quiz.id}/complete`,
    headers: who.headers,
    payload: { answers },
  });
  expect(attempt.statusCode, attempt.body).toBe(200);
  const rated = await t.app.inject({
    method: 'PUT',
    url: `/api/course/en/${course.courseId}/rating`,
    headers: who.headers,
    payload: { rating },
  });
  expect(rated.statusCode, rated.body).toBe(200);
  if (day !== todayInIndia(new Date())) {
    const at = new Date(`${day}T06:00:00Z`);
    await t.app.db.update(users).set({ createdAt: at }).where(eq(users.id, who.userId));
    await t.app.db.update(enrolments).set({ createdAt: at }).where(eq(enrolments.userId, who.userId));
    await t.app.db.update(quizAttempts).set({ createdAt: at }).where(eq(quizAttempts.userId, who.userId));
    await t.app.db
      .update(courseRatings)
      .set({ createdAt: at, updatedAt: at })
      .where(inArray(courseRatings.userId, [who.userId]));
  }
  return who;
}

type Json = null | string | number | boolean | Json[] | { [key: string]: Json };

/**
 * Where two answers differ by a small group: a count shown in both that differs by 1 to 9, or a
 * count of 0 in one that is "fewer than 10" in the other. Series are left out (their periods differ).
 */
function smallDifferences(a: Json, b: Json, path = ''): string[] {
  // A median or an average is not a count; whether it is shown follows a shown count.
  if (/medianDays|average/.test(path)) return [];
  if (typeof a === 'number' && typeof b === 'number') {
    const difference = Math.abs(a - b);
    return difference > 0 && difference < 10 ? [`${path}: ${a} vs ${b}`] : [];
  }
  if ((a === 0 && b === null) || (a === null && b === 0)) return [`${path}: ${a} vs ${b}`];
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    if (Array.isArray(a) !== Array.isArray(b)) return [];
    return Object.keys(a).flatMap((key) =>
      key === 'frame' || key === 'series' || !(key in b)
        ? []
        : smallDifferences((a as Record<string, Json>)[key]!, (b as Record<string, Json>)[key]!, `${path}.${key}`),
    );
  }
  return [];
}

/** Every answer of the figures the analyst could get for these periods (refused ones left out), by figure. */
async function answers(periods: string[]): Promise<Map<string, Json[]>> {
  const figures = new Map<string, Json[]>();
  for (const figure of ['learners', 'courses', `courses/${course.courseId}`]) {
    const got: Json[] = [];
    for (const period of periods) {
      const res = await get(`/api/staff/analytics/${figure}?${period}`);
      if (res.statusCode === 200) got.push(res.json() as Json);
      else {
        expect(res.statusCode, `${figure}?${period}: ${res.body}`).toBe(400);
        expect(res.json().code).toBe('analyticsPeriodInvalid');
      }
    }
    figures.set(figure, got);
  }
  return figures;
}

function leaksBetween(before: Map<string, Json[]>, after: Map<string, Json[]> = before): string[] {
  const leaks: string[] = [];
  for (const [figure, list] of before) {
    const others = after.get(figure)!;
    for (const a of list) for (const b of others) leaks.push(...smallDifferences(a, b, figure));
  }
  return [...new Set(leaks)];
}

beforeAll(async () => {
  course = await createCourseFixture(t.app.db, { title: 'Money basics' });
  analyst = await signInAsStaff(t.app, ['analyst']);
  for (let i = 0; i < 22; i++) await learner(i, tuesday, 'Female', true, 5);
  await learner(22, wednesday, 'Other', false, 1);
  await learner(23, lastTuesday, 'Other', false, 2);
  await refresh();
});

describe('the differencing attack', () => {
  it('learns nothing from two periods that differ by one day', async () => {
    const found = await answers([
      `from=${tuesday}&to=${tuesday}`,
      `from=${tuesday}&to=${wednesday}`,
      `from=${weekBeforeLast}&to=${tuesday}`,
      `from=${weekBeforeLast}&to=${wednesday}`,
      `from=${weekBeforeLast}&to=${addDays(weekBeforeLast, 6)}`,
    ]);
    // Only the whole week is answered, all 23 of its learners together.
    const [week] = found.get('learners')! as unknown as LearnersAnswer[];
    expect(found.get('learners')).toHaveLength(1);
    expect(week!.registrations.total).toBe(23);
    expect(leaksBetween(found)).toEqual([]);
  });

  it('learns nothing from weeks 1 to 2 against weeks 1 to 3', async () => {
    const found = await answers([
      `from=${addDays(weekBeforeLast, -7)}&to=${addDays(weekBeforeLast, 6)}`,
      `from=${addDays(weekBeforeLast, -7)}&to=${addDays(lastWeek, 6)}`,
      `from=${weekBeforeLast}&to=${addDays(lastWeek, 6)}`,
      `from=${lastWeek}&to=${addDays(lastWeek, 6)}`,
    ]);
    expect(leaksBetween(found)).toEqual([]);
  });

  it('learns nothing from the same figures asked before and after one registration', async () => {
    const today = todayInIndia(new Date());
    const periods = ['', `from=${thisWeek}&to=${today}`, `from=${weekBeforeLast}&to=${today}`];
    const before = await answers(periods);
    await learner(24, today, 'Other', false, 1);
    await refresh();
    const after = await answers(periods);
    expect(leaksBetween(before, after)).toEqual([]);
  });
});
