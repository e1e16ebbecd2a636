// The sign-in service called directly with its dependencies: a clock the test moves and an SMS
// provider that keeps what it sent. Time-bound rules are checked at their exact edges this way,
// without waiting and without editing stored rows.
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../test/test-app';
import { nextMobile } from './auth-test-helpers';
import { MemorySmsProvider } from './sms/memory-provider';
import { HttpError } from '../../plugins/errors';
import { login, register, sendCode, type AuthDeps } from './service';

const t = testAppPerFile({ OTP_RESEND_COOLDOWN_SECONDS: '30', OTP_TTL_SECONDS: '300', OTP_PER_ADDRESS_LIMIT: '1000' });
let deps: AuthDeps;
const sms = new MemorySmsProvider();
let clock = new Date('2026-11-23T10:00:00Z');
const advance = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};

beforeAll(async () => {
  deps = { db: t.app.db, config: t.config, sms, now: () => clock };
});

/** The error a call throws, or null. */
async function failure(work: () => Promise<unknown>): Promise<Error | null> {
  try {
    await work();
    return null;
  } catch (error) {
    return error as Error;
  }
}

describe('sign-in with an injected clock and SMS provider', () => {
  it('sends through the given provider and registers with the code it received', async () => {
    const mobile = nextMobile();
    expect(await sendCode(deps, mobile, '10.0.0.1')).toEqual({ registered: false, resendAfter: 30 });
    const account = await register(deps, { mobile, otp: sms.lastCode(mobile), name: 'Meena' });
    expect(account).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      role: 'user',
      name: 'Meena',
      active: true,
    });
    expect(sms.countFor(mobile)).toBe(1);
  });

  it('a code works one second before its lifetime ends and not at the end', async () => {
    const mobile = nextMobile();
    await sendCode(deps, mobile, '10.0.0.2');
    await register(deps, { mobile, otp: sms.lastCode(mobile), name: 'Ravi' });

    advance(60);
    await sendCode(deps, mobile, '10.0.0.2');
    advance(299);
    expect((await login(deps, mobile, sms.lastCode(mobile))).name).toBe('Ravi');

    advance(60);
    await sendCode(deps, mobile, '10.0.0.2');
    advance(300);
    const expired = await failure(() => login(deps, mobile, sms.lastCode(mobile)));
    expect(expired).toMatchObject({ statusCode: 400, code: 'expired' });
  });

  it('the resend cooldown counts on the same clock', async () => {
    const mobile = nextMobile();
    await sendCode(deps, mobile, '10.0.0.3');
    advance(29);
    const early = await failure(() => sendCode(deps, mobile, '10.0.0.3'));
    expect(early).toBeInstanceOf(HttpError);
    expect(early).toMatchObject({ statusCode: 429, code: 'wait', retryAfter: 1 });
    advance(1);
    expect(await sendCode(deps, mobile, '10.0.0.3')).toEqual({ registered: false, resendAfter: 30 });
    expect(sms.countFor(mobile)).toBe(2);
  });
});
