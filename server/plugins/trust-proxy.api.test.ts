// Behind a load balancer the client's address is the one the balancer saw, never what the client
// wrote into X-Forwarded-For: the per-address one-time-password limit must count the real client.
import { describe, expect, it } from 'vitest';
import { testAppPerFile, type TestApp } from '../test/test-app';
import { nextMobile, post } from '../modules/auth/auth-test-helpers';

const BALANCER = '10.20.0.5';
const limits = { OTP_PER_ADDRESS_LIMIT: '3', OTP_RESEND_COOLDOWN_SECONDS: '0' };

let clientCounter = 0;
/** A client address of its own for each test, so one test's sends do not count against another's. */
const freshClient = () => `203.0.113.${++clientCounter}`;

/** A send through the balancer: it appends the address it saw to whatever the client sent. */
function sendThroughBalancer(t: TestApp, realClient: string, forged: string) {
  return post(
    t.app,
    '/api/user/send-otp',
    { mobile: nextMobile() },
    { 'x-forwarded-for': `${forged}, ${realClient}` },
    BALANCER,
  );
}

async function expectLimitHoldsAgainstForgedAddresses(t: TestApp) {
  const client = freshClient();
  for (let i = 0; i < 3; i++) {
    expect((await sendThroughBalancer(t, client, `198.51.100.${i}`)).statusCode).toBe(404);
  }
  // A fourth send with yet another leftmost address is still the same client.
  const refused = await sendThroughBalancer(t, client, '198.51.100.99');
  expect(refused.statusCode).toBe(429);
  expect(refused.json().message).toMatch(/requested from your network/);
  // Another real client behind the same balancer is not affected.
  expect((await sendThroughBalancer(t, freshClient(), '198.51.100.99')).statusCode).toBe(404);
}

describe('TRUST_PROXY as a hop count', () => {
  const t = testAppPerFile({ ...limits, TRUST_PROXY: '1' });

  it('counts the address the balancer saw, whatever the client put first in X-Forwarded-For', async () => {
    await expectLimitHoldsAgainstForgedAddresses(t);
  });
});

describe('TRUST_PROXY as the balancer’s address range', () => {
  const t = testAppPerFile({ ...limits, TRUST_PROXY: '10.20.0.0/16' });

  it('counts the address the balancer saw, whatever the client put first in X-Forwarded-For', async () => {
    await expectLimitHoldsAgainstForgedAddresses(t);
  });

  it('ignores X-Forwarded-For from a client that is not the balancer', async () => {
    const direct = '203.0.113.200';
    for (let i = 0; i < 3; i++) {
      const res = await post(
        t.app,
        '/api/user/send-otp',
        { mobile: nextMobile() },
        { 'x-forwarded-for': `198.51.100.${i}` },
        direct,
      );
      expect(res.statusCode).toBe(404);
    }
    const res = await post(
      t.app,
      '/api/user/send-otp',
      { mobile: nextMobile() },
      { 'x-forwarded-for': '198.51.100.50' },
      direct,
    );
    expect(res.statusCode).toBe(429);
  });
});
