// A known /api/ path asked with a method it does not have answers 405 with the methods it has in
// Allow; an unknown path, or a path outside the API, stays a 404.
import { describe, expect, it } from 'vitest';
import { testAppPerFile } from '../test/test-app';

const t = testAppPerFile();

describe('a method the path does not have', () => {
  it('is a 405 naming the methods the path has', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/course/public?lang=en' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(res.json()).toEqual({
      code: 'methodNotAllowed',
      message: 'This address does not take this kind of request.',
    });
  });

  it('is a 405 for a GET of a path that only takes POST, though the web app answers every other GET', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/send-otp' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
  });

  it('lists every method of a path with parameters', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/user/me' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow?.split(', ').sort()).toEqual(['DELETE', 'GET', 'HEAD', 'PATCH'].sort());
    const lesson = await t.app.inject({ method: 'GET', url: '/api/progress/en/c1/chapters/ch/lessons/l/complete' });
    expect(lesson.statusCode).toBe(405);
    expect(lesson.headers.allow).toBe('POST');
  });

  it('comes before the access rule: the method is wrong whoever asks', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/staff/members' });
    expect(res.statusCode).toBe(405);
  });
});

describe('an unknown path', () => {
  it('stays a 404, with any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/no-such-thing' });
      expect(res.statusCode, method).toBe(404);
      expect(res.headers.allow, method).toBeUndefined();
      expect(res.json()).toMatchObject({ code: 'notFound' });
    }
  });

  it('outside the API stays a 404 too', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/about' });
    expect(res.statusCode).toBe(404);
    expect(res.headers.allow).toBeUndefined();
  });
});

describe('an address the router cannot read', () => {
  const long = 'a'.repeat(300);

  it('with a segment longer than any parameter is a 400 in the API’s shape, whatever the method', async () => {
    for (const [method, url] of [
      ['GET', `/api/certificates/verify/${long}`],
      ['GET', `/api/course/public/${long}/x`],
      ['PUT', `/api/course/en/${long}/rating`],
      ['POST', `/api/progress/${long}/x`],
      ['DELETE', `/api/staff/content/${long}`],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json(), `${method} ${url}`).toEqual({
        code: 'badRequest',
        message: 'This request could not be handled.',
      });
      expect(res.headers.allow).toBeUndefined();
    }
  });

  it('with broken percent-encoding is a 400 in the API’s shape', async () => {
    for (const url of ['/api/course/public/en/%E0%A4', '/api/course/public/en/%', '/api/blog/public/%zz']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ code: 'badRequest', message: 'This request could not be handled.' });
    }
  });
});
