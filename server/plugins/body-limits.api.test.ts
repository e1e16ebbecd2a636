// Request bodies are bounded per route (the default is small; a route gets what its schema can
// hold) and in depth, so a hostile body cannot cost the event loop more than a real one.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testAppPerFile } from '../test/test-app';
import { signInAs, type SignedIn } from '../test/sign-in';
import { DEFAULT_BODY_LIMIT, MAX_JSON_DEPTH } from './body-limits';
import { messageBody } from '../../contract/messages';

const TOO_DEEP = messageBody('tooDeeplyNested', { max: MAX_JSON_DEPTH });

const ID = '123e4567-e89b-12d3-a456-426614174000';
const quizUrl = `/api/progress/en/${ID}/quiz/${ID}/complete`;

const t = testAppPerFile();
let learner: SignedIn;
beforeAll(async () => {
  learner = await signInAs(t.app);
});
afterEach(() => {
  vi.restoreAllMocks();
});

function send(method: 'POST' | 'PUT', url: string, payload: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method, url, payload, headers: { 'content-type': 'application/json', ...headers } });
}

describe('body size', () => {
  it('refuses a body larger than the route can use with 413', async () => {
    const res = await send(
      'POST',
      '/api/user/send-otp',
      JSON.stringify({ mobile: '9'.repeat(10), pad: 'x'.repeat(DEFAULT_BODY_LIMIT + 2048) }),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual(messageBody('bodyTooLarge'));
  });

  it('refuses a large body on a route that takes none', async () => {
    const res = await send('POST', '/api/user/logout', JSON.stringify({ pad: 'x'.repeat(DEFAULT_BODY_LIMIT) }));
    expect(res.statusCode).toBe(413);
  });

  it('accepts the largest real body, a quiz answered to its limits (about 170 KB)', async () => {
    const body = JSON.stringify({
      answers: Array.from({ length: 200 }, () => ({ questionId: ID, selectedOptions: Array(20).fill(ID) })),
    });
    expect(body.length).toBeGreaterThan(160_000);
    const res = await send('POST', quizUrl, body, learner.headers);
    // Read, validated and passed on: the quiz does not exist.
    expect(res.statusCode).toBe(404);
    // Twice that is more than any quiz answer can be.
    const twice = await send('POST', quizUrl, body.replace(/]}$/, `,${body.slice(12, -2)}]}`), learner.headers);
    expect(twice.statusCode).toBe(413);
  });

  it('accepts a full journal written with every character escaped', async () => {
    const body = JSON.stringify({ text: 'क'.repeat(10_000) }).replace(/क/g, '\\u0915');
    expect(body.length).toBeGreaterThan(DEFAULT_BODY_LIMIT * 3);
    const res = await send('PUT', `/api/progress/en/${ID}/journal`, body, learner.headers);
    expect(res.statusCode).not.toBe(413);
    expect(res.statusCode).not.toBe(400);
  });
});

describe('nesting depth', () => {
  it('refuses JSON nested deeper than any schema needs with 400, without parsing it', async () => {
    const parse = vi.spyOn(JSON, 'parse');
    const body = `{"answers":${'['.repeat(100_000)}`;
    const res = await send('POST', quizUrl, body, learner.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(TOO_DEEP);
    expect(parse.mock.calls.some(([text]) => text === body)).toBe(false);
  });

  it('refuses depth 33 and lets depth 32 reach validation', async () => {
    const nested = (levels: number) => `{"mobile":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;
    const tooDeep = await send('POST', '/api/user/send-otp', nested(33));
    expect(tooDeep.json()).toEqual(TOO_DEEP);
    const deepEnough = await send('POST', '/api/user/send-otp', nested(32));
    expect(deepEnough.statusCode).toBe(400);
    expect(deepEnough.json().message).toMatch(/^Invalid body: mobile/);
  });

  it('does not count brackets inside text', async () => {
    const res = await send('POST', '/api/user/send-otp', JSON.stringify({ mobile: '['.repeat(60) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).not.toBe(TOO_DEEP.code);
  });

  it('still refuses malformed JSON and prototype poisoning as before', async () => {
    expect((await send('POST', '/api/user/send-otp', '{"mobile":')).statusCode).toBe(400);
    expect((await send('POST', '/api/user/send-otp', '{"__proto__":{"x":1}}')).statusCode).toBe(400);
  });
});
