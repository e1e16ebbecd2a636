// The three SMS providers: the console one for development, the in-memory one for tests, and
// MSG91's request format checked against a local fake of its API.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../../../plugins/config';
import { HttpError } from '../../../plugins/errors';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { ConsoleSmsProvider } from './console-provider';
import { MemorySmsProvider } from './memory-provider';
import { Msg91SmsProvider } from './msg91-provider';
import { formatMessage, messageBody } from '../../../../contract/messages';
import { createSmsProvider } from './sms-provider';

const AUTH_KEY = 'test-auth-key-4f9a1c0e7d';
const TEMPLATE_ID = '64f0c0ffee1234567890abcd';
const CONSENT_TEMPLATE_ID = '64f0c0ffee1234567890cons';

interface Received {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local stand-in for MSG91: records each request and answers what the test says. */
class FakeMsg91 {
  received: Received[] = [];
  answer: { status: number; body: string; delayMs?: number } = {
    status: 200,
    body: '{"type":"success","request_id":"abc"}',
  };
  private server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://fake');
      this.received.push({
        method: req.method!,
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
      });
      const reply = () =>
        res.writeHead(this.answer.status, { 'content-type': 'application/json' }).end(this.answer.body);
      if (this.answer.delayMs) setTimeout(reply, this.answer.delayMs);
      else reply();
    });
  });
  url = '';

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop() {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The code MSG91 would have put into the SMS for the number. */
  codeFor(mobile: string): string {
    const last = this.received.filter((r) => r.query.get('mobile') === mobile).at(-1);
    if (!last) throw new Error(`nothing sent to ${mobile}`);
    return last.query.get('otp')!;
  }
}

const silentLog = { error: () => {} };

describe('console provider', () => {
  it('writes the number and the code on one log line', async () => {
    const lines: string[] = [];
    const provider = new ConsoleSmsProvider({ info: (msg: string) => lines.push(msg) } as never);
    await provider.send('919876543210', '042517');
    expect(lines).toEqual(['One-time password for 919876543210: 042517']);
  });

  it('is refused in production, and so is the memory provider', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) };
    expect(() => loadConfig({ ...production, SMS_PROVIDER: 'console' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, SMS_PROVIDER: 'memory' })).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(/SMS_PROVIDER/);
  });

  it('is the default outside production and tests', () => {
    const config = loadConfig({ NODE_ENV: 'development' });
    const provider = createSmsProvider(config, { info: () => {} } as never);
    expect(provider).toBeInstanceOf(ConsoleSmsProvider);
  });
});

describe('memory provider', () => {
  it('keeps messages and tells the last code per number', async () => {
    const provider = new MemorySmsProvider();
    await provider.send('919876543210', '111111');
    await provider.send('919812345678', '222222');
    await provider.send('919876543210', '333333');
    expect(provider.lastCode('919876543210')).toBe('333333');
    expect(provider.lastCode('919812345678')).toBe('222222');
    expect(provider.lastCode('910000000000')).toBeUndefined();
    expect(provider.countFor('919876543210')).toBe(2);
  });
});

describe('MSG91 provider', () => {
  const fake = new FakeMsg91();
  beforeAll(() => fake.start());
  afterAll(() => fake.stop());
  beforeEach(() => {
    fake.received = [];
    fake.answer = { status: 200, body: '{"type":"success","request_id":"abc"}' };
  });
  const provider = (timeoutMs?: number) =>
    new Msg91SmsProvider(
      {
        authKey: AUTH_KEY,
        templateId: TEMPLATE_ID,
        consentTemplateId: CONSENT_TEMPLATE_ID,
        baseUrl: fake.url,
        ttlSeconds: 300,
        timeoutMs,
      },
      silentLog,
    );

  it('posts the code to the SendOTP API with the DLT template id, the key only in the authkey header', async () => {
    await provider().send('919876543210', '004271');
    expect(fake.received).toHaveLength(1);
    const [req] = fake.received;
    expect(req!.method).toBe('POST');
    expect(req!.path).toBe('/api/v5/otp');
    expect(req!.query.get('template_id')).toBe(TEMPLATE_ID);
    expect(req!.query.get('mobile')).toBe('919876543210');
    expect(req!.query.get('otp')).toBe('004271');
    expect(req!.query.get('otp_length')).toBe('6');
    expect(req!.query.get('otp_expiry')).toBe('5');
    expect(req!.headers.authkey).toBe(AUTH_KEY);
    expect(req!.headers['content-type']).toBe('application/json');
    expect([...req!.query.values()].join(' ')).not.toContain(AUTH_KEY);
  });

  it('sends a guardian consent code through its own template', async () => {
    await provider().send('919876543210', '730112', 'guardian-consent');
    await provider().send('919876543210', '730113', 'sign-in');
    expect(fake.received.map((r) => r.query.get('template_id'))).toEqual([CONSENT_TEMPLATE_ID, TEMPLATE_ID]);
    expect(fake.received[0]!.query.get('otp')).toBe('730112');
  });

  it('sends an event consent code through the event template, naming the event, and refuses one without that template', async () => {
    const withEvent = new Msg91SmsProvider(
      {
        authKey: AUTH_KEY,
        templateId: TEMPLATE_ID,
        consentTemplateId: CONSENT_TEMPLATE_ID,
        eventConsentTemplateId: 'event-template-1',
        baseUrl: fake.url,
        ttlSeconds: 300,
      },
      silentLog,
    );
    await withEvent.send('919876543210', '551234', 'event-consent', { eventName: 'Vi CyberShield quiz' });
    expect(fake.received[0]!.query.get('template_id')).toBe('event-template-1');
    expect(JSON.parse(fake.received[0]!.body)).toEqual({ event: 'Vi CyberShield quiz' });
    await expect(
      provider().send('919876543210', '551235', 'event-consent', { eventName: 'Vi CyberShield quiz' }),
    ).rejects.toMatchObject({ statusCode: 503, code: 'smsUnavailable' });
    expect(fake.received).toHaveLength(1);
  });

  const failures: [string, { status: number; body: string; delayMs?: number }][] = [
    ['a server error', { status: 500, body: `{"type":"error","message":"internal"}` }],
    ['an authentication failure', { status: 401, body: `{"type":"error","message":"Invalid authkey ${AUTH_KEY}"}` }],
    ['a 200 that reports an error', { status: 200, body: '{"type":"error","message":"Template not approved"}' }],
    ['a body that is not JSON', { status: 502, body: '<html>Bad gateway</html>' }],
    ['no answer in time', { status: 200, body: '{"type":"success"}', delayMs: 2000 }],
  ];
  for (const [what, answer] of failures) {
    it(`turns ${what} into a 503 with a clear message that never holds the key`, async () => {
      fake.answer = answer;
      const logged: unknown[] = [];
      const withLog = new Msg91SmsProvider(
        {
          authKey: AUTH_KEY,
          templateId: TEMPLATE_ID,
          consentTemplateId: CONSENT_TEMPLATE_ID,
          baseUrl: fake.url,
          ttlSeconds: 300,
          timeoutMs: 300,
        },
        { error: (...args: unknown[]) => logged.push(args) },
      );
      const error = await withLog.send('919876543210', '123456').then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).statusCode).toBe(503);
      expect((error as HttpError).message).toBe(formatMessage('smsUnavailable'));
      expect(JSON.stringify(logged)).not.toContain(AUTH_KEY);
      expect(logged).toHaveLength(1);
    });
  }

  it('turns a network failure into a 503', async () => {
    const unreachable = new Msg91SmsProvider(
      {
        authKey: AUTH_KEY,
        templateId: TEMPLATE_ID,
        consentTemplateId: CONSENT_TEMPLATE_ID,
        baseUrl: 'http://127.0.0.1:1',
        ttlSeconds: 300,
      },
      silentLog,
    );
    await expect(unreachable.send('919876543210', '123456')).rejects.toMatchObject({
      statusCode: 503,
      code: 'smsUnavailable',
      message: formatMessage('smsUnavailable'),
    });
  });
});

describe('a production server with MSG91', () => {
  const fake = new FakeMsg91();
  let t: TestApp;
  beforeAll(async () => {
    await fake.start();
    t = await createTestApp({
      NODE_ENV: 'production',
      SMS_PROVIDER: 'msg91',
      MSG91_AUTH_KEY: AUTH_KEY,
      MSG91_TEMPLATE_ID: TEMPLATE_ID,
      MSG91_CONSENT_TEMPLATE_ID: CONSENT_TEMPLATE_ID,
      MSG91_BASE_URL: fake.url,
      LOG_LEVEL: 'silent',
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake.stop();
  });

  const send = (mobile: string) => t.app.inject({ method: 'POST', url: '/api/user/send-otp', payload: { mobile } });

  it('signs up with the code MSG91 was asked to send, in a __Host- cookie that is Secure, HttpOnly and SameSite=Lax', async () => {
    const mobile = '919812300001';
    expect((await send(mobile)).statusCode).toBe(404);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: { mobile, name: 'Pooja', otp: fake.codeFor(mobile) },
    });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === '__Host-sid')!;
    expect(cookie).toBeDefined();
    expect(cookie.secure).toBe(true);
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    expect(cookie.domain).toBeUndefined();
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user/me',
      headers: { cookie: `__Host-sid=${cookie.value}` },
    });
    expect(me.json().user.name).toBe('Pooja');
  });

  it('answers 503 when MSG91 fails, without the key, and the failed send does not start the cooldown', async () => {
    const mobile = '919812300002';
    fake.answer = { status: 500, body: `{"type":"error","message":"down ${AUTH_KEY}"}` };
    const failed = await send(mobile);
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual(messageBody('smsUnavailable'));
    expect(failed.body).not.toContain(AUTH_KEY);

    fake.answer = { status: 200, body: '{"type":"success","request_id":"x"}' };
    expect((await send(mobile)).statusCode).toBe(404);
  });
});
