// The resend cooldown and the send limits per number and per client address: SMS costs money and
// SMS pumping is a known attack, so each is answered with 429, Retry-After and retryAfter. Above
// them, a ceiling on what the whole platform sends in an hour, answered 503 with Retry-After.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpChallenges } from '../../db/schema/auth';
import { createTestApp, testAppPerFile, type TestApp } from '../../test/test-app';
import { captureLog } from '../../test/log-capture';
import { lastCode, memorySms, nextMobile, post } from './auth-test-helpers';
import { pruneOtpChallenges } from './service';

const t = testAppPerFile({
  OTP_RESEND_COOLDOWN_SECONDS: '30',
  OTP_PER_NUMBER_LIMIT: '3',
  OTP_PER_ADDRESS_LIMIT: '4',
  OTP_LIMIT_WINDOW_SECONDS: '3600',
});

let addressCounter = 0;
/** Each test sends from its own address, so the address limit of one does not spill into another. */
const freshAddress = () => `10.1.0.${++addressCounter}`;

/** Moves the number's earlier sends back in time instead of sleeping. */
async function age(mobile: string, seconds: number, app = t.app) {
  await app.db
    .update(otpChallenges)
    .set({ createdAt: sql`${otpChallenges.createdAt} - make_interval(secs => ${seconds})` })
    .where(eq(otpChallenges.mobile, mobile));
}

function expectRetryLater(res: Awaited<ReturnType<typeof post>>, min: number, max: number) {
  expect(res.statusCode).toBe(429);
  const header = Number(res.headers['retry-after']);
  expect(header).toBeGreaterThanOrEqual(min);
  expect(header).toBeLessThanOrEqual(max);
  const body = res.json();
  expect(body.retryAfter).toBe(header);
  expect(typeof body.message).toBe('string');
  return body.message as string;
}

describe('resend cooldown', () => {
  it('refuses a second code within the cooldown with the seconds left, then allows it', async () => {
    const mobile = nextMobile();
    const ip = freshAddress();
    const first = await post(t.app, '/api/user/send-otp', { mobile }, {}, ip);
    expect(first.statusCode).toBe(404);
    // The answer says when a new code may be asked for, so the form counts down from the start.
    expect(first.json().resendAfter).toBe(30);
    const sent = memorySms(t.app).countFor(mobile);

    const resend = await post(t.app, '/api/user/resend-otp', { mobile }, {}, ip);
    const message = expectRetryLater(resend, 29, 30);
    expect(message).toMatch(/^Please wait \d+ seconds before asking for a new one-time password\.$/);
    // send-otp is a resend too when a code was just sent.
    expectRetryLater(await post(t.app, '/api/user/send-otp', { mobile }, {}, ip), 29, 30);
    expect(memorySms(t.app).countFor(mobile)).toBe(sent);

    await age(mobile, 20);
    expectRetryLater(await post(t.app, '/api/user/resend-otp', { mobile }, {}, ip), 9, 10);

    await age(mobile, 11);
    const later = await post(t.app, '/api/user/resend-otp', { mobile }, {}, ip);
    expect(later.statusCode).toBe(200);
    expect(later.json()).toMatchObject({ code: 'resent', resendAfter: 30 });
    expect(memorySms(t.app).countFor(mobile)).toBe(sent + 1);
  });

  it('the code sent before a refused resend still works', async () => {
    const mobile = nextMobile();
    const ip = freshAddress();
    await post(t.app, '/api/user/send-otp', { mobile }, {}, ip);
    const code = lastCode(t.app, mobile);
    expect((await post(t.app, '/api/user/resend-otp', { mobile }, {}, ip)).statusCode).toBe(429);
    const res = await post(t.app, '/api/user/register', { mobile, name: 'Kavya', otp: code }, {}, ip);
    expect(res.statusCode).toBe(200);
  });
});

describe('sends per number', () => {
  it('allows the configured number per window, then 429 until the oldest leaves the window', async () => {
    const mobile = nextMobile();
    for (let i = 0; i < 3; i++) {
      const res = await post(t.app, '/api/user/send-otp', { mobile }, {}, freshAddress());
      expect(res.statusCode).toBe(404);
      await age(mobile, 60);
    }
    const sent = memorySms(t.app).countFor(mobile);
    // From yet another address: the number's limit does not depend on where the request comes from.
    const refused = await post(t.app, '/api/user/resend-otp', { mobile }, {}, freshAddress());
    // The oldest of the three was sent 180 s ago, so it leaves the hour in 3420 s.
    const message = expectRetryLater(refused, 3419, 3421);
    expect(message).toBe('Too many one-time passwords were requested for this number. Please try again in 57 minutes.');
    expect(memorySms(t.app).countFor(mobile)).toBe(sent);

    await age(mobile, 3421);
    expect((await post(t.app, '/api/user/send-otp', { mobile }, {}, freshAddress())).statusCode).toBe(404);
  });
});

describe('sends per client address', () => {
  it('allows the configured number per window from one address, then 429; other addresses are unaffected', async () => {
    const ip = freshAddress();
    for (let i = 0; i < 4; i++) {
      expect((await post(t.app, '/api/user/send-otp', { mobile: nextMobile() }, {}, ip)).statusCode).toBe(404);
    }
    const mobile = nextMobile();
    const refused = await post(t.app, '/api/user/send-otp', { mobile }, {}, ip);
    const message = expectRetryLater(refused, 3500, 3600);
    expect(message).toMatch(
      /^Too many one-time passwords were requested from your network\. Please try again in \d+ minutes\.$/,
    );
    expect(memorySms(t.app).countFor(mobile)).toBe(0);
    // Refused sends are not counted: the number itself has no cooldown running.
    expect((await post(t.app, '/api/user/send-otp', { mobile }, {}, freshAddress())).statusCode).toBe(404);
  });

  it('counts sends made at the same moment correctly', async () => {
    const ip = freshAddress();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => post(t.app, '/api/user/send-otp', { mobile: nextMobile() }, {}, ip)),
    );
    const codes = results.map((res) => res.statusCode).sort();
    expect(codes).toEqual([404, 404, 404, 404, 429, 429, 429, 429]);
  });

  it('counts one number sent to at the same moment once within the cooldown', async () => {
    const mobile = nextMobile();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => post(t.app, '/api/user/send-otp', { mobile }, {}, freshAddress())),
    );
    expect(results.filter((res) => res.statusCode === 404)).toHaveLength(1);
    expect(memorySms(t.app).countFor(mobile)).toBe(1);
  });
});

describe('pruning', () => {
  it('deletes only challenges older than the limit window, which no limit needs any more', async () => {
    const old = nextMobile();
    const recent = nextMobile();
    await post(t.app, '/api/user/send-otp', { mobile: old }, {}, freshAddress());
    await post(t.app, '/api/user/send-otp', { mobile: recent }, {}, freshAddress());
    await age(old, 3601);
    await age(recent, 3500);
    expect(await pruneOtpChallenges(t.app)).toBeGreaterThanOrEqual(1);
    const left = async (mobile: string) =>
      (await t.app.db.select().from(otpChallenges).where(eq(otpChallenges.mobile, mobile))).length;
    expect(await left(old)).toBe(0);
    expect(await left(recent)).toBe(1);
  });
});

describe('the hourly ceiling of the whole platform', () => {
  const TOKEN = 'metrics-token-metrics-token-metrics-token';
  let c: TestApp;
  const log = captureLog();
  beforeAll(async () => {
    c = await createTestApp({ OTP_PER_HOUR_LIMIT: '3', METRICS_TOKEN: TOKEN }, { logger: log.logger });
  });
  afterAll(async () => {
    await c?.close();
  });

  it('sends no SMS past the ceiling, answers 503 with when to try again, warns once and counts the refusals', async () => {
    const mobiles = [nextMobile(), nextMobile(), nextMobile()];
    for (const [i, mobile] of mobiles.entries()) {
      expect((await post(c.app, '/api/user/send-otp', { mobile }, {}, `10.2.0.${i + 1}`)).statusCode).toBe(404);
      await age(mobile, 600 * (3 - i), c.app);
    }
    // The oldest of the three was sent 30 minutes ago.
    const over = nextMobile();
    const refused = await post(c.app, '/api/user/send-otp', { mobile: over }, {}, '10.2.0.9');
    expect(refused.statusCode).toBe(503);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1799);
    expect(retryAfter).toBeLessThanOrEqual(1801);
    expect(refused.json()).toEqual({
      code: 'smsUnavailable',
      message: 'We could not send the one-time password right now. Please try again in a few minutes.',
      retryAfter,
    });
    expect(memorySms(c.app).countFor(over)).toBe(0);
    // A resend is a send too; neither refused send counts towards anything.
    expect((await post(c.app, '/api/user/resend-otp', { mobile: mobiles[2] }, {}, '10.2.0.3')).statusCode).toBe(503);

    const warned = log.matching(/^One-time password ceiling reached/);
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatchObject({ level: 40, limit: 3 });
    const metrics = await c.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(metrics.body).toMatch(/^refusals_total\{limit="otp-hour"\} 2$/m);

    // Once the oldest send leaves the hour, one more may go.
    await age(mobiles[0]!, 1801, c.app);
    expect((await post(c.app, '/api/user/send-otp', { mobile: over }, {}, '10.2.0.9')).statusCode).toBe(404);
    expect(memorySms(c.app).countFor(over)).toBe(1);
    expect((await post(c.app, '/api/user/send-otp', { mobile: nextMobile() }, {}, '10.2.0.10')).statusCode).toBe(503);
  });

  it('is described in the API document, with the 429 and 503 every call may meet', async () => {
    const doc = (await c.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of ['/api/user/send-otp', '/api/user/resend-otp']) {
      expect(doc.paths[path].post.responses['503'].description).toMatch(/OTP_PER_HOUR_LIMIT; Retry-After/);
      expect(doc.paths[path].post.responses['429']).toBeDefined();
    }
    const read = doc.paths['/api/course/public'].get.responses;
    expect(read['503'].description).toMatch(/shedding load; Retry-After/);
    expect(read['429'].description).toMatch(
      /per signed-in account on routes that need sign-in, per client address otherwise/,
    );
  });

  it('keeps the sends of the last hour however short the per-number window, so pruning cannot reopen the ceiling', async () => {
    const short = await createTestApp({ OTP_PER_HOUR_LIMIT: '1', OTP_LIMIT_WINDOW_SECONDS: '60' });
    try {
      const mobile = nextMobile();
      expect((await post(short.app, '/api/user/send-otp', { mobile }, {}, '10.3.0.1')).statusCode).toBe(404);
      await age(mobile, 1200, short.app);
      expect(await pruneOtpChallenges(short.app)).toBe(0);
      expect((await post(short.app, '/api/user/send-otp', { mobile: nextMobile() }, {}, '10.3.0.2')).statusCode).toBe(
        503,
      );
    } finally {
      await short.close();
    }
  });
});
