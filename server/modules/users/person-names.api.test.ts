// Every place a person's name enters refuses one the certificate cannot draw or that is no name,
// with the rule's code (contract/person-name.ts), and keeps a real one as typed, tidied.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../contract/messages';
import { users } from '../../db/schema/users';
import { testAppPerFile } from '../../test/test-app';
import { signInAs, signInAsStaff, type SignedInStaff } from '../../test/sign-in';
import { lastCode, nextMobile, post } from '../auth/auth-test-helpers';

const t = testAppPerFile();
let admin: SignedInStaff;
beforeAll(async () => {
  admin = await signInAsStaff(t.app, ['admin']);
});

/** Each bad name with the code it is refused with. */
const REFUSED: [string, string][] = [
  ['\u200b\u200d\u2060', 'nameRequired'],
  [`Asha${'\u0301'.repeat(97)}`, 'nameMarks'],
  ['\u093f\u093f', 'nameMarks'],
  ['Иван Петров', 'nameScript'],
  ['王伟', 'nameScript'],
  ['Asha\u0007Devi', 'nameCharacters'],
  ['Asha 2', 'nameCharacters'],
];

const expectRefused = (res: { statusCode: number; json: () => unknown }, code: string, typed: string) => {
  expect(res.statusCode, JSON.stringify(typed)).toBe(400);
  expect(res.json(), JSON.stringify(typed)).toMatchObject({ code, message: expect.any(String) });
  expect(code in MESSAGES || `${code}_other` in MESSAGES).toBe(true);
};

describe('a person’s name', () => {
  it('at registration: refused with its reason, and no account is made', async () => {
    for (const [name, code] of REFUSED) {
      const mobile = nextMobile();
      expect((await post(t.app, '/api/user/send-otp', { mobile })).statusCode).toBe(404);
      const res = await post(t.app, '/api/user/register', { mobile, name, otp: lastCode(t.app, mobile) });
      expectRefused(res, code, name);
      expect(await t.app.db.select({ id: users.id }).from(users).where(eq(users.mobile, mobile)), 'no account').toEqual(
        [],
      );
    }
    const mobile = nextMobile();
    await post(t.app, '/api/user/send-otp', { mobile });
    const ok = await post(t.app, '/api/user/register', { mobile, name: ' र‍्याब  ഷാജി ', otp: lastCode(t.app, mobile) });
    expect(ok.statusCode).toBe(200);
  });

  it('in the profile: refused with its reason, and the name stays', async () => {
    const learner = await signInAs(t.app, { name: 'Meena Kumari' });
    for (const [name, code] of REFUSED) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/user/me',
        headers: learner.headers,
        payload: { name },
      });
      expectRefused(res, code, name);
    }
    const me = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: learner.headers });
    expect(me.json().user.name).toBe('Meena Kumari');
    const changed = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/me',
      headers: learner.headers,
      payload: { name: 'Jose\u0301  ज़ीनत' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().user.name).toBe('José ज़ीनत'.normalize('NFC'));
  });

  it('of a guardian: refused with its reason (nothing to read is the guardian’s own code), consent not recorded', async () => {
    const minor = await signInAs(t.app, { age: 15 });
    for (const [guardianName, code] of REFUSED) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/me/guardian-consent',
        headers: minor.headers,
        payload: { guardianName, relationship: 'Mother', agree: true },
      });
      expectRefused(res, code === 'nameRequired' ? 'guardianNameRequired' : code, guardianName);
    }
    const me = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: minor.headers });
    expect(me.json().user).toMatchObject({ guardianConsent: false, guardianName: null });
  });

  it('of a new staff member: refused with its reason, and nobody is added', async () => {
    for (const [name, code] of REFUSED) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/staff/members',
        headers: admin.headers,
        payload: { mobile: nextMobile(), name, roles: ['analyst'] },
      });
      expectRefused(res, code, name);
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/staff/members', headers: admin.headers });
    expect(list.json().rows.map((row: { userId: string }) => row.userId)).toEqual([admin.userId]);
  });
});
