// Every error the API sends is {code, message} with a code listed in contract/messages.ts: the
// server's own, Fastify's, and a thrown code the contract does not know (refused and logged).
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import { MESSAGE_CODES, formatMessage, type MessageCode } from '../../contract/messages';
import errors, { HttpError, badRequest, conflict, notFound, tooManyRequests, unauthorized } from './errors';

const logged: string[] = [];
let app: FastifyInstance;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logged.push(String(chunk));
      done();
    },
  });
  app = Fastify({ logger: { level: 'error', stream }, bodyLimit: 1024 });
  await app.register(errors);
  app.get('/bad', async () => {
    throw badRequest('invalidMobile');
  });
  app.get('/wrong-code', async () => {
    throw badRequest('wrongCode', { count: 2 });
  });
  app.get('/signed-out', async () => {
    throw unauthorized();
  });
  app.get('/taken', async () => {
    throw conflict('alreadyRegistered');
  });
  app.get('/missing', async () => {
    throw notFound('courseNotFound');
  });
  app.get('/wait', async () => {
    throw tooManyRequests('numberLimit', 3419.2, (seconds) => ({ count: Math.ceil(seconds / 60) }));
  });
  app.get('/unlisted', async () => {
    throw new HttpError(400, 'noSuchCode' as MessageCode);
  });
  app.get('/broken', async () => {
    throw new Error('SELECT secret FROM somewhere');
  });
  app.post(
    '/echo',
    { schema: { body: Type.Object({ age: Type.Integer({ maximum: 120 }) }) } },
    async (request) => request.body,
  );
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

describe('errors the server throws', () => {
  it('are {code, message}, the message the code’s English text', async () => {
    const res = await app.inject({ url: '/bad' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'invalidMobile', message: 'Enter a valid phone number' });
    expect((await app.inject({ url: '/signed-out' })).json()).toEqual({
      code: 'signInRequired',
      message: 'Please sign in to continue',
    });
    expect((await app.inject({ url: '/taken' })).statusCode).toBe(409);
    expect((await app.inject({ url: '/missing' })).json()).toEqual({
      code: 'courseNotFound',
      message: 'Course not found',
    });
  });

  it('carry the numbers of their message as params', async () => {
    expect((await app.inject({ url: '/wrong-code' })).json()).toEqual({
      code: 'wrongCode',
      message: 'Incorrect one-time password. Tries left: 2.',
      params: { count: 2 },
    });
  });

  it('tell a 429 when to ask again, in the header and the body, in whole seconds', async () => {
    const res = await app.inject({ url: '/wait' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('3420');
    expect(res.json()).toEqual({
      code: 'numberLimit',
      message: 'Too many one-time passwords were requested for this number. Please try again in 57 minutes.',
      params: { count: 57 },
      retryAfter: 3420,
    });
  });

  it('with a code the contract does not list are answered as a fault and logged', async () => {
    logged.length = 0;
    const res = await app.inject({ url: '/unlisted' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'internal', message: formatMessage('internal') });
    expect(logged.join('')).toContain('noSuchCode');
  });

  it('hide anything unexpected behind a plain 500', async () => {
    logged.length = 0;
    const res = await app.inject({ url: '/broken' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'internal', message: 'Something went wrong on our side. Please try again.' });
    expect(res.body).not.toContain('SELECT');
    expect(logged.join('')).toContain('request failed');
  });
});

describe("Fastify's own client errors", () => {
  const post = (payload: string, type = 'application/json') =>
    app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': type }, payload });

  it('have codes too', async () => {
    expect((await post('{"age":')).json()).toEqual({ code: 'badJson', message: formatMessage('badJson') });
    expect((await post('')).json().code).toBe('badJson');
    const large = await post(JSON.stringify({ age: 1, pad: 'x'.repeat(2000) }));
    expect(large.statusCode).toBe(413);
    expect(large.json().code).toBe('bodyTooLarge');
    const form = await post('age=5', 'application/x-www-form-urlencoded');
    expect(form.statusCode).toBe(415);
    expect(form.json().code).toBe('unsupportedType');
  });

  it('validation: the code, the first field at fault in the message, every field in details', async () => {
    const res = await post(JSON.stringify({ age: 121 }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'validation',
      message: 'Invalid body: age must be <= 120',
      details: [{ field: 'age', message: 'must be <= 120' }],
    });
  });
});

describe('the codes in the server’s source', () => {
  const root = path.resolve(import.meta.dirname, '..');
  const sources = (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => ({ file, text: fs.readFileSync(path.join(root, file), 'utf8') }));
  const listed = new Set<string>(MESSAGE_CODES);

  it('are all listed in contract/messages.ts', () => {
    // A thrown or sent message names its code as a literal right at the call.
    const call =
      /\b(?:badRequest|forbidden|notFound|conflict|serviceUnavailable|tooManyRequests|messageBody)\(\s*'([^']*)'|new HttpError\(\s*\d+\s*,\s*'([^']*)'|checkName\([^()]*,\s*'([^']*)'\)/g;
    const found: string[] = [];
    for (const { file, text } of sources) {
      for (const match of text.matchAll(call)) found.push(`${file}: ${match[1] ?? match[2] ?? match[3]}`);
    }
    expect(found.length).toBeGreaterThan(40);
    expect(found.filter((entry) => !listed.has(entry.split(': ')[1]!))).toEqual([]);
  });

  it('use every code the contract lists', () => {
    const all = sources.map((source) => source.text).join('\n');
    expect(MESSAGE_CODES.filter((code) => !all.includes(`'${code}'`))).toEqual([]);
  });
});
