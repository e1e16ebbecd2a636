import { describe, expect, it } from 'vitest';
import { testAppPerFile } from '../test/test-app';
import { signInAs, signInAsStaff } from '../test/sign-in';

const t = testAppPerFile();

describe('text with a NUL character', () => {
  it('is refused in a query string with a 400, not a database error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/course/public?lang=en&search=a%00b' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'nulCharacter', message: 'Text must not contain the NUL character' });
  });

  it('is refused in a JSON body, however deep', async () => {
    for (const [url, body] of [
      ['/api/user/register', { mobile: '919876543210', otp: '123456', name: 'Ra\u0000m' }],
      ['/api/user/send-otp', { mobile: '9198765\u000043210' }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, payload: body });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe('Text must not contain the NUL character');
    }
    // Signed in: an anonymous caller is answered 401 before its body is looked at (plugins/access.ts).
    const { headers } = await signInAs(t.app);
    const patch = await t.app.inject({ method: 'PATCH', url: '/api/user/me', headers, payload: { name: 'A\u0000' } });
    expect(patch.statusCode).toBe(400);
  });

  it('leaves ordinary text alone', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/course/public?lang=en&search=%E0%A4%AC%E0%A5%88%E0%A4%82%E0%A4%95',
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('a numeral too large for a number', () => {
  it('is refused in a query string or a path with a 400, not a database error', async () => {
    const admin = await signInAsStaff(t.app, ['admin']);
    for (const url of [
      '/api/course/public?limit=1e400',
      '/api/blog/public?offset=-1e400',
      '/api/successstories/public?limit=Infinity',
      '/api/staff/audit?limit=1e400',
      '/api/staff/content/00000000-0000-4000-8000-000000000000/en/versions/1e400',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: admin.headers });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ code: 'validation' });
    }
  });

  it('leaves numbers within range alone', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/course/public?limit=1e1' })).statusCode).toBe(200);
  });
});

describe('validation messages', () => {
  it('say in plain words what is wrong, without schema internals', async () => {
    const malformed = await t.app.inject({ method: 'GET', url: '/api/course/public/en/not-a-uuid' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Invalid params: courseId is not in the expected format');
    expect(malformed.json().message).not.toMatch(/\^|\[0-9/);

    const long = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: { mobile: '919876543210', otp: '123456', name: 'x'.repeat(5000) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/name is too long \(at most \d+ characters\)/);

    const limit = await t.app.inject({ method: 'GET', url: '/api/blog/public?offset=0&limit=500' });
    expect(limit.statusCode).toBe(400);
    expect(limit.json().message).toBe('Invalid querystring: limit must be <= 50');
  });
});
