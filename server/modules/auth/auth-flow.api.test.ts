// Signing up, in and out as a learner does, the sessions that come with it, and every bad input
// answered with a 4xx and a clear message.
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/auth';
import { users } from '../../db/schema/users';
import { testAppPerFile } from '../../test/test-app';
import { lastCode, memorySms, nextMobile, post, sessionCookie, signUp } from './auth-test-helpers';
import { messageBody } from '../../../contract/messages';
import { OTP_LENGTH } from '../../../contract/auth-rules';

const t = testAppPerFile({ OTP_RESEND_COOLDOWN_SECONDS: '0', OTP_PER_ADDRESS_LIMIT: '1000' });

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

async function logIn(mobile: string, cookie?: string) {
  await post(t.app, '/api/user/send-otp', { mobile });
  return post(t.app, '/api/user/login', { mobile, otp: lastCode(t.app, mobile) }, cookie ? { cookie } : {});
}

describe('a learner’s first visit', () => {
  it('signs up, reads and changes the profile, signs out, and the session is gone', async () => {
    const mobile = nextMobile();
    expect((await get('/api/user/session-status')).json()).toEqual({ user: null });

    const sent = await post(t.app, '/api/user/send-otp', { mobile });
    expect(sent.statusCode).toBe(404);
    const registered = await post(t.app, '/api/user/register', {
      mobile,
      name: '  Lakshmi   Naik ',
      email: 'lakshmi@example.in',
      otp: lastCode(t.app, mobile),
    });
    expect(registered.statusCode).toBe(200);
    // Who is signed in comes with the answer, so the web needs no second call.
    expect(registered.json()).toEqual({
      ...messageBody('registered'),
      user: { role: 'user', name: 'Lakshmi Naik', active: true },
    });
    const cookie = sessionCookie(registered);

    const status = await get('/api/user/session-status', cookie);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({ user: { role: 'user', name: 'Lakshmi Naik', active: true } });

    const me = await get('/api/user/me', cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({
      name: 'Lakshmi Naik',
      mobile,
      email: 'lakshmi@example.in',
      role: 'user',
      active: true,
    });

    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/me',
      headers: { cookie },
      payload: { age: 34, gender: 'Female', qualification: '10th Std' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().user).toMatchObject({ age: 34, gender: 'Female', qualification: '10th Std' });

    const out = await post(t.app, '/api/user/logout', undefined, { cookie });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual(messageBody('loggedOut'));
    const cleared = out.cookies.find((c) => c.name === 'sid');
    expect(cleared?.value).toBe('');

    expect((await get('/api/user/session-status', cookie)).json()).toEqual({ user: null });
    expect((await get('/api/user/me', cookie)).statusCode).toBe(401);
    const [user] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.mobile, mobile));
    expect(await t.app.db.select().from(sessions).where(eq(sessions.userId, user!.id))).toHaveLength(0);
  });

  it('a registered number logs in with send-otp (200) and login', async () => {
    const { mobile } = await signUp(t.app);
    const sent = await post(t.app, '/api/user/send-otp', { mobile });
    expect(sent.statusCode).toBe(200);
    const res = await post(t.app, '/api/user/login', { mobile, otp: lastCode(t.app, mobile) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...messageBody('loggedIn'), user: { role: 'user', name: 'Asha Devi', active: true } });
    expect((await get('/api/user/session-status', sessionCookie(res))).json().user.name).toBe('Asha Devi');
  });

  it("keeps the site's language of each sign-in (its cookie; none is English) for the staff's figures", async () => {
    const mobile = nextMobile();
    const interfaceLang = async () =>
      (await t.app.db.select({ lang: users.interfaceLang }).from(users).where(eq(users.mobile, mobile)))[0]?.lang;
    await post(t.app, '/api/user/send-otp', { mobile });
    const registered = await post(
      t.app,
      '/api/user/register',
      { mobile, name: 'Asha Devi', otp: lastCode(t.app, mobile) },
      { cookie: 'jgk_lang=hi' },
    );
    expect(registered.statusCode).toBe(200);
    expect(await interfaceLang()).toBe('hi');
    for (const [cookie, expected] of [
      ['jgk_lang=tm', 'tm'],
      ['jgk_lang=xx', 'en'],
      ['', 'en'],
    ] as const) {
      await post(t.app, '/api/user/send-otp', { mobile });
      const res = await post(
        t.app,
        '/api/user/login',
        { mobile, otp: lastCode(t.app, mobile) },
        cookie ? { cookie } : {},
      );
      expect(res.statusCode).toBe(200);
      expect(await interfaceLang(), cookie).toBe(expected);
    }
  });
});

describe('sessions', () => {
  it('the cookie is HttpOnly, SameSite=Lax, for the whole site, with an expiry', async () => {
    const { mobile } = await signUp(t.app);
    const res = await logIn(mobile);
    const cookie = res.cookies.find((c) => c.name === 'sid')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    expect(cookie.expires).toBeInstanceOf(Date);
    expect(cookie.value.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url
  });

  it('every sign-in makes a new session, and the browser’s previous one is revoked', async () => {
    const { mobile, cookie: first } = await signUp(t.app);
    const again = await logIn(mobile, first);
    const second = sessionCookie(again);
    expect(second).not.toBe(first);
    expect((await get('/api/user/me', first)).statusCode).toBe(401);
    expect((await get('/api/user/me', second)).statusCode).toBe(200);
  });

  it('a sign-in on another device leaves the first device signed in; signing out ends only its own', async () => {
    const { mobile, cookie: phone } = await signUp(t.app);
    const laptop = sessionCookie(await logIn(mobile));
    await post(t.app, '/api/user/logout', undefined, { cookie: laptop });
    expect((await get('/api/user/me', laptop)).statusCode).toBe(401);
    expect((await get('/api/user/me', phone)).statusCode).toBe(200);
  });

  it('session-status is 200 with user null for a missing, unknown or revoked session', async () => {
    for (const cookie of [undefined, 'sid=nothing-like-a-session', `sid=${'x'.repeat(500)}`]) {
      const res = await get('/api/user/session-status', cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ user: null });
    }
  });

  it('an expired or idle session is refused', async () => {
    const { mobile, cookie } = await signUp(t.app);
    const [user] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.mobile, mobile));
    await t.app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user!.id));
    expect((await get('/api/user/me', cookie)).statusCode).toBe(401);

    const { mobile: other, cookie: idle } = await signUp(t.app);
    const [otherUser] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.mobile, other));
    await t.app.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 24 * 3600 * 1000) })
      .where(eq(sessions.userId, otherUser!.id));
    expect((await get('/api/user/session-status', idle)).json()).toEqual({ user: null });
  });

  it('logout without a session still answers 200', async () => {
    const res = await post(t.app, '/api/user/logout');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(messageBody('loggedOut'));
  });

  it('session-status reports an inactive learner as inactive', async () => {
    const { mobile, cookie } = await signUp(t.app);
    await t.app.db.update(users).set({ active: false }).where(eq(users.mobile, mobile));
    expect((await get('/api/user/session-status', cookie)).json()).toEqual({
      user: { role: 'user', name: 'Asha Devi', active: false },
    });
  });
});

describe('cross-site requests', () => {
  it('refuses a sign-in, registration or sign-out started by another site', async () => {
    const { mobile, cookie } = await signUp(t.app);
    for (const url of ['/api/user/send-otp', '/api/user/login', '/api/user/register', '/api/user/logout']) {
      const fetchMeta = await post(t.app, url, { mobile }, { cookie, 'sec-fetch-site': 'cross-site' });
      expect(fetchMeta.statusCode).toBe(403);
      expect(fetchMeta.json().message).toMatch(/Cross-site/);
      const origin = await post(t.app, url, { mobile }, { cookie, origin: 'https://evil.example' });
      expect(origin.statusCode).toBe(403);
    }
    // The session survived the refused sign-out.
    expect((await get('/api/user/me', cookie)).statusCode).toBe(200);
  });

  it('accepts the same calls from the site itself', async () => {
    const res = await post(t.app, '/api/user/send-otp', { mobile: nextMobile() }, { 'sec-fetch-site': 'same-origin' });
    expect(res.statusCode).toBe(404);
  });
});

describe('bad input is a 4xx with a clear message, never a 500', () => {
  const phoneCases: [string, unknown][] = [
    ['11 digits', { mobile: '91987654321' }],
    ['13 digits', { mobile: '9198765432101' }],
    ['10 digits without the country code', { mobile: '9876543210' }],
    ['letters', { mobile: 'nine one nine eight' }],
    ['letters mixed in', { mobile: '91abc9876543' }],
    ['empty', { mobile: '' }],
    ['missing', {}],
  ];
  for (const url of ['/api/user/send-otp', '/api/user/resend-otp']) {
    for (const [what, payload] of phoneCases) {
      it(`${url}: ${what} is "Enter a valid phone number"`, async () => {
        const res = await post(t.app, url, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual(messageBody('invalidMobile'));
      });
    }
  }

  it('a number that is not an Indian mobile (first digit 0-5) gets no SMS: "not a mobile number"', async () => {
    for (const mobile of [
      '911234567890',
      '910987654321',
      '912234567890',
      '913234567890',
      '914234567890',
      '915876543210',
      '+91 12345 67890',
    ]) {
      for (const url of ['/api/user/send-otp', '/api/user/resend-otp']) {
        const res = await post(t.app, url, { mobile });
        expect(res.statusCode, `${url} ${mobile}`).toBe(400);
        expect(res.json()).toEqual(messageBody('notAMobile'));
      }
      expect(memorySms(t.app).lastCode(mobile.replace(/\D/g, ''))).toBeUndefined();
      for (const url of ['/api/user/login', '/api/user/register']) {
        const res = await post(t.app, url, { mobile, otp: '123456', name: 'Asha' });
        expect(res.json(), `${url} ${mobile}`).toEqual(messageBody('notAMobile'));
      }
    }
    expect(messageBody('notAMobile').message).toMatch(/start with 6, 7, 8 or 9/);
    // Every mobile series is taken.
    for (const first of ['6', '7', '8', '9']) {
      const res = await post(t.app, '/api/user/send-otp', { mobile: `91${first}${nextMobile().slice(3)}` });
      expect(res.statusCode).toBe(404);
    }
  });

  it('a phone number of another JSON type is a validation error naming the field, not read as text', async () => {
    for (const mobile of [true, null, ['919876543210'], 9.5]) {
      const res = await post(t.app, '/api/user/send-otp', { mobile });
      expect(res.statusCode, JSON.stringify(mobile)).toBe(400);
      expect(res.json(), JSON.stringify(mobile)).toMatchObject({
        code: 'validation',
        message: expect.stringMatching(/^Invalid body: mobile /),
      });
    }
  });

  it('a phone number as a JSON number is accepted', async () => {
    const res = await post(t.app, '/api/user/send-otp', { mobile: Number(nextMobile()) });
    expect(res.statusCode).toBe(404);
  });

  const structural: [string, InjectOptions][] = [
    ['no body', { method: 'POST', url: '/api/user/send-otp' }],
    [
      'an empty JSON body',
      { method: 'POST', url: '/api/user/send-otp', headers: { 'content-type': 'application/json' }, payload: '' },
    ],
    [
      'broken JSON',
      {
        method: 'POST',
        url: '/api/user/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"mobile":',
      },
    ],
    ['a JSON array', { method: 'POST', url: '/api/user/login', payload: [1, 2] as unknown as object }],
    [
      'a string body',
      {
        method: 'POST',
        url: '/api/user/register',
        headers: { 'content-type': 'application/json' },
        payload: '"919876543210"',
      },
    ],
    ['an object as the number', { method: 'POST', url: '/api/user/send-otp', payload: { mobile: { $gt: '' } } }],
    [
      'a list as the number',
      { method: 'POST', url: '/api/user/login', payload: { mobile: ['919876543210'], otp: '123456' } },
    ],
    [
      'an object as the code',
      { method: 'POST', url: '/api/user/login', payload: { mobile: '919876543210', otp: { a: 1 } } },
    ],
    ['a huge number field', { method: 'POST', url: '/api/user/send-otp', payload: { mobile: '9'.repeat(100_000) } }],
    [
      'a huge name',
      {
        method: 'POST',
        url: '/api/user/register',
        payload: { mobile: '919876543210', otp: '123456', name: 'a'.repeat(50_000) },
      },
    ],
    [
      'a form-encoded body',
      {
        method: 'POST',
        url: '/api/user/send-otp',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'mobile=919876543210',
      },
    ],
    [
      'a body over the size limit',
      { method: 'POST', url: '/api/user/send-otp', payload: { mobile: 'x'.repeat(2 * 1024 * 1024) } },
    ],
  ];
  for (const [what, request] of structural) {
    it(`${what}: 4xx with a message`, async () => {
      const res = await t.app.inject(request);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(typeof res.json().message).toBe('string');
      expect(res.json().message.length).toBeGreaterThan(0);
      expect(res.body).not.toMatch(/stack|at \w+ \(|node_modules/);
    });
  }

  it('register needs a name: "Please enter your name"', async () => {
    const mobile = nextMobile();
    await post(t.app, '/api/user/send-otp', { mobile });
    const otp = lastCode(t.app, mobile);
    for (const name of [undefined, '', '    ']) {
      const res = await post(t.app, '/api/user/register', { mobile, otp, name });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'nameRequired', message: 'Please enter your name' });
    }
    const long = await post(t.app, '/api/user/register', { mobile, otp, name: 'a'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/at most 100 characters/);
    // None of these cost the code anything: it still registers.
    expect((await post(t.app, '/api/user/register', { mobile, otp, name: 'Asha' })).statusCode).toBe(200);
  });

  it('register checks an email when one is given, and accepts none', async () => {
    const mobile = nextMobile();
    await post(t.app, '/api/user/send-otp', { mobile });
    const otp = lastCode(t.app, mobile);
    for (const email of [
      'not-an-email',
      'a@b',
      'two@@example.in',
      'space in@example.in',
      `${'a'.repeat(250)}@example.in`,
    ]) {
      const res = await post(t.app, '/api/user/register', { mobile, otp, name: 'Asha', email });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'invalidEmail', message: 'Enter a valid email address' });
    }
    const ok = await post(t.app, '/api/user/register', { mobile, otp, name: 'Asha', email: '' });
    expect(ok.statusCode).toBe(200);
    const me = await get('/api/user/me', sessionCookie(ok));
    expect(me.json().user.email).toBeNull();
  });

  it('register and login need a valid number and a code', async () => {
    for (const url of ['/api/user/login', '/api/user/register']) {
      const noNumber = await post(t.app, url, { otp: '123456', name: 'A' });
      expect(noNumber.json()).toEqual(messageBody('invalidMobile'));
      const noCode = await post(t.app, url, { mobile: nextMobile(), name: 'A' });
      expect(noCode.statusCode).toBe(400);
      expect(noCode.json()).toEqual(messageBody('codeShape', { length: OTP_LENGTH }));
    }
  });

  it('role and active flag sent with a registration are ignored', async () => {
    const mobile = nextMobile();
    await post(t.app, '/api/user/send-otp', { mobile });
    const res = await post(t.app, '/api/user/register', {
      mobile,
      otp: lastCode(t.app, mobile),
      name: 'Sneaky',
      role: 'admin',
      active: false,
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.app.db.select().from(users).where(eq(users.mobile, mobile));
    expect(row).toMatchObject({ role: 'user', active: true });
  });
});

describe('OpenAPI', () => {
  it('documents every sign-in call', async () => {
    const doc = (await get('/api/openapi.json')).json();
    for (const path of ['send-otp', 'resend-otp', 'login', 'register', 'logout', 'session-status']) {
      expect(doc.paths[`/api/user/${path}`]).toBeDefined();
    }
    expect(doc.paths['/api/user/send-otp'].post.responses['429']).toBeDefined();
  });
});
