// The learner's own profile: reading it, changing only what is theirs, an inactive account, and a
// guardian's consent for a learner under 18.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GENDERS, MINOR_AGE, QUALIFICATIONS } from '../../../contract/profile-options';
import { messageBody } from '../../../contract/messages';
import { DISTRICT_MAX_LENGTH } from '../../../contract/person-name';
import { users } from '../../db/schema/users';
import { testAppPerFile } from '../../test/test-app';
import { signUp } from '../auth/auth-test-helpers';

const t = testAppPerFile({ OTP_RESEND_COOLDOWN_SECONDS: '0', OTP_PER_ADDRESS_LIMIT: '1000' });

const me = (cookie?: string) => t.app.inject({ method: 'GET', url: '/api/user/me', headers: cookie ? { cookie } : {} });
const patch = (cookie: string | undefined, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: '/api/user/me', headers: cookie ? { cookie } : {}, payload: payload as object });
const consent = (cookie: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/me/guardian-consent',
    headers: { cookie },
    payload: payload as object,
  });
/** A learning call (a learner's stats), open to learners only, as every learning call is. */
const learn = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/progress/en/stats', headers: { cookie } });

describe('GET /api/user/me', () => {
  it('answers the whole profile', async () => {
    const { mobile, cookie } = await signUp(t.app);
    const res = await me(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: {
        id: expect.any(String),
        name: 'Asha Devi',
        mobile,
        email: null,
        age: null,
        gender: null,
        qualification: null,
        district: null,
        role: 'user',
        active: true,
        minorUntil: null,
        consentRequired: false,
        guardianConsent: false,
        guardianConsentAt: null,
        guardianConsentMethod: null,
        guardianName: null,
        guardianRelationship: null,
        guardianMobile: null,
      },
    });
  });

  it('is 401 without a session, with an unknown one, or with a malformed cookie', async () => {
    for (const cookie of [undefined, 'sid=unknown', 'sid=', 'other=1']) {
      const res = await me(cookie);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'signInRequired', message: 'Please sign in to continue' });
    }
  });
});

describe('PATCH /api/user/me', () => {
  it('changes name, email, age, gender and qualification', async () => {
    const { cookie } = await signUp(t.app);
    const res = await patch(cookie, {
      name: '  Sunita  Kumari ',
      email: 'sunita@example.in',
      age: 42,
      gender: 'Female',
      qualification: '10+2 or Diploma',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      name: 'Sunita Kumari',
      email: 'sunita@example.in',
      age: 42,
      gender: 'Female',
      qualification: '10+2 or Diploma',
    });
    expect((await me(cookie)).json().user).toMatchObject({ name: 'Sunita Kumari', age: 42 });
  });

  it('accepts every option the form offers', async () => {
    const { cookie } = await signUp(t.app);
    for (const gender of GENDERS) expect((await patch(cookie, { gender })).json().user.gender).toBe(gender);
    for (const qualification of QUALIFICATIONS) {
      expect((await patch(cookie, { qualification })).json().user.qualification).toBe(qualification);
    }
  });

  it('changes only the fields sent, and clears with an empty email or null', async () => {
    const { cookie } = await signUp(t.app);
    await patch(cookie, { email: 'a@example.in', age: 30, gender: 'Male' });
    const res = await patch(cookie, { email: '', age: null });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: null, age: null, gender: 'Male', name: 'Asha Devi' });
    const empty = await patch(cookie, {});
    expect(empty.statusCode).toBe(200);
    expect(empty.json().user.gender).toBe('Male');
  });

  it('ignores the mobile number, role, active flag and consent sent in the body', async () => {
    const { mobile, cookie } = await signUp(t.app);
    const res = await patch(cookie, {
      name: 'Changed',
      mobile: '919999999999',
      role: 'admin',
      active: false,
      id: '00000000-0000-0000-0000-000000000000',
      guardianConsent: true,
      guardianConsentAt: new Date().toISOString(),
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.app.db.select().from(users).where(eq(users.mobile, mobile));
    expect(row).toMatchObject({ name: 'Changed', mobile, role: 'user', active: true, guardianConsentAt: null });
    expect(res.json().user).toMatchObject({ mobile, role: 'user', active: true, guardianConsent: false });
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ['an age under 5', { age: 4 }, 'age'],
    ['an age over 120', { age: 121 }, 'age'],
    ['a fractional age', { age: 25.5 }, 'age'],
    ['an age in words', { age: 'twenty' }, 'age'],
    ['an unknown gender', { gender: 'male' }, 'gender'],
    ['an unknown qualification', { qualification: 'PhD' }, 'qualification'],
    ['a name that is an object', { name: { first: 'A' } }, 'name'],
    ['a huge email', { email: 'a'.repeat(5000) }, 'email'],
  ];
  for (const [what, body, field] of bad) {
    it(`refuses ${what} with 400 naming the field`, async () => {
      const { cookie } = await signUp(t.app);
      const res = await patch(cookie, body);
      expect(res.statusCode).toBe(400);
      const answer = res.json();
      expect(answer.message).toContain(field);
      expect(answer.details[0].field).toBe(field);
    });
  }

  it('refuses an empty name and a malformed email with the form’s wording', async () => {
    const { cookie } = await signUp(t.app);
    expect((await patch(cookie, { name: '   ' })).json()).toEqual({
      code: 'nameRequired',
      message: 'Please enter your name',
    });
    expect((await patch(cookie, { email: 'sunita@' })).json()).toEqual({
      code: 'invalidEmail',
      message: 'Enter a valid email address',
    });
    expect((await me(cookie)).json().user).toMatchObject({ name: 'Asha Devi', email: null });
  });

  it('keeps an optional district, tidied as a name is, and clears it with an empty string or null', async () => {
    const { cookie } = await signUp(t.app);
    const set = await patch(cookie, { district: '  North  24 Parganas ' });
    expect(set.statusCode).toBe(200);
    expect(set.json().user.district).toBe('North 24 Parganas');
    expect((await patch(cookie, { district: 'திருநெல்வேலி' })).json().user.district).toBe('திருநெல்வேலி');
    expect((await patch(cookie, { name: 'Asha Rani' })).json().user.district).toBe('திருநெல்வேலி');
    expect((await patch(cookie, { district: '' })).json().user.district).toBeNull();
    await patch(cookie, { district: 'Pune' });
    expect((await patch(cookie, { district: null })).json().user.district).toBeNull();
    const [row] = await t.app.db.select({ district: users.district }).from(users).where(eq(users.name, 'Asha Rani'));
    expect(row?.district).toBeNull();
  });

  it('refuses a district too long, with symbols, an address or digits alone, saying why and keeping the old one', async () => {
    const { cookie } = await signUp(t.app);
    await patch(cookie, { district: 'Pune' });
    expect((await patch(cookie, { district: 'a'.repeat(DISTRICT_MAX_LENGTH + 1) })).json()).toEqual({
      code: 'districtTooLong',
      message: `A district can have at most ${DISTRICT_MAX_LENGTH} characters`,
      params: { max: DISTRICT_MAX_LENGTH },
    });
    for (const district of ['https://example.com', '<b>Pune</b>', '24', 'Pune #1', 'Дели']) {
      const res = await patch(cookie, { district });
      expect(res.statusCode, district).toBe(400);
      expect(res.json(), district).toEqual({
        code: 'districtCharacters',
        message: 'A district can have only letters, digits, spaces, dots, hyphens, apostrophes and brackets.',
      });
    }
    const notText = await patch(cookie, { district: 42 });
    expect(notText.statusCode).toBe(400);
    expect(notText.json().details[0].field).toBe('district');
    expect((await me(cookie)).json().user.district).toBe('Pune');
  });

  it('is 401 without a session and refused from another site', async () => {
    expect((await patch(undefined, { name: 'X' })).statusCode).toBe(401);
    const { cookie } = await signUp(t.app);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/me',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
      payload: { name: 'Attacker' },
    });
    expect(res.statusCode).toBe(403);
    expect((await me(cookie)).json().user.name).toBe('Asha Devi');
  });
});

describe('an inactive account', () => {
  it('can still read its profile, but not change it or learn', async () => {
    const { mobile, cookie } = await signUp(t.app);
    await t.app.db.update(users).set({ active: false }).where(eq(users.mobile, mobile));
    const read = await me(cookie);
    expect(read.statusCode).toBe(200);
    expect(read.json().user.active).toBe(false);
    const change = await patch(cookie, { name: 'X' });
    expect(change.statusCode).toBe(403);
    expect(change.json()).toEqual({ code: 'inactive', message: 'Your account is not active' });
    expect((await consent(cookie, { guardianName: 'A', relationship: 'Mother', agree: true })).statusCode).toBe(403);
    expect((await learn(cookie)).statusCode).toBe(403);
  });
});

describe('a learner under 18', () => {
  it('cannot learn until a parent or guardian agrees (the two steps are in guardian-consent.test.ts)', async () => {
    const { cookie } = await signUp(t.app);
    expect((await learn(cookie)).statusCode).toBe(200);
    await patch(cookie, { age: 15 });
    const blocked = await learn(cookie);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual(messageBody('consentRequired', { age: MINOR_AGE }));
    expect((await me(cookie)).json().user).toMatchObject({ age: 15, consentRequired: true, guardianConsent: false });
  });

  it('the relationship is one of the listed ones', async () => {
    const { cookie } = await signUp(t.app);
    await patch(cookie, { age: 14 });
    const wrongRelation = await consent(cookie, {
      guardianName: 'Geeta',
      relationship: 'Neighbour',
      guardianMobile: '919812345678',
      otp: '123456',
      agree: true,
    });
    expect(wrongRelation.statusCode).toBe(400);
    expect(wrongRelation.json().details[0].field).toBe('relationship');
  });
});
