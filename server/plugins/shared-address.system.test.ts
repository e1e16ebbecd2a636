// A village behind one carrier-grade NAT address: with the default settings, 300 different learners
// from the same address all sign in with a one-time password, read their progress, complete a
// lesson and submit a quiz; and the API counts a signed-in learner's calls per account, so one busy
// learner (or the address's public reads) never spends the others' allowance.
import { beforeAll, describe, expect, it } from 'vitest';
import { allRight, createCourseFixture, type CourseFixture } from '../test/course-fixture';
import { testAppPerFile, type TestApp } from '../test/test-app';
import { signInAs } from '../test/sign-in';
import { lastCode, memorySms, nextMobile, sessionCookie } from '../modules/auth/auth-test-helpers';
import { addressKey } from './rate-limit';
import { learnerName } from '../test/learner-names';

const VILLAGE = '100.64.12.34';
const LEARNERS = 300;
/** Learners who go through their steps at the same moment: a busy hour, compressed. */
const AT_ONCE = 20;

function call(
  t: TestApp,
  method: 'GET' | 'POST',
  url: string,
  options: { cookie?: string; payload?: object; address?: string } = {},
) {
  return t.app.inject({
    method,
    url,
    remoteAddress: options.address ?? VILLAGE,
    headers: options.cookie ? { cookie: options.cookie } : {},
    ...(options.payload ? { payload: options.payload } : {}),
  });
}

describe('300 learners behind one address, default settings', () => {
  const t = testAppPerFile();
  let course: CourseFixture;
  beforeAll(async () => {
    course = await createCourseFixture(t.app.db);
  });

  /** One learner's hour: every answer's status, in order. */
  async function learn(i: number): Promise<number[]> {
    const mobile = nextMobile();
    const statuses: number[] = [];
    const step = async (res: Awaited<ReturnType<typeof call>>) => {
      statuses.push(res.statusCode);
      return res;
    };
    await step(await call(t, 'POST', '/api/user/send-otp', { payload: { mobile } }));
    const registered = await step(
      await call(t, 'POST', '/api/user/register', {
        payload: { mobile, name: learnerName(i), otp: lastCode(t.app, mobile) },
      }),
    );
    const cookie = sessionCookie(registered);
    const base = `/api/progress/en/${course.courseId}`;
    const quiz = course.quizzes[0]!;
    await step(await call(t, 'GET', '/api/user/session-status', { cookie }));
    await step(await call(t, 'POST', base, { cookie }));
    await step(await call(t, 'GET', `${base}/progress`, { cookie }));
    await step(
      await call(
        t,
        'POST',
        `${base}/chapters/${course.chapterIds[0]}/lessons/${course.lessonIds.chapter1[0]}/complete`,
        { cookie },
      ),
    );
    const submitted = await step(
      await call(t, 'POST', `${base}/quiz/${quiz.id}/complete`, { cookie, payload: { answers: allRight(quiz) } }),
    );
    expect(submitted.json()).toMatchObject({ passed: true });
    return statuses;
  }

  it('all sign in, read their progress, complete a lesson and submit a quiz', { timeout: 600_000 }, async () => {
    const sentBefore = memorySms(t.app).sent.length;
    const outcomes: number[][] = [];
    for (let first = 0; first < LEARNERS; first += AT_ONCE) {
      const batch = Array.from({ length: Math.min(AT_ONCE, LEARNERS - first) }, (_, k) => learn(first + k));
      outcomes.push(...(await Promise.all(batch)));
    }
    expect(outcomes).toHaveLength(LEARNERS);
    // A new number's code (404: not registered yet), registered, the session, enrolled (201), the
    // progress, the lesson, the quiz: for every one of them.
    const expected = [404, 200, 200, 201, 200, 200, 200];
    const refused = outcomes.filter((statuses) => statuses.join() !== expected.join());
    expect(refused).toEqual([]);
    expect(memorySms(t.app).sent.length - sentBefore).toBe(LEARNERS);
  });
});

describe('counted per signed-in account, not per address', () => {
  const t = testAppPerFile({
    API_RATE_LIMIT_PER_MINUTE: '5',
    API_ADDRESS_LIMIT_PER_MINUTE: '5',
    METRICS_TOKEN: 'metrics-token-metrics-token-metrics-token',
  });

  it('refuses a learner past their own allowance, not the other learners behind the same address', async () => {
    const busy = await signInAs(t.app);
    const other = await signInAs(t.app);
    for (let i = 0; i < 5; i++)
      expect((await call(t, 'GET', '/api/user/me', { cookie: busy.headers.cookie })).statusCode).toBe(200);
    const refused = await call(t, 'GET', '/api/user/me', { cookie: busy.headers.cookie });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rateLimited', retryAfter: Number(refused.headers['retry-after']) });
    expect((await call(t, 'GET', '/api/user/me', { cookie: other.headers.cookie })).statusCode).toBe(200);
    // The busy learner's allowance is theirs wherever they are: another address does not reset it.
    expect(
      (await call(t, 'GET', '/api/user/me', { cookie: busy.headers.cookie, address: '100.64.99.1' })).statusCode,
    ).toBe(429);
  });

  it("keeps the address's public reads and the learners' own calls apart", async () => {
    const address = '100.64.1.1';
    const learner = await signInAs(t.app);
    for (let i = 0; i < 5; i++)
      expect((await call(t, 'GET', '/api/course/public?lang=en', { address })).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/course/public?lang=en', { address })).statusCode).toBe(429);
    // Public reads count against the address, signed in or not.
    expect(
      (await call(t, 'GET', '/api/course/public?lang=en', { address, cookie: learner.headers.cookie })).statusCode,
    ).toBe(429);
    expect((await call(t, 'GET', '/api/user/me', { address, cookie: learner.headers.cookie })).statusCode).toBe(200);
  });

  it('counts a call that needs sign-in but has no valid session against its address', async () => {
    const address = '100.64.2.2';
    for (let i = 0; i < 5; i++)
      expect((await call(t, 'GET', '/api/user/me', { address, cookie: 'sid=forged' })).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/user/me', { address, cookie: 'sid=forged' })).statusCode).toBe(429);
    expect((await call(t, 'GET', '/api/course/public?lang=en', { address })).statusCode).toBe(429);
  });

  it('counts an IPv6 client as its /64, which it may pick any address in', async () => {
    for (let i = 0; i < 5; i++) {
      expect(
        (await call(t, 'GET', '/api/course/public?lang=en', { address: `2001:db8:7:8::${i + 1}` })).statusCode,
      ).toBe(200);
    }
    expect((await call(t, 'GET', '/api/course/public?lang=en', { address: '2001:db8:7:8:abcd::9' })).statusCode).toBe(
      429,
    );
    expect((await call(t, 'GET', '/api/course/public?lang=en', { address: '2001:db8:7:9::1' })).statusCode).toBe(200);
    expect(addressKey('2001:0db8:0007:0008:0000:0000:0000:0001')).toBe('2001:db8:7:8::/64');
    expect(addressKey('::ffff:100.64.3.3')).toBe('100.64.3.3');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('tells the operators how many calls each limit refused', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token-metrics-token-metrics-token' },
    });
    expect(res.body).toMatch(/^refusals_total\{limit="api-account"\} [1-9]/m);
    expect(res.body).toMatch(/^refusals_total\{limit="api-address"\} [1-9]/m);
  });
});
