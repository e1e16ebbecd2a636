import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  api,
  apiAddress,
  ApiError,
  apiBlob,
  isNotFound,
  onUnauthorized,
  setApiTransport,
  type ApiTransport,
} from './api-client';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });

/** Answers every call with `answer()` and records what was asked. */
function answerWith(answer: () => Response | Promise<Response>) {
  const calls: Array<{ path: string; init: RequestInit }> = [];
  const transport: ApiTransport = async (path, init) => {
    calls.push({ path, init });
    return answer();
  };
  setApiTransport(transport);
  return calls;
}

/** The error a call fails with. */
async function failure(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

const stopListening: Array<() => void> = [];
afterEach(() => stopListening.splice(0).forEach((stop) => stop()));

describe('apiBlob', () => {
  it('downloads through the same transport as every call, with the cookie', async () => {
    const calls = answerWith(
      () => new Response('%PDF-1.7', { status: 200, headers: { 'content-type': 'application/pdf' } }),
    );
    const blob = await apiBlob('/api/progress/{lang}/certificate', { path: { lang: 'en' } });
    expect(await blob.text()).toBe('%PDF-1.7');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.path).toBe('/api/progress/en/certificate');
    expect(calls[0]?.init).toMatchObject({ method: 'GET', credentials: 'same-origin' });
  });

  it('fails with the ApiError a JSON call gets from the same answer', async () => {
    const body = { message: 'Complete the course first', retryAfter: 3 };
    answerWith(() => json(400, body));
    const fromBlob = await failure(apiBlob('/api/progress/{lang}/certificate', { path: { lang: 'en' } }));
    const fromJson = await failure(api.get('/api/progress/{lang}/certificate', { path: { lang: 'en' } }));
    expect(fromBlob).toMatchObject({ status: 400, message: 'Complete the course first', details: body });
    expect({ ...fromBlob, message: fromBlob.message }).toEqual({ ...fromJson, message: fromJson.message });
  });

  it('announces a 401 as every call does', async () => {
    const heard = vi.fn();
    stopListening.push(onUnauthorized(heard));
    answerWith(() => json(401, { message: 'Unauthorized' }));
    const error = await failure(apiBlob('/api/user/me/export'));
    expect(error.status).toBe(401);
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('turns an unreachable API into the network error, and an answer without a JSON body into its status', async () => {
    answerWith(() => Promise.reject(new TypeError('fetch failed')));
    expect(await failure(apiBlob('/api/user/me/export'))).toMatchObject({
      status: 0,
      message: expect.stringMatching(/^Network error/),
    });
    answerWith(
      () =>
        new Response('<html>busy</html>', {
          status: 503,
          statusText: 'Service Unavailable',
          headers: { 'content-type': 'text/html' },
        }),
    );
    expect(await failure(apiBlob('/api/user/me/export'))).toMatchObject({
      status: 503,
      message: 'Service Unavailable',
      details: undefined,
    });
    answerWith(() => new Response(null, { status: 502 }));
    expect(await failure(apiBlob('/api/user/me/export'))).toMatchObject({
      status: 502,
      message: 'Request failed (502)',
    });
  });
});

describe('api', () => {
  it('asks for JSON, sends a JSON body and reads the JSON answer', async () => {
    const calls = answerWith(() => json(200, { ok: true }));
    await expect(api.patch('/api/user/me', { body: { name: 'Asha' } })).resolves.toEqual({ ok: true });
    expect(calls[0]?.init).toMatchObject({
      method: 'PATCH',
      body: '{"name":"Asha"}',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
    });
  });

  it('fills the path’s parameters, each encoded, and adds the query without the values left out', async () => {
    const calls = answerWith(() => json(200, { response: {} }));
    await api.get('/api/successstories/public/{storyId}', { path: { storyId: 'a/b?c' }, query: { lang: 'hi' } });
    await api.get('/api/staff/audit', { query: { actor: 'Asha Rao', before: 7, to: undefined } });
    expect(calls.map((call) => call.path)).toEqual([
      '/api/successstories/public/a%2Fb%3Fc?lang=hi',
      '/api/staff/audit?actor=Asha+Rao&before=7',
    ]);
    expect(
      apiAddress('/api/staff/analytics/export/{report}', { path: { report: 'courses' }, query: { lang: 'hi' } }),
    ).toBe('/api/staff/analytics/export/courses?lang=hi');
  });
});

describe('isNotFound', () => {
  it('is a 404 or a malformed id in the address, never another failure', () => {
    expect(isNotFound(new ApiError(404, 'Course not found', { code: 'courseNotFound' }))).toBe(true);
    // /courses/en/not-a-course: the id is not a UUID, so the route's params are refused.
    expect(
      isNotFound(new ApiError(400, 'Invalid params: courseId is not in the expected format', { code: 'validation' })),
    ).toBe(true);
    expect(isNotFound(new ApiError(400, 'Enter a valid phone number', { code: 'invalidMobile' }))).toBe(false);
    expect(isNotFound(new ApiError(403, 'Forbidden', { code: 'notEnrolled' }))).toBe(false);
    expect(isNotFound(new ApiError(503, 'Service Unavailable'))).toBe(false);
    expect(isNotFound(new Error('boom'))).toBe(false);
  });
});
