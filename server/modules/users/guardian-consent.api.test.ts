// A minor's guardian consent, verified as DPDP Rules 2025, rule 10 accepts (ADR 18): a one-time
// password to the guardian's own number, then the code records the consent with its method, time
// and number. Once a learner has declared an age under 18 the gate stays until consent or the
// latest day they can turn 18, whatever later changes of the profile say.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MINOR_AGE } from '../../../contract/profile-options';
import { messageBody, type MessageCode } from '../../../contract/messages';
import { otpChallenges } from '../../db/schema/auth';
import { users } from '../../db/schema/users';
import { signInAs, type SignedIn } from '../../test/sign-in';
import { testAppPerFile } from '../../test/test-app';
import { memorySms, nextMobile, post, sessionCookie } from '../auth/auth-test-helpers';

const t = testAppPerFile({ OTP_PER_ADDRESS_LIMIT: '4' });

let addresses = 0;
/** Each send from an address of its own unless a test names one, so only the address test meets that limit. */
const freshAddress = () => `10.20.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

const askCode = (who: SignedIn | undefined, payload: unknown, address = freshAddress()) =>
  post(t.app, '/api/user/me/guardian-consent/code', payload, who?.headers ?? {}, address);
const giveConsent = (who: SignedIn | undefined, payload: unknown) =>
  post(t.app, '/api/user/me/guardian-consent', payload, who?.headers ?? {});
const patch = (who: SignedIn, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: '/api/user/me', headers: who.headers, payload: payload as object });
const me = async (who: SignedIn) =>
  (await t.app.inject({ method: 'GET', url: '/api/user/me', headers: who.headers })).json().user;
/** A learning call (a learner's stats), behind the learner rule as every learning call is. */
const learn = (who: SignedIn) => t.app.inject({ method: 'GET', url: '/api/progress/en/stats', headers: who.headers });

/** The last consent code the guardian's phone received. */
function consentCodeFor(mobile: string): string {
  const sent = memorySms(t.app).sent.filter((m) => m.mobile === mobile && m.purpose === 'guardian-consent');
  if (!sent.length) throw new Error(`no consent code was sent to ${mobile}`);
  return sent.at(-1)!.code;
}

/** A learner who has just declared the age, through the profile. */
async function minor(age = 15): Promise<SignedIn> {
  const learner = await signInAs(t.app, { age: null });
  expect((await patch(learner, { age })).statusCode).toBe(200);
  return learner;
}

const guardian = (mobile = nextMobile()) => ({
  guardianName: '  Ramesh  Patil ',
  relationship: 'Father',
  guardianMobile: mobile,
});
const wrong = (code: string) => (code === '999999' ? '999998' : '999999');

describe('consent confirmed by a one-time password to the guardian', () => {
  it('sends the code to the guardian’s number, and the code records the consent with method, time and number', async () => {
    const learner = await minor(15);
    expect((await learn(learner)).json()).toEqual(messageBody('consentRequired', { age: MINOR_AGE }));
    const details = guardian();

    const sent = await askCode(learner, { ...details, guardianMobile: `+91 ${details.guardianMobile.slice(2)}` });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ ...messageBody('consentCodeSent'), resendAfter: 30 });
    const sms = memorySms(t.app).sent.at(-1)!;
    expect(sms).toMatchObject({ mobile: details.guardianMobile, purpose: 'guardian-consent' });
    expect((await learn(learner)).statusCode).toBe(403);

    const before = Date.now();
    const res = await giveConsent(learner, { ...details, otp: consentCodeFor(details.guardianMobile), agree: true });
    expect(res.statusCode).toBe(200);
    const user = res.json().user;
    expect(user).toMatchObject({
      consentRequired: false,
      guardianConsent: true,
      guardianConsentMethod: 'guardian-otp',
      guardianName: 'Ramesh Patil',
      guardianRelationship: 'Father',
      guardianMobile: details.guardianMobile,
    });
    expect(Date.parse(user.guardianConsentAt)).toBeGreaterThanOrEqual(before - 1000);
    expect((await learn(learner)).statusCode).toBe(200);

    // The record is the learner's data: in their download, and gone with their account.
    const download = (
      await t.app.inject({ method: 'GET', url: '/api/user/me/export', headers: learner.headers })
    ).json();
    expect(download.profile).toMatchObject({
      guardianConsentMethod: 'guardian-otp',
      guardianMobile: details.guardianMobile,
    });
    expect(download.guardianConsentCodes).toEqual([
      expect.objectContaining({ guardianMobile: details.guardianMobile, consumedAt: expect.any(String) }),
    ]);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/user/me', headers: learner.headers })).statusCode).toBe(
      200,
    );
    expect(await t.app.db.select().from(users).where(eq(users.id, learner.userId))).toEqual([]);
    expect(await t.app.db.select().from(otpChallenges).where(eq(otpChallenges.mobile, details.guardianMobile))).toEqual(
      [],
    );
  });

  it('a code works once', async () => {
    const learner = await minor();
    const details = guardian();
    await askCode(learner, details);
    const body = { ...details, otp: consentCodeFor(details.guardianMobile), agree: true };
    expect((await giveConsent(learner, body)).statusCode).toBe(200);
    expect((await giveConsent(learner, body)).json()).toEqual(messageBody('used'));
  });

  it('needs a session for both steps', async () => {
    expect((await askCode(undefined, guardian())).statusCode).toBe(401);
    const res = await giveConsent(undefined, { ...guardian(), otp: '123456', agree: true });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(messageBody('signInRequired'));
  });

  it('is refused for a learner who is not a minor: an adult or one who never gave an age', async () => {
    const sentBefore = memorySms(t.app).sent.length;
    for (const age of [null, 18, 40]) {
      const learner = await signInAs(t.app, { age });
      for (const res of [
        await askCode(learner, guardian()),
        await giveConsent(learner, { ...guardian(), otp: '123456', agree: true }),
      ]) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual(messageBody('consentNotNeeded', { age: MINOR_AGE }));
      }
    }
    expect(memorySms(t.app).sent.length).toBe(sentBefore);
  });

  it('names a missing or wrong guardian field, and never sends a code to the learner’s own number', async () => {
    const learner = await minor();
    const sentBefore = memorySms(t.app).sent.length;
    const own = learner.mobile;
    const cases: [
      unknown,
      Extract<
        MessageCode,
        'guardianNameRequired' | 'relationshipRequired' | 'invalidMobile' | 'notAMobile' | 'guardianMobileOwn'
      >,
    ][] = [
      [{ relationship: 'Mother', guardianMobile: nextMobile() }, 'guardianNameRequired'],
      [{ guardianName: ' ', relationship: 'Mother', guardianMobile: nextMobile() }, 'guardianNameRequired'],
      [{ guardianName: 'Geeta', guardianMobile: nextMobile() }, 'relationshipRequired'],
      [{ guardianName: 'Geeta', relationship: 'Mother' }, 'invalidMobile'],
      [{ guardianName: 'Geeta', relationship: 'Mother', guardianMobile: '98765' }, 'invalidMobile'],
      [{ guardianName: 'Geeta', relationship: 'Mother', guardianMobile: '912212345678' }, 'notAMobile'],
      [{ guardianName: 'Geeta', relationship: 'Mother', guardianMobile: own }, 'guardianMobileOwn'],
      [{ guardianName: 'Geeta', relationship: 'Mother', guardianMobile: `0${own.slice(2)}` }, 'invalidMobile'],
      [
        { guardianName: 'Geeta', relationship: 'Mother', guardianMobile: `+91-${own.slice(2, 7)} ${own.slice(7)}` },
        'guardianMobileOwn',
      ],
    ];
    for (const [body, code] of cases) {
      const res = await askCode(learner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toEqual(messageBody(code));
      const recorded = await giveConsent(learner, { ...(body as object), otp: '123456', agree: true });
      expect(recorded.json()).toEqual(messageBody(code));
    }
    expect(memorySms(t.app).sent.length).toBe(sentBefore);
    const details = guardian();
    expect((await giveConsent(learner, { ...details, otp: '123456' })).json()).toEqual(messageBody('agreeRequired'));
    expect((await giveConsent(learner, { ...details, otp: '12', agree: true })).json()).toEqual(
      messageBody('codeShape', { length: 6 }),
    );
    expect((await giveConsent(learner, { ...details, otp: '123456', agree: true })).json()).toEqual(
      messageBody('noCode'),
    );
    expect((await learn(learner)).statusCode).toBe(403);
  });

  it('counts wrong codes, then refuses the code; learning stays closed', async () => {
    const learner = await minor();
    const details = guardian();
    await askCode(learner, details);
    const code = consentCodeFor(details.guardianMobile);
    const first = await giveConsent(learner, { ...details, otp: wrong(code), agree: true });
    expect(first.statusCode).toBe(400);
    expect(first.json()).toEqual(messageBody('wrongCode', { count: 4 }));
    for (let i = 0; i < 4; i++) await giveConsent(learner, { ...details, otp: wrong(code), agree: true });
    expect((await giveConsent(learner, { ...details, otp: code, agree: true })).json()).toEqual(
      messageBody('tooManyTries'),
    );
    expect((await me(learner)).guardianConsent).toBe(false);
    expect((await learn(learner)).statusCode).toBe(403);
  });

  it('refuses an expired code', async () => {
    const learner = await minor();
    const details = guardian();
    await askCode(learner, details);
    // The code's lifetime passing, as the clock would move it.
    await t.app.db
      .update(otpChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(otpChallenges.userId, learner.userId));
    const res = await giveConsent(learner, { ...details, otp: consentCodeFor(details.guardianMobile), agree: true });
    expect(res.json()).toEqual(messageBody('expired'));
    expect((await learn(learner)).statusCode).toBe(403);
  });

  it('a code is for the learner who asked and for the number it went to', async () => {
    const details = guardian();
    const asked = await minor();
    const sibling = await minor();
    await askCode(asked, details);
    const code = consentCodeFor(details.guardianMobile);
    expect((await giveConsent(sibling, { ...details, otp: code, agree: true })).json()).toEqual(messageBody('noCode'));
    const otherNumber = { ...details, guardianMobile: nextMobile() };
    expect((await giveConsent(asked, { ...otherNumber, otp: code, agree: true })).json()).toEqual(
      messageBody('noCode'),
    );
    expect((await giveConsent(asked, { ...details, otp: code, agree: true })).statusCode).toBe(200);
  });

  it('a consent code cannot sign in to the guardian’s own account, nor a sign-in code give consent', async () => {
    const parent = nextMobile();
    expect((await post(t.app, '/api/user/send-otp', { mobile: parent }, {}, freshAddress())).statusCode).toBe(404);
    const signInCode = memorySms(t.app).lastCode(parent)!;
    const registered = await post(t.app, '/api/user/register', {
      mobile: parent,
      name: 'Ramesh Patil',
      otp: signInCode,
    });
    const parentCookie = sessionCookie(registered);

    const learner = await minor();
    const details = guardian(parent);
    expect((await giveConsent(learner, { ...details, otp: signInCode, agree: true })).json()).toEqual(
      messageBody('noCode'),
    );
    await askCode(learner, details);
    const consentCode = consentCodeFor(parent);
    const login = await post(t.app, '/api/user/login', { mobile: parent, otp: consentCode });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual(messageBody('used'));
    expect((await giveConsent(learner, { ...details, otp: consentCode, agree: true })).statusCode).toBe(200);

    // The parent's own download lists their sign-in codes, not the code the learner asked from
    // another address (that address is the learner's data).
    const download = (
      await t.app.inject({ method: 'GET', url: '/api/user/me/export', headers: { cookie: parentCookie } })
    ).json();
    expect(download.otpRequests).toHaveLength(1);
    expect(download.guardianConsentCodes).toEqual([]);
  });
});

describe('the limits of sign-in apply to consent codes', () => {
  it('a second code within the cooldown is refused with the seconds left', async () => {
    const learner = await minor();
    const details = guardian();
    expect((await askCode(learner, details)).statusCode).toBe(200);
    const again = await askCode(learner, details);
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('wait');
    expect(again.json().retryAfter).toBeGreaterThan(0);
  });

  it('counts every code sent to a number, sign-in and consent together', async () => {
    const details = guardian();
    expect(
      (await post(t.app, '/api/user/send-otp', { mobile: details.guardianMobile }, {}, freshAddress())).statusCode,
    ).toBe(404);
    for (let i = 0; i < 4; i++) expect((await askCode(await minor(), details)).statusCode).toBe(200);
    const sixth = await askCode(await minor(), details);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('numberLimit');
  });

  it('counts the codes asked from one address', async () => {
    const address = '10.99.0.1';
    for (let i = 0; i < 4; i++) expect((await askCode(await minor(), guardian(), address)).statusCode).toBe(200);
    const fifth = await askCode(await minor(), guardian(), address);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().code).toBe('addressLimit');
  });
});

describe('a declared minor stays one', () => {
  it('clearing or raising the age does not open learning', async () => {
    const learner = await minor(15);
    const { minorUntil } = await me(learner);
    // The latest the learner can turn 18: three years from the declaration.
    const years = (Date.parse(minorUntil) - Date.now()) / (365.25 * 24 * 3600 * 1000);
    expect(years).toBeGreaterThan(2.99);
    expect(years).toBeLessThan(3.01);
    for (const age of [null, 18, 30, 17]) {
      expect((await patch(learner, { age })).statusCode).toBe(200);
      expect((await learn(learner)).json()).toEqual(messageBody('consentRequired', { age: MINOR_AGE }));
      expect(await me(learner)).toMatchObject({ age, minorUntil, consentRequired: true });
    }
    const details = guardian();
    expect((await askCode(learner, details)).statusCode).toBe(200);
  });

  it('a lower age declared later moves the end later; a higher one does not bring it back', async () => {
    const learner = await minor(17);
    const first = Date.parse((await me(learner)).minorUntil);
    await patch(learner, { age: 12 });
    const lower = Date.parse((await me(learner)).minorUntil);
    expect(lower - first).toBeGreaterThan(4.9 * 365 * 24 * 3600 * 1000);
    await patch(learner, { age: 16 });
    expect(Date.parse((await me(learner)).minorUntil)).toBe(lower);
  });

  it('an adult who declares an age under 18 is stopped until consent', async () => {
    const learner = await signInAs(t.app, { age: 25 });
    expect((await learn(learner)).statusCode).toBe(200);
    await patch(learner, { age: 16 });
    expect((await learn(learner)).statusCode).toBe(403);
    await patch(learner, { age: 25 });
    expect((await learn(learner)).statusCode).toBe(403);
  });

  it('learning opens by itself once the end of minority has passed', async () => {
    const learner = await minor(17);
    await t.app.db
      .update(users)
      .set({ minorUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, learner.userId));
    expect((await learn(learner)).statusCode).toBe(200);
    expect((await askCode(learner, guardian())).json()).toEqual(messageBody('consentNotNeeded', { age: MINOR_AGE }));
  });

  it('a consent recorded without a one-time password does not open learning', async () => {
    const learner = await minor(14);
    // As recorded before consent was verified: a time, a name and a relationship, no method.
    await t.app.db
      .update(users)
      .set({ guardianConsentAt: new Date(), guardianName: 'Anyone', guardianRelationship: 'Mother' })
      .where(eq(users.id, learner.userId));
    expect((await learn(learner)).statusCode).toBe(403);
    expect(await me(learner)).toMatchObject({ guardianConsent: false, consentRequired: true, guardianName: 'Anyone' });
  });
});
