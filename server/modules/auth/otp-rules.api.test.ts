// Each rule of the one-time password has a test here that fails when the rule is removed.
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpChallenges } from '../../db/schema/auth';
import { createTestApp, type TestApp } from '../../test/test-app';
import { lastCode, memorySms, nextMobile, post, sessionCookie, signUp } from './auth-test-helpers';
import { generateCode, hashCode } from './otp';
import { formatMessage, messageBody } from '../../../contract/messages';
import { OTP_LENGTH } from '../../../contract/auth-rules';

let t: TestApp;
beforeAll(async () => {
  // No cooldown and wide limits here: these tests send many codes on purpose (limits.test.ts covers those).
  t = await createTestApp({
    OTP_RESEND_COOLDOWN_SECONDS: '0',
    OTP_PER_ADDRESS_LIMIT: '1000',
    OTP_PER_NUMBER_LIMIT: '100',
  });
});
afterAll(async () => {
  await t.close();
});

const challengesOf = (mobile: string) =>
  t.app.db.select().from(otpChallenges).where(eq(otpChallenges.mobile, mobile)).orderBy(otpChallenges.createdAt);

/** Another code than `code`, same shape. */
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function registeredNumber(): Promise<string> {
  const { mobile } = await signUp(t.app);
  return mobile;
}

async function login(mobile: string, otp: string) {
  return post(t.app, '/api/user/login', { mobile, otp });
}

describe('the code', () => {
  it('is six digits, leading zeros kept, and not predictable', () => {
    const codes = Array.from({ length: 2000 }, generateCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    // 2000 draws from a million values: repeats are rare, and some start with 0 (10% chance each).
    expect(new Set(codes).size).toBeGreaterThan(1990);
    expect(codes.some((code) => code.startsWith('0'))).toBe(true);
  });

  it('is sent by SMS and stored only as an HMAC keyed by the server secret over number and code', async () => {
    const mobile = nextMobile();
    const res = await post(t.app, '/api/user/send-otp', {
      mobile: `+${mobile.slice(0, 2)} ${mobile.slice(2, 7)}-${mobile.slice(7)}`,
    });
    expect(res.statusCode).toBe(404);
    const code = lastCode(t.app, mobile);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await challengesOf(mobile);
    // Computed here independently of the code under test: HMAC-SHA-256, keyed, over number and code.
    expect(row!.codeHash).toBe(createHmac('sha256', t.config.secret).update(`${mobile}:${code}`).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(`"${code}"`);
    expect(hashCode('another-secret', mobile, code)).not.toBe(row!.codeHash);
  });
});

describe('expiry', () => {
  it('lasts the configured lifetime (5 minutes by default)', async () => {
    const mobile = nextMobile();
    await post(t.app, '/api/user/send-otp', { mobile });
    const [row] = await challengesOf(mobile);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(300_000);
  });

  it('refuses an expired code, even the right one', async () => {
    const mobile = await registeredNumber();
    await post(t.app, '/api/user/send-otp', { mobile });
    const code = lastCode(t.app, mobile);
    // Instead of waiting five minutes, move the expiry into the past.
    await t.app.db
      .update(otpChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(otpChallenges.mobile, mobile));
    const res = await login(mobile, code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(messageBody('expired'));
    expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });
});

describe('single use', () => {
  it('signs in once; the same code a second time is refused', async () => {
    const mobile = await registeredNumber();
    await post(t.app, '/api/user/send-otp', { mobile });
    const code = lastCode(t.app, mobile);
    const first = await login(mobile, code);
    expect(first.statusCode).toBe(200);
    const again = await login(mobile, code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(messageBody('used'));
  });

  it('the code used to register cannot then log in', async () => {
    const mobile = nextMobile();
    await post(t.app, '/api/user/send-otp', { mobile });
    const code = lastCode(t.app, mobile);
    expect((await post(t.app, '/api/user/register', { mobile, name: 'Ravi', otp: code })).statusCode).toBe(200);
    const res = await login(mobile, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(formatMessage('used'));
  });

  it('a new code makes the previous one invalid', async () => {
    const mobile = await registeredNumber();
    await post(t.app, '/api/user/send-otp', { mobile });
    const old = lastCode(t.app, mobile);
    expect((await post(t.app, '/api/user/resend-otp', { mobile })).statusCode).toBe(200);
    const fresh = lastCode(t.app, mobile);
    if (fresh === old) return; // one chance in a million: nothing to tell apart
    expect((await login(mobile, old)).statusCode).toBe(400);
    expect((await login(mobile, fresh)).statusCode).toBe(200);
  });
});

describe('bound to the number', () => {
  it('a code sent to number A never signs in number B', async () => {
    const a = await registeredNumber();
    const b = await registeredNumber();
    await post(t.app, '/api/user/send-otp', { mobile: a });
    await post(t.app, '/api/user/send-otp', { mobile: b });
    const codeA = lastCode(t.app, a);
    const codeB = lastCode(t.app, b);
    if (codeA === codeB) return;
    const res = await login(b, codeA);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(formatMessage('wrongCode', { count: 4 }));
  });

  it('even A’s stored hash copied onto B’s challenge does not let A’s code in', async () => {
    const a = nextMobile();
    const b = await registeredNumber();
    await post(t.app, '/api/user/send-otp', { mobile: a });
    await post(t.app, '/api/user/send-otp', { mobile: b });
    const codeA = lastCode(t.app, a);
    const [rowA] = await challengesOf(a);
    const rowsB = await challengesOf(b);
    await t.app.db
      .update(otpChallenges)
      .set({ codeHash: rowA!.codeHash })
      .where(eq(otpChallenges.id, rowsB.at(-1)!.id));
    const res = await login(b, codeA);
    expect(res.statusCode).toBe(400);
  });
});

describe('wrong tries', () => {
  it('counts down, then the code is dead after five wrong tries, even the right one', async () => {
    const mobile = await registeredNumber();
    await post(t.app, '/api/user/send-otp', { mobile });
    const code = lastCode(t.app, mobile);
    const wrong = otherCode(code);
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await login(mobile, wrong);
      expect(res.statusCode).toBe(400);
      messages.push(res.json().message);
    }
    expect(messages).toEqual([
      formatMessage('wrongCode', { count: 4 }),
      formatMessage('wrongCode', { count: 3 }),
      formatMessage('wrongCode', { count: 2 }),
      formatMessage('wrongCode', { count: 1 }),
      formatMessage('tooManyTries'),
    ]);
    const right = await login(mobile, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe(formatMessage('tooManyTries'));
    expect(right.json().message).toMatch(/request a new one-time password/);
  });

  it('four wrong tries still leave the right code working', async () => {
    const mobile = await registeredNumber();
    await post(t.app, '/api/user/send-otp', { mobile });
    const code = lastCode(t.app, mobile);
    for (let i = 0; i < 4; i++) await login(mobile, otherCode(code));
    const res = await login(mobile, code);
    expect(res.statusCode).toBe(200);
    expect(sessionCookie(res)).toMatch(/^sid=/);
  });

  it('parallel guesses cannot get more than five tries', async () => {
    const mobile = await registeredNumber();
    await post(t.app, '/api/user/send-otp', { mobile });
    const code = lastCode(t.app, mobile);
    const guesses = Array.from({ length: 12 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    await Promise.all(guesses.map((guess) => login(mobile, guess)));
    const [row] = (await challengesOf(mobile)).slice(-1);
    expect(row!.attempts).toBe(5);
    expect((await login(mobile, code)).json().message).toBe(formatMessage('tooManyTries'));
  });

  it('a new code starts with five fresh tries', async () => {
    const mobile = await registeredNumber();
    await post(t.app, '/api/user/send-otp', { mobile });
    const dead = lastCode(t.app, mobile);
    for (let i = 0; i < 5; i++) await login(mobile, otherCode(dead));
    await post(t.app, '/api/user/resend-otp', { mobile });
    expect((await login(mobile, lastCode(t.app, mobile))).statusCode).toBe(200);
  });
});

describe('which call fits which number', () => {
  it('send-otp answers 200 for a registered number and 404 for a new one, and sends in both cases', async () => {
    const known = await registeredNumber();
    const before = memorySms(t.app).countFor(known);
    const res = await post(t.app, '/api/user/send-otp', { mobile: known });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...messageBody('sentRegistered'), resendAfter: 0 });
    expect(memorySms(t.app).countFor(known)).toBe(before + 1);

    const fresh = nextMobile();
    const created = await post(t.app, '/api/user/send-otp', { mobile: fresh });
    expect(created.statusCode).toBe(404);
    expect(created.json()).toEqual({ ...messageBody('sentNew'), resendAfter: 0 });
    expect(memorySms(t.app).countFor(fresh)).toBe(1);
  });

  it('login of a new number is 404 and leaves its code usable for registering', async () => {
    const mobile = nextMobile();
    await post(t.app, '/api/user/send-otp', { mobile });
    const code = lastCode(t.app, mobile);
    const res = await login(mobile, code);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(messageBody('notRegistered'));
    expect((await post(t.app, '/api/user/register', { mobile, name: 'Meena', otp: code })).statusCode).toBe(200);
  });

  it('register of a registered number is 409 and leaves its code usable for logging in', async () => {
    const mobile = await registeredNumber();
    await post(t.app, '/api/user/send-otp', { mobile });
    const code = lastCode(t.app, mobile);
    const res = await post(t.app, '/api/user/register', { mobile, name: 'Someone Else', otp: code });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(messageBody('alreadyRegistered'));
    expect((await login(mobile, code)).statusCode).toBe(200);
  });

  it('a code is needed before logging in', async () => {
    const mobile = await registeredNumber();
    // Every earlier challenge of this number is used; a fresh number has none at all.
    const never = nextMobile();
    await t.app.db.delete(otpChallenges).where(eq(otpChallenges.mobile, mobile));
    const res = await login(mobile, '123456');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(messageBody('noCode'));
    expect((await post(t.app, '/api/user/register', { mobile: never, name: 'X', otp: '123456' })).json()).toEqual(
      messageBody('noCode'),
    );
  });

  it('a code of the wrong shape is refused without costing a try', async () => {
    const mobile = await registeredNumber();
    await post(t.app, '/api/user/send-otp', { mobile });
    for (const otp of ['12345', '1234567', 'abcdef', '12 345', '']) {
      const res = await login(mobile, otp);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(messageBody('codeShape', { length: OTP_LENGTH }));
    }
    const [row] = (await challengesOf(mobile)).slice(-1);
    expect(row!.attempts).toBe(0);
  });
});
