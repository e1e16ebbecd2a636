// The staff's analytics through HTTP: a population of learners who enrol, learn and take quizzes
// through the learners' own calls, then the figures an analyst reads, what they withhold, who may
// read them, and the CSV files.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { testAppPerFile } from '../../test/test-app';
import { allRight, createCourseFixture, type CourseFixture } from '../../test/course-fixture';
import { signInAs, signInAsStaff, type SignedIn } from '../../test/sign-in';
import { learnerName } from '../../test/learner-names';
import { parseCsv } from '../../test/csv';
import { certificates } from '../../db/schema/certificates';
import { completions, enrolments } from '../../db/schema/progress';
import { users } from '../../db/schema/users';
import type {
  CertificatesAnswer,
  CourseDetailAnswer,
  CoursesAnswer,
  LearnersAnswer,
  SafeCount,
} from '../../../contract/analytics';
import { addDays, periodStart, todayInIndia } from './periods';
import { refreshAnalytics, refreshDue } from './refresh';

const t = testAppPerFile();
let course: CourseFixture;
let hindi: CourseFixture;
let analyst: SignedIn;
let admin: SignedIn;
const population: SignedIn[] = [];
const names: string[] = [];
// Figures are of whole weeks that have ended (ADR 35): the population learned last week.
const thisWeek = periodStart(todayInIndia(new Date()), 'week');
const lastWeek = addDays(thisWeek, -7);
const lastSunday = addDays(thisWeek, -1);
const LAST_WEEK = `from=${lastWeek}&to=${lastSunday}`;

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, who?: SignedIn, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: who?.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const ok = async (method: Method, url: string, who: SignedIn, payload?: unknown) => {
  const res = await call(method, url, who, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res;
};
const read = async <T>(url: string, who: SignedIn = analyst): Promise<T> => (await ok('GET', url, who)).json() as T;

/** The counts of a breakdown by key. */
const cells = (list: { key: string; count: SafeCount }[]) =>
  Object.fromEntries(list.map((cell) => [cell.key, cell.count]));

/**
 * 44 learners: 40 enrol in the course, 36 finish its first lesson, 28 reach half of it, 25 complete
 * it (11 of them with a certificate); 15 of the 25 pass the first quiz at once, 10 at the second try.
 */
beforeAll(async () => {
  course = await createCourseFixture(t.app.db, { title: 'Money basics' });
  hindi = await createCourseFixture(t.app.db, { lang: 'hi', title: 'पैसा, बचत और बैंक' });
  analyst = await signInAsStaff(t.app, ['analyst']);
  admin = await signInAsStaff(t.app, ['admin']);
  for (let i = 0; i < 44; i++) {
    // Three minors: two whose guardian agreed (they learn), one still waiting (the last, who cannot enrol).
    const minor = i === 0 || i === 1 || i === 43;
    const name = learnerName(i);
    names.push(name);
    population.push(await signInAs(t.app, { name, age: minor ? 15 : i % 2 ? 22 : 30, guardianConsent: i < 2 }));
  }
  const gender = (i: number) => (i < 24 ? 'Female' : i < 41 ? 'Male' : 'Other');
  for (const [i, learner] of population.entries()) {
    await t.app.db
      .update(users)
      .set({ gender: gender(i), qualification: i < 30 ? '10th Std' : 'Graduate', interfaceLang: i < 20 ? 'hi' : 'en' })
      .where(eq(users.id, learner.userId));
  }
  const base = `/api/progress/en/${course.courseId}`;
  const [lesson1, lesson2] = course.lessonIds.chapter1;
  const [quiz1, quiz2] = course.quizzes;
  for (const [i, learner] of population.slice(0, 40).entries()) {
    await ok('POST', base, learner);
    if (i >= 36) continue; // enrolled only
    await ok('POST', `${base}/chapters/${course.chapterIds[0]}/lessons/${lesson1}/complete`, learner);
    if (i >= 28) continue; // stopped after the first lesson
    await ok('POST', `${base}/chapters/${course.chapterIds[0]}/lessons/${lesson2}/complete`, learner);
    await ok(
      'POST',
      `${base}/chapters/${course.chapterIds[1]}/lessons/${course.lessonIds.chapter2[0]}/complete`,
      learner,
    );
    if (i >= 25) continue; // stopped after the third lesson, half way
    await ok('POST', `${base}/videos/${course.videoId}/complete`, learner);
    if (i >= 15) {
      // A first try with the single-answer question wrong: half right, which does not pass.
      const wrong = [
        { questionId: quiz1!.single.id, selectedOptions: [quiz1!.single.wrong[0]!] },
        { questionId: quiz1!.multi.id, selectedOptions: quiz1!.multi.correct },
      ];
      expect((await ok('POST', `${base}/quiz/${quiz1!.id}/complete`, learner, { answers: wrong })).json().passed).toBe(
        false,
      );
    }
    await ok('POST', `${base}/quiz/${quiz1!.id}/complete`, learner, { answers: allRight(quiz1!) });
    await ok('POST', `${base}/quiz/${quiz2!.id}/complete`, learner, { answers: allRight(quiz2!) });
  }
  for (const [i, learner] of population.slice(0, 11).entries()) {
    await t.app.db.insert(certificates).values({
      number: `JGK-2026-EN-${String(i).padStart(6, '0')}`,
      userId: learner.userId,
      lang: 'en',
      learnerName: names[i]!,
      courseTitle: 'Money basics',
      completedAt: new Date(),
    });
  }
  // All of it happened last Tuesday (India's time), a week that has ended: moved back by the same
  // time, so what each learner did keeps its order.
  const ids = population.map((learner) => learner.userId);
  const seconds = Math.round((Date.now() - Date.parse(`${addDays(lastWeek, 1)}T06:00:00Z`)) / 1000);
  for (const [table, column] of [
    ['users', 'id'],
    ['enrolments', 'user_id'],
    ['completions', 'user_id'],
    ['quiz_attempts', 'user_id'],
    ['certificates', 'user_id'],
  ] as const) {
    await t.app.db.execute(
      sql`update ${sql.identifier(table)} set created_at = created_at - make_interval(secs => ${seconds})
        where ${sql.identifier(column)} in ${ids}`,
    );
  }
});

describe('who may read the figures', () => {
  const urls = () => [
    '/api/staff/analytics/learners',
    '/api/staff/analytics/courses',
    `/api/staff/analytics/courses/${course.courseId}`,
    '/api/staff/analytics/certificates',
    '/api/staff/analytics/export/learners',
  ];

  it('answers 401 without a session and 403 to learners, editors and translators', async () => {
    const editor = await signInAsStaff(t.app, ['editor']);
    const translator = await signInAsStaff(t.app, ['translator'], { languages: ['hi'] });
    for (const url of urls()) {
      expect((await call('GET', url)).statusCode, url).toBe(401);
      expect((await call('GET', url, population[0])).json().code, url).toBe('staffOnly');
      expect((await call('GET', url, editor)).json().code, url).toBe('roleNotAllowed');
      expect((await call('GET', url, translator)).json().code, url).toBe('roleNotAllowed');
    }
    expect((await call('POST', '/api/staff/analytics/refresh', editor)).statusCode).toBe(403);
  });

  it('answers an admin whose second factor is confirmed, and asks one who has not confirmed it', async () => {
    const unconfirmed = await signInAsStaff(t.app, ['admin'], { secondFactor: 'required' });
    expect((await call('GET', '/api/staff/analytics/learners', unconfirmed)).json().code).toBe('secondFactorRequired');
    await read('/api/staff/analytics/learners', admin);
  });
});

describe('the figures', () => {
  beforeAll(async () => {
    const before = await read<LearnersAnswer>('/api/staff/analytics/learners');
    // Nothing is computed until the first refresh: the dashboard says so rather than showing zeros as facts.
    expect(before.frame.computedAt).toBeNull();
    const refreshed = (await ok('POST', '/api/staff/analytics/refresh', analyst)).json();
    expect(refreshed).toMatchObject({ refreshed: true, computedAt: expect.any(String) });
    expect(refreshed.tookMs).toBeGreaterThanOrEqual(0);
  });

  it('are recomputed at most once a minute on request', async () => {
    const again = (await ok('POST', '/api/staff/analytics/refresh', analyst)).json();
    expect(again.refreshed).toBe(false);
    const learners = await read<LearnersAnswer>('/api/staff/analytics/learners');
    expect(learners.frame.computedAt).toBe(again.computedAt);
  });

  it('count the learners registered and active, with every small group withheld and the rest shown', async () => {
    const answer = await read<LearnersAnswer>(`/api/staff/analytics/learners?${LAST_WEEK}`);
    expect(answer.frame).toMatchObject({
      from: lastWeek,
      to: lastSunday,
      grain: 'week',
      lang: null,
      course: null,
      minGroup: 10,
    });
    // The staff who read the figures are not counted among the learners.
    expect(answer.registrations).toEqual({ total: 44, series: [{ period: lastWeek, count: 44 }] });
    expect(answer.active.series).toEqual([{ period: lastWeek, count: 40 }]);
    const { gender, ageBand, consent, interfaceLanguage, courseLanguage, qualification } = answer.breakdowns;
    // 3 "Other" are fewer than 10; "Male" (17) is withheld too, or 44 - 24 would give the 3 away.
    expect(cells(gender)).toEqual({ Male: 'withheld', Female: 24, Other: null, unknown: 0 });
    expect(cells(ageBand)).toMatchObject({ under18: null, '18-24': 'withheld', '25-34': 21, unknown: 0 });
    expect(cells(consent)).toEqual({ adult: 'withheld', minorWithConsent: null, minorWithoutConsent: null });
    expect(cells(interfaceLanguage)).toMatchObject({ hi: 20, en: 24, unknown: 0 });
    // The 4 not enrolled anywhere are fewer than 10, so the 40 in English courses are withheld with them.
    expect(cells(courseLanguage)).toMatchObject({ en: 'withheld', hi: 0, unknown: null });
    expect(cells(qualification)).toMatchObject({ '10th Std': 30, Graduate: 14 });
  });

  it('never let a hidden count be recovered by subtracting the shown ones from the total', async () => {
    const answer = await read<LearnersAnswer>('/api/staff/analytics/learners');
    for (const [breakdown, list] of Object.entries(answer.breakdowns)) {
      const shown = list.reduce((sum, cell) => sum + (typeof cell.count === 'number' ? cell.count : 0), 0);
      const remainder = (answer.registrations.total as number) - shown;
      const hidden = list.filter((cell) => typeof cell.count !== 'number').length;
      expect(remainder === 0 || (remainder >= 10 && hidden >= 2), `${breakdown}: ${remainder} in ${hidden} cells`).toBe(
        true,
      );
    }
  });

  it('follow each course from enrolment to certificate, without a small group between two steps', async () => {
    const answer = await read<CoursesAnswer>('/api/staff/analytics/courses');
    expect(answer.courses).toHaveLength(1);
    const [figures] = answer.courses;
    expect(figures).toMatchObject({ courseId: course.courseId, lang: 'en', title: 'Money basics' });
    // 40 enrolled, 36 started (4 fewer: withheld), 28 half done, 25 completed (3 fewer: withheld), 11 certificates.
    expect(figures!.funnel).toEqual({
      enrolled: 40,
      started: 'withheld',
      halfDone: 28,
      completed: 'withheld',
      certificate: 11,
    });
    // A median is shown only beside its step's count: "started" is withheld, so is its median.
    expect(figures!.medianDays).toEqual({ started: null, halfDone: 0, completed: null, certificate: 0 });
    expect(figures!.rating).toEqual({ count: 0, average: null });
  });

  it('show where learners stop, and what each quiz question drew on the first attempt', async () => {
    const answer = await read<CourseDetailAnswer>(`/api/staff/analytics/courses/${course.courseId}`);
    // 36 started, 25 completed: 11 stopped, 8 after the first lesson and 3 after the third.
    expect(answer.stops.total).toBe(11);
    expect(answer.stops.items.map((item) => [item.kind, item.title, item.learners])).toEqual([
      ['lesson', 'Why save', null],
      ['lesson', 'How to save', 0],
      ['lesson', 'Open an account', null],
      ['video', 'Welcome', 0],
      ['quiz', 'Quiz 1', 0],
      ['quiz', 'Quiz 2', 0],
    ]);
    const [quiz1, quiz2] = answer.quizzes;
    expect(quiz1).toMatchObject({ title: 'Quiz 1', learners: 25, attempts: 35 });
    expect(quiz1!.attemptsToPass).toEqual([
      { attempts: 1, learners: 15 },
      { attempts: 2, learners: 10 },
      { attempts: 3, learners: 0 },
      { attempts: 4, learners: 0 },
    ]);
    const [single, multi] = quiz1!.questions;
    expect(single).toMatchObject({ text: 'Where is money safest?', learners: 25, answeredRight: 15 });
    expect(single!.options.map((option) => [option.text, option.correct, option.chosen])).toEqual([
      ['In a bank', true, 15],
      ['Under the bed', false, 10],
      ['With a stranger', false, 0],
    ]);
    expect(multi).toMatchObject({ learners: 25, answeredRight: 25 });
    expect(multi!.options.map((option) => option.chosen)).toEqual([25, 0, 25, 0]);
    expect(quiz2).toMatchObject({ learners: 25, attempts: 25 });
  });

  it('count certificates and journal entries per period', async () => {
    const answer = await read<CertificatesAnswer>('/api/staff/analytics/certificates');
    expect(answer.certificates.total).toBe(11);
    expect(answer.certificates.series).toHaveLength(13);
    expect(answer.certificates.series.at(-1)).toEqual({ period: lastWeek, count: 11 });
    expect(answer.journalEntries.total).toBe(0);
  });

  it('filter by language and by course', async () => {
    const inHindi = await read<LearnersAnswer>('/api/staff/analytics/learners?lang=hi');
    expect(inHindi.frame.lang).toBe('hi');
    expect(inHindi.registrations.total).toBe(0);
    expect((await read<CoursesAnswer>('/api/staff/analytics/courses?lang=hi')).courses).toEqual([]);
    expect((await read<CertificatesAnswer>('/api/staff/analytics/certificates?lang=hi')).certificates.total).toBe(0);
    const ofCourse = await read<LearnersAnswer>(`/api/staff/analytics/learners?course=${course.courseId}`);
    expect(ofCourse.frame.course).toBe(course.courseId);
    expect(ofCourse.registrations.total).toBe(40);
    const ofHindiCourse = await read<CourseDetailAnswer>(`/api/staff/analytics/courses/${hindi.courseId}`);
    expect(ofHindiCourse.course.funnel.enrolled).toBe(0);
    expect(ofHindiCourse.stops.total).toBe(0);
  });

  it('answer zeros for a period with nobody in it, each period of the series present', async () => {
    const answer = await read<LearnersAnswer>('/api/staff/analytics/learners?from=2019-12-30&to=2020-02-02&grain=week');
    expect(answer.registrations.total).toBe(0);
    expect(answer.registrations.series.map((point) => point.period)).toEqual([
      '2019-12-30',
      '2020-01-06',
      '2020-01-13',
      '2020-01-20',
      '2020-01-27',
    ]);
    expect(answer.active.series.every((point) => point.count === 0)).toBe(true);
    expect((await read<CoursesAnswer>('/api/staff/analytics/courses?from=2019-12-30&to=2020-02-02')).courses).toEqual(
      [],
    );
  });

  it('never hold a name, a mobile number or a user id', async () => {
    const bodies = [
      '/api/staff/analytics/learners',
      '/api/staff/analytics/courses',
      `/api/staff/analytics/courses/${course.courseId}`,
      '/api/staff/analytics/certificates',
      '/api/staff/analytics/export/learners',
      `/api/staff/analytics/export/course?course=${course.courseId}`,
    ];
    for (const url of bodies) {
      const body = (await ok('GET', url, analyst)).body;
      for (const [i, learner] of population.entries()) {
        expect(body, url).not.toContain(learner.mobile);
        expect(body, url).not.toContain(learner.userId);
        expect(body, url).not.toContain(names[i]);
      }
    }
  });

  it('refuse a period that is not whole weeks that have ended, and unknown courses', async () => {
    const today = todayInIndia(new Date());
    for (const query of [
      'from=2026-02-02&to=2026-01-25', // ends before it starts
      'from=2019-12-30&to=2026-01-04', // longer than 157 weeks
      `from=${today}&to=${today}`, // a day
      `from=${thisWeek}&to=${addDays(thisWeek, 6)}`, // this week, not over yet
      `from=${thisWeek}`, // from this week to last week's end
      `from=${lastWeek}&to=${addDays(lastWeek, 2)}`, // part of a week
      `from=${addDays(lastWeek, 1)}&to=${lastSunday}`, // not from a Monday
      `to=${today}`, // up to today
    ]) {
      const res = await call('GET', `/api/staff/analytics/learners?${query}`, analyst);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code, query).toBe('analyticsPeriodInvalid');
      expect(res.json().message, query).toBe(
        'The period must be whole weeks that have ended, from a Monday to a Sunday (India’s time), at most 157 weeks.',
      );
    }
    for (const query of ['from=yesterday', 'grain=year', 'grain=day', 'grain=month', 'lang=xx', 'course=42']) {
      const res = await call('GET', `/api/staff/analytics/learners?${query}`, analyst);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code, query).toBe('validation');
    }
    const unknown = await call('GET', '/api/staff/analytics/courses/00000000-0000-4000-8000-000000000000', analyst);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('courseNotFound');
    const noCourse = await call('GET', '/api/staff/analytics/export/course', analyst);
    expect(noCourse.statusCode).toBe(400);
    expect(noCourse.json().details).toEqual([{ field: 'course', message: 'is needed for the course report' }]);
  });
});

describe('CSV files', () => {
  it('are UTF-8 with a byte-order mark, one table that says its period, and written to the audit log', async () => {
    const res = await ok('GET', `/api/staff/analytics/export/learners?${LAST_WEEK}`, analyst);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="analytics-learners-${lastWeek}-to-${lastSunday}.csv"`,
    );
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parseCsv(res.body.slice(1));
    expect(rows[0]).toEqual(['figure', 'group', 'count', 'from', 'to', 'language', 'course', 'computed_at']);
    expect(rows.every((row) => row.length === 8)).toBe(true);
    const row = (figure: string, group: string) => rows.find((r) => r[0] === figure && r[1] === group);
    expect(row('registrations', 'total')!.slice(2, 6)).toEqual(['44', lastWeek, lastSunday, 'all']);
    expect(row('registrations per week', lastWeek)![2]).toBe('44');
    expect(row('registrations by gender', 'Other')![2]).toBe('fewer than 10');
    expect(row('registrations by gender', 'Male')![2]).toBe('withheld');

    const audit = await read<{ rows: { action: string; entityId: string; actor: { id: string }; after: unknown }[] }>(
      '/api/staff/audit?action=analytics.export',
      admin,
    );
    expect(audit.rows[0]).toMatchObject({
      action: 'analytics.export',
      entityId: 'learners',
      actor: { id: analyst.userId },
      after: { from: lastWeek, to: lastSunday },
    });
    // Without a period asked for, the file is named by the weeks it covers, not "from-today".
    const defaulted = await ok('GET', '/api/staff/analytics/export/learners', analyst);
    expect(defaulted.headers['content-disposition']).toBe(
      `attachment; filename="analytics-learners-${addDays(thisWeek, -91)}-to-${lastSunday}.csv"`,
    );
    // A period that is refused downloads nothing, and is not in the audit log.
    const refused = await call(
      'GET',
      `/api/staff/analytics/export/learners?from=${thisWeek}&to=${addDays(thisWeek, 6)}`,
      analyst,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('analyticsPeriodInvalid');
  });

  it('write a course’s questions and titles in their own script, quoted where they hold commas', async () => {
    const res = await ok('GET', `/api/staff/analytics/export/course?course=${hindi.courseId}`, analyst);
    const rows = parseCsv(res.body.slice(1));
    expect(res.body).toContain('"पैसा, बचत और बैंक (hi)"');
    expect(rows.find((row) => row[0] === 'learners enrolled')!.slice(1, 3)).toEqual(['पैसा, बचत और बैंक (hi)', '0']);
    // Every figure named in words: no field name of the API (funnel: halfDone) reaches the file.
    expect(rows.map((row) => row[0] ?? '').filter((figure) => /[a-z][A-Z]|funnel:/.test(figure))).toEqual([]);
    expect(rows.some((row) => row[0] === 'learners half way through')).toBe(true);
    const courses = parseCsv((await ok('GET', '/api/staff/analytics/export/courses', analyst)).body.slice(1));
    expect(courses.find((row) => row[0] === 'learners enrolled')!.slice(1, 3)).toEqual(['Money basics (en)', '40']);
  });
});

describe('refreshing', () => {
  const registeredIn2025 = async () =>
    (await read<LearnersAnswer>('/api/staff/analytics/learners?from=2025-01-13&to=2025-01-19')).registrations.total;
  const makeDue = (whole: boolean) =>
    t.app.db.execute(
      whole
        ? sql`update analytics_refreshes set refreshed_at = refreshed_at - interval '2 minutes', whole_at = whole_at - interval '25 hours'`
        : sql`update analytics_refreshes set refreshed_at = refreshed_at - interval '2 minutes'`,
    );

  it('recomputes the recent periods often and everything once a day', async () => {
    // Ten learners who registered long ago (an import of an older programme's records, say).
    const old = await Promise.all(
      Array.from({ length: 10 }, (_, i) => signInAs(t.app, { name: learnerName(100 + i) })),
    );
    await t.app.db
      .update(users)
      .set({ createdAt: new Date('2025-01-15T06:00:00Z') })
      .where(
        inArray(
          users.id,
          old.map((l) => l.userId),
        ),
      );
    await makeDue(false);
    expect((await ok('POST', '/api/staff/analytics/refresh', analyst)).json().refreshed).toBe(true);
    // A frequent refresh recomputes only the last days: January 2025 is as it was.
    expect(await registeredIn2025()).toBe(0);
    await makeDue(true);
    expect((await ok('POST', '/api/staff/analytics/refresh', analyst)).json().refreshed).toBe(true);
    expect(await registeredIn2025()).toBe(10);
    await t.app.db.delete(users).where(
      inArray(
        users.id,
        old.map((l) => l.userId),
      ),
    );
    await makeDue(true);
    await ok('POST', '/api/staff/analytics/refresh', analyst);
    expect(await registeredIn2025()).toBe(0);
  });
});

describe('the periodic refresh', () => {
  it('leaves figures another instance refreshed after they were found due', async () => {
    await t.app.db.execute(sql`update analytics_refreshes set refreshed_at = refreshed_at - interval '10 minutes'`);
    // This instance found them due; another instance's refresh commits before it takes the lock.
    expect(await refreshDue(t.app.db, new Date(), 5)).toBe(true);
    const other = await refreshAnalytics(t.app.db, { ifOlderThanMinutes: 5 });
    expect(other).toBeDefined();
    expect(await refreshAnalytics(t.app.db, { ifOlderThanMinutes: 5 })).toBeUndefined();
    const [row] = (
      (await t.app.db.execute(sql`select refreshed_at from analytics_refreshes`)) as unknown as {
        rows: { refreshed_at: string | Date }[];
      }
    ).rows;
    expect(new Date(row!.refreshed_at).getTime()).toBe(other!.computedAt.getTime());
  });
});

describe('a learner erased', () => {
  it('leaves the figures at the next refresh', async () => {
    const gone = population.slice(41, 43).map((learner) => learner.userId);
    await t.app.db.delete(users).where(inArray(users.id, gone));
    await t.app.db.execute(sql`update analytics_refreshes set refreshed_at = refreshed_at - interval '2 minutes'`);
    expect((await ok('POST', '/api/staff/analytics/refresh', analyst)).json().refreshed).toBe(true);
    expect((await read<LearnersAnswer>('/api/staff/analytics/learners')).registrations.total).toBe(42);
  });
});

describe('an old enrolment that moves on', () => {
  it('is recomputed by the next frequent refresh, from the events since the last one', async () => {
    // Twenty learners who enrolled in the Hindi course in March 2025, long before the recent periods.
    const late = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signInAs(t.app, { name: learnerName(200 + i) })),
    );
    for (const learner of late) await ok('POST', `/api/progress/hi/${hindi.courseId}`, learner);
    const march = new Date('2025-03-10T06:00:00Z');
    await t.app.db
      .update(enrolments)
      .set({ createdAt: march })
      .where(
        inArray(
          enrolments.userId,
          late.map((l) => l.userId),
        ),
      );
    const inMarch = async () => {
      const answer = await read<CoursesAnswer>('/api/staff/analytics/courses?from=2025-03-10&to=2025-03-16');
      return answer.courses.find((figures) => figures.courseId === hindi.courseId)?.funnel;
    };
    const due = (whole: boolean) =>
      t.app.db.execute(
        whole
          ? sql`update analytics_refreshes set refreshed_at = refreshed_at - interval '2 minutes', whole_at = whole_at - interval '25 hours'`
          : sql`update analytics_refreshes set refreshed_at = refreshed_at - interval '2 minutes'`,
      );
    await due(true);
    expect((await ok('POST', '/api/staff/analytics/refresh', analyst)).json()).toMatchObject({ refreshed: true });
    expect(await inMarch()).toMatchObject({ enrolled: 20, started: 0 });

    // Ten of them come back today and finish the first lesson; the other ten have a first lesson
    // written straight into the table as done in March 2025 (an import of old records, say), an
    // event no frequent refresh looks for.
    const [lesson] = hindi.lessonIds.chapter1;
    for (const learner of late.slice(0, 10)) {
      await ok(
        'POST',
        `/api/progress/hi/${hindi.courseId}/chapters/${hindi.chapterIds[0]}/lessons/${lesson}/complete`,
        learner,
      );
    }
    await t.app.db.insert(completions).values(
      late.slice(10).map((learner) => ({
        userId: learner.userId,
        courseId: hindi.courseId,
        lessonId: lesson,
        createdAt: new Date('2025-03-11T06:00:00Z'),
      })),
    );
    await due(false);
    expect((await ok('POST', '/api/staff/analytics/refresh', analyst)).json()).toMatchObject({ refreshed: true });
    expect(await inMarch()).toMatchObject({ enrolled: 20, started: 10 });
    // The daily whole refresh sees every enrolment.
    await due(true);
    await ok('POST', '/api/staff/analytics/refresh', analyst);
    expect(await inMarch()).toMatchObject({ enrolled: 20, started: 20 });

    // An enrolment's steps leave with it: an erased learner's at once, not at the next refresh.
    const steps = async () =>
      (
        (await t.app.db.execute(
          sql`select count(*)::int as n from analytics_enrolment_steps where course_id = ${hindi.courseId}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n;
    expect(await steps()).toBe(20);
    await t.app.db.delete(users).where(eq(users.id, late[0]!.userId));
    expect(await steps()).toBe(19);
  });
});
