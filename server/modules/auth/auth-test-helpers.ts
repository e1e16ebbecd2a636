// Helpers for tests that go through the real sign-in calls (the shared server/test/sign-in.ts skips
// them for tests about other things).
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { MemorySmsProvider } from './sms/memory-provider';

let counter = 0;
/** A fresh valid 12-digit number per call, unique within the test run's process. */
export function nextMobile(): string {
  counter += 1;
  const tail = (process.pid % 1000) * 10_000 + counter;
  return `919${String(tail).padStart(9, '0')}`;
}

export function memorySms(app: FastifyInstance): MemorySmsProvider {
  if (!(app.sms instanceof MemorySmsProvider)) throw new Error('the test app is not using the memory SMS provider');
  return app.sms;
}

/** The code the learner would have received last, failing loudly when none was sent. */
export function lastCode(app: FastifyInstance, mobile: string): string {
  const code = memorySms(app).lastCode(mobile);
  if (!code) throw new Error(`no code was sent to ${mobile}`);
  return code;
}

/** The session cookie the response set, as a Cookie header value. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'sid' && c.value);
  if (!cookie) throw new Error(`no session cookie in ${res.statusCode} ${res.body}`);
  return `sid=${cookie.value}`;
}

export function post(
  app: FastifyInstance,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
  remoteAddress?: string,
) {
  return app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress });
}

/** Registers a new number through send-otp and register; answers the session cookie. */
export async function signUp(
  app: FastifyInstance,
  mobile = nextMobile(),
  name = 'Asha Devi',
): Promise<{ mobile: string; cookie: string }> {
  const sent = await post(app, '/api/user/send-otp', { mobile });
  if (sent.statusCode !== 404) throw new Error(`send-otp answered ${sent.statusCode} ${sent.body}`);
  const res = await post(app, '/api/user/register', { mobile, name, otp: lastCode(app, mobile) });
  if (res.statusCode !== 200) throw new Error(`register answered ${res.statusCode} ${res.body}`);
  return { mobile, cookie: sessionCookie(res) };
}
