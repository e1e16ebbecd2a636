// The staff's second factor through HTTP: setting up an authenticator app, confirming it, verifying
// each session with a code or a recovery code, replays, wrong codes and their limit.
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messageBody } from '../../../contract/messages';
import { RECOVERY_CODE_COUNT, SECOND_FACTOR_MAX_FAILURES } from '../../../contract/second-factor';
import { auditLog } from '../../db/schema/audit';
import { sessions } from '../../db/schema/auth';
import { staffRecoveryCodes, staffSecondFactors } from '../../db/schema/staff';
import { testAppPerFile } from '../../test/test-app';
import { newSession, renewedHeaders, signInAsStaff } from '../../test/sign-in';
import { decryptSecret, encryptSecret } from './second-factor-crypto';
import { totpCode, totpStep } from './totp';

const t = testAppPerFile();
type Headers = { cookie: string };

const get = (url: string, headers?: Headers) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Headers, body?: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
const me = async (headers: Headers) => (await get('/api/staff/me', headers)).json();
const STEP_MS = 30_000;

/** A six-digit code that matches none of the steps the server accepts now. */
function wrongCode(secret: string): string {
  for (;;) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    if (totpStep(secret, code, new Date()) === null) return code;
  }
}

describe('where the second factor stands (GET /api/staff/me)', () => {
  it('needed for every role, translators and analysts too, in each session', async () => {
    const setupRequired = { secondFactor: 'setup-required' } as const;
    for (const [roles, languages] of [
      [['translator'], ['hi']],
      [['analyst'], []],
    ] as const) {
      const member = await signInAsStaff(t.app, [...roles], { ...setupRequired, languages: [...languages] });
      expect((await me(member.headers)).secondFactor, roles[0]).toBe('setup-required');
      // Until it is set up, the role's own routes are closed.
      const own = roles[0] === 'analyst' ? '/api/staff/analytics/learners' : '/api/staff/content';
      const res = await get(own, member.headers);
      expect(res.statusCode, own).toBe(403);
      expect(res.json()).toEqual(messageBody('secondFactorRequired'));
    }
    expect(
      (await me((await signInAsStaff(t.app, ['editor'], { secondFactor: 'setup-required' })).headers)).secondFactor,
    ).toBe('setup-required');
    const admin = await signInAsStaff(t.app, ['admin', 'analyst'], { secondFactor: 'required' });
    expect((await me(admin.headers)).secondFactor).toBe('required');
    expect((await me((await signInAsStaff(t.app, ['editor'])).headers)).secondFactor).toBe('verified');
    // A second sign-in of the same person starts unconfirmed.
    expect((await me(await newSession(t.app, admin.userId))).secondFactor).toBe('required');
  });

  it('until then every other staff route answers 403 secondFactorRequired, whatever its role', async () => {
    for (const who of [
      await signInAsStaff(t.app, ['admin'], { secondFactor: 'setup-required' }),
      await signInAsStaff(t.app, ['admin'], { secondFactor: 'required' }),
      await signInAsStaff(t.app, ['editor'], { secondFactor: 'required' }),
    ]) {
      const res = await get('/api/staff/audit', who.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(messageBody('secondFactorRequired'));
    }
    const verified = await signInAsStaff(t.app, ['admin']);
    expect((await get('/api/staff/audit', verified.headers)).statusCode).toBe(200);
  });
});

describe('setting up an authenticator app', () => {
  it('answers the QR code, the otpauth URI and the secret; confirming with a first code gives ten recovery codes and confirms the session', async () => {
    const admin = await signInAsStaff(t.app, ['admin'], { secondFactor: 'setup-required', name: 'Asha Rao' });
    const setup = await post('/api/staff/second-factor/setup', admin.headers);
    expect(setup.statusCode).toBe(200);
    const { uri, qrCode, secret } = setup.json() as { uri: string; qrCode: string; secret: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const parsed = new URL(uri);
    expect(parsed.protocol).toBe('otpauth:');
    expect(parsed.host).toBe('totp');
    expect(decodeURIComponent(parsed.pathname)).toBe('/JGK:Asha Rao');
    expect(Object.fromEntries(parsed.searchParams)).toMatchObject({
      secret,
      issuer: 'JGK',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCode.split(',')[1]!, 'base64').toString()).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    // Stored encrypted, not in force yet.
    const [stored] = await t.app.db
      .select()
      .from(staffSecondFactors)
      .where(eq(staffSecondFactors.userId, admin.userId));
    expect(stored!.secretCiphertext).not.toContain(secret);
    expect(stored!.confirmedAt).toBeNull();
    expect(decryptSecret(t.config.secret, admin.userId, stored!.secretCiphertext)).toBe(secret);
    expect((await me(admin.headers)).secondFactor).toBe('setup-required');

    const wrong = await post('/api/staff/second-factor/confirm', admin.headers, { code: wrongCode(secret) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(messageBody('secondFactorWrongCode', { count: SECOND_FACTOR_MAX_FAILURES - 1 }));

    const confirmed = await post('/api/staff/second-factor/confirm', admin.headers, {
      code: totpCode(secret, new Date()),
    });
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = confirmed.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of recoveryCodes) expect(code).toMatch(/^[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}$/);

    // The session token is renewed: the old cookie is signed out, the new one confirmed.
    const headers = renewedHeaders(confirmed, admin.headers);
    expect(headers.cookie).not.toBe(admin.headers.cookie);
    expect((await get('/api/staff/me', admin.headers)).json()).toEqual(messageBody('signInRequired'));
    expect((await me(headers)).secondFactor).toBe('verified');
    expect((await get('/api/staff/audit', headers)).statusCode).toBe(200);

    // Recovery codes only as keyed hashes; the setup is in the audit log.
    const hashes = await t.app.db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, admin.userId));
    expect(hashes).toHaveLength(RECOVERY_CODE_COUNT);
    const stripped = recoveryCodes.map((code) => code.replace('-', ''));
    for (const row of hashes) expect(stripped.some((code) => row.codeHash.includes(code))).toBe(false);
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.entityId, admin.userId));
    expect(audit.map((entry) => [entry.action, entry.actorId])).toEqual([['staff.second-factor.set', admin.userId]]);

    // Set means set: neither a new setup nor a second confirmation (an admin's reset only).
    expect((await post('/api/staff/second-factor/setup', headers)).json()).toEqual(
      messageBody('secondFactorAlreadySet'),
    );
    const again = await post('/api/staff/second-factor/confirm', headers, { code: totpCode(secret, new Date()) });
    expect(again.statusCode).toBe(409);
  });

  it('starting again replaces a secret not yet confirmed: the first one no longer confirms', async () => {
    const editor = await signInAsStaff(t.app, ['editor'], { secondFactor: 'setup-required' });
    const first = (await post('/api/staff/second-factor/setup', editor.headers)).json().secret as string;
    const second = (await post('/api/staff/second-factor/setup', editor.headers)).json().secret as string;
    expect(second).not.toBe(first);
    const stale = await post('/api/staff/second-factor/confirm', editor.headers, { code: totpCode(first, new Date()) });
    // Unless the two secrets happen to show the same code now (one in a million).
    if (totpCode(first, new Date()) !== totpCode(second, new Date()))
      expect(stale.json().code).toBe('secondFactorWrongCode');
    expect(
      (await post('/api/staff/second-factor/confirm', editor.headers, { code: totpCode(second, new Date()) }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses what cannot be right: confirming before setup, a code of the wrong shape', async () => {
    const editor = await signInAsStaff(t.app, ['editor'], { secondFactor: 'setup-required' });
    const early = await post('/api/staff/second-factor/confirm', editor.headers, { code: '123456' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual(messageBody('secondFactorSetupFirst'));
    expect((await post('/api/staff/second-factor/verify', editor.headers, { code: '123456' })).json()).toEqual(
      messageBody('secondFactorSetupFirst'),
    );

    await post('/api/staff/second-factor/setup', editor.headers);
    for (const code of ['12345', '1234567', 'abcdef', 'ABCDE-FGHJK']) {
      const res = await post('/api/staff/second-factor/confirm', editor.headers, { code });
      expect(res.statusCode, code).toBe(400);
      expect(res.json(), code).toEqual(messageBody('secondFactorCodeShape'));
    }
    expect((await post('/api/staff/second-factor/confirm', editor.headers, {})).json().code).toBe('validation');
    expect((await post('/api/staff/second-factor/confirm', editor.headers, { code: 'x'.repeat(41) })).json().code).toBe(
      'validation',
    );
    // Shapes are not counted as wrong codes.
    const [row] = await t.app.db.select().from(staffSecondFactors).where(eq(staffSecondFactors.userId, editor.userId));
    expect(row!.failedAttempts).toBe(0);
  });
});

describe('confirming the second factor in a session', () => {
  it('with the app’s code, once: the same code is refused in the next session, the next step’s code is not', async () => {
    const editor = await signInAsStaff(t.app, ['editor'], { secondFactor: 'required' });
    const secret = editor.totpSecret!;
    const code = totpCode(secret, new Date());
    const verified = await post('/api/staff/second-factor/verify', editor.headers, {
      code: code.replace(/(\d{3})/, '$1 '),
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ userId: editor.userId, secondFactor: 'verified' });
    const headers = renewedHeaders(verified, editor.headers);
    expect(headers.cookie).not.toBe(editor.headers.cookie);
    expect((await me(headers)).secondFactor).toBe('verified');

    const other = await newSession(t.app, editor.userId);
    const replay = await post('/api/staff/second-factor/verify', other, { code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual(messageBody('secondFactorCodeUsed'));
    expect((await me(other)).secondFactor).toBe('required');

    // The next step's code (the phone a little ahead) is accepted once.
    const next = totpCode(secret, new Date(Date.now() + STEP_MS));
    expect(next).not.toBe(code);
    const ok = await post('/api/staff/second-factor/verify', other, { code: next });
    expect(ok.statusCode).toBe(200);
    expect((await me(renewedHeaders(ok, other))).secondFactor).toBe('verified');
  });

  it('refuses codes from outside the drift allowed (two steps away)', async () => {
    const editor = await signInAsStaff(t.app, ['editor'], { secondFactor: 'required' });
    for (const offset of [-2, 2]) {
      const code = totpCode(editor.totpSecret!, new Date(Date.now() + offset * STEP_MS));
      if (totpStep(editor.totpSecret!, code, new Date()) !== null) continue; // the same digits at another step
      expect((await post('/api/staff/second-factor/verify', editor.headers, { code })).json().code).toBe(
        'secondFactorWrongCode',
      );
    }
  });

  it('with a recovery code, typed any way: it is spent, and the log says how many are left', async () => {
    const admin = await signInAsStaff(t.app, ['admin'], { secondFactor: 'setup-required' });
    const { secret } = (await post('/api/staff/second-factor/setup', admin.headers)).json() as { secret: string };
    const confirmed = await post('/api/staff/second-factor/confirm', admin.headers, {
      code: totpCode(secret, new Date()),
    });
    const recoveryCodes = confirmed.json().recoveryCodes as string[];

    const session = await newSession(t.app, admin.userId);
    const typed = ` ${recoveryCodes[3]!.toLowerCase().replace('-', '')} `;
    const res = await post('/api/staff/second-factor/verify', session, { code: typed });
    expect(res.statusCode).toBe(200);
    expect(res.json().secondFactor).toBe('verified');
    // The member is told how many are left, then and on every later look.
    expect(res.json().recoveryCodesLeft).toBe(9);
    expect((await me(renewedHeaders(res, session))).recoveryCodesLeft).toBe(9);

    const later = await newSession(t.app, admin.userId);
    // Not before the second factor is confirmed in the session.
    expect((await me(later)).recoveryCodesLeft).toBeUndefined();
    const spent = await post('/api/staff/second-factor/verify', later, { code: recoveryCodes[3] });
    expect(spent.statusCode).toBe(400);
    expect(spent.json()).toEqual(messageBody('recoveryCodeUsed'));
    expect((await post('/api/staff/second-factor/verify', later, { code: recoveryCodes[4] })).statusCode).toBe(200);

    const used = await t.app.db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, admin.userId));
    expect(used.filter((row) => row.usedAt !== null)).toHaveLength(2);
    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'staff.second-factor.recovery-code-used'));
    expect(entries.filter((entry) => entry.entityId === admin.userId).map((entry) => entry.after)).toEqual([
      { recoveryCodesLeft: 9 },
      { recoveryCodesLeft: 8 },
    ]);
    // Another member's codes are not this member's.
    const other = await signInAsStaff(t.app, ['editor'], { secondFactor: 'required' });
    expect((await post('/api/staff/second-factor/verify', other.headers, { code: recoveryCodes[5] })).json().code).toBe(
      'secondFactorWrongCode',
    );
  });

  it('five wrong codes within fifteen minutes: then 429 with Retry-After, even for the right code, until the window has passed', async () => {
    const editor = await signInAsStaff(t.app, ['editor'], { secondFactor: 'required' });
    const secret = editor.totpSecret!;
    for (let left = SECOND_FACTOR_MAX_FAILURES - 1; left >= 1; left--) {
      const res = await post('/api/staff/second-factor/verify', editor.headers, { code: wrongCode(secret) });
      expect(res.json()).toEqual(messageBody('secondFactorWrongCode', { count: left }));
    }
    const fifth = await post('/api/staff/second-factor/verify', editor.headers, { code: wrongCode(secret) });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({ code: 'secondFactorLocked', params: { count: 15 } });
    expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(fifth.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);

    const right = await post('/api/staff/second-factor/verify', editor.headers, { code: totpCode(secret, new Date()) });
    expect(right.statusCode).toBe(429);
    // Counted per member, not per session.
    expect(
      (await post('/api/staff/second-factor/verify', await newSession(t.app, editor.userId), { code: '000000' }))
        .statusCode,
    ).toBe(429);
    expect((await me(editor.headers)).secondFactor).toBe('required');

    // Fifteen minutes later the window has passed.
    await t.app.db
      .update(staffSecondFactors)
      .set({ failuresSince: new Date(Date.now() - 15 * 60_000 - 1000) })
      .where(eq(staffSecondFactors.userId, editor.userId));
    const after = await post('/api/staff/second-factor/verify', editor.headers, { code: totpCode(secret, new Date()) });
    expect(after.statusCode).toBe(200);
    const [row] = await t.app.db.select().from(staffSecondFactors).where(eq(staffSecondFactors.userId, editor.userId));
    expect(row!.failedAttempts).toBe(0);
  });

  it('a secret that no longer opens (SESSION_SECRET changed) is answered 409: an admin resets it', async () => {
    const editor = await signInAsStaff(t.app, ['editor'], { secondFactor: 'required' });
    await t.app.db
      .update(staffSecondFactors)
      .set({
        secretCiphertext: encryptSecret('another-secret-another-secret-another', editor.userId, editor.totpSecret!),
      })
      .where(eq(staffSecondFactors.userId, editor.userId));
    const res = await post('/api/staff/second-factor/verify', editor.headers, {
      code: totpCode(editor.totpSecret!, new Date()),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(messageBody('secondFactorUnreadable'));
  });

  it('the session keeps its confirmation in the database, nowhere else', async () => {
    const editor = await signInAsStaff(t.app, ['editor'], { secondFactor: 'required' });
    const res = await post('/api/staff/second-factor/verify', editor.headers, {
      code: totpCode(editor.totpSecret!, new Date()),
    });
    const headers = renewedHeaders(res, editor.headers);
    const rows = await t.app.db.select().from(sessions).where(eq(sessions.userId, editor.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.secondFactorAt).not.toBeNull();
    await t.app.db.update(sessions).set({ secondFactorAt: null }).where(eq(sessions.userId, editor.userId));
    expect((await me(headers)).secondFactor).toBe('required');
  });
});

describe('the stored secrets', () => {
  it('open only with the server secret and for the member they belong to', () => {
    const stored = encryptSecret('server-secret-server-secret-server-secret', 'member-a', 'JBSWY3DPEHPK3PXP');
    expect(decryptSecret('server-secret-server-secret-server-secret', 'member-a', stored)).toBe('JBSWY3DPEHPK3PXP');
    expect(decryptSecret('server-secret-server-secret-server-secret', 'member-b', stored)).toBeNull();
    expect(decryptSecret('another-secret-another-secret-another', 'member-a', stored)).toBeNull();
    const [version, iv, ciphertext, tag] = stored.split('.') as [string, string, string, string];
    const flipped = Buffer.from(tag, 'base64url');
    flipped.writeUInt8(flipped.readUInt8(0) ^ 1, 0);
    expect(
      decryptSecret(
        'server-secret-server-secret-server-secret',
        'member-a',
        [version, iv, ciphertext, flipped.toString('base64url')].join('.'),
      ),
    ).toBeNull();
    const altered = Buffer.from(ciphertext, 'base64url');
    altered.writeUInt8(altered.readUInt8(0) ^ 1, 0);
    expect(
      decryptSecret(
        'server-secret-server-secret-server-secret',
        'member-a',
        [version, iv, altered.toString('base64url'), tag].join('.'),
      ),
    ).toBeNull();
    expect(decryptSecret('server-secret-server-secret-server-secret', 'member-a', 'v2.a.b.c')).toBeNull();
    // A new nonce each time: the same secret never encrypts the same way twice.
    expect(encryptSecret('server-secret-server-secret-server-secret', 'member-a', 'JBSWY3DPEHPK3PXP')).not.toBe(stored);
  });
});

describe('new recovery codes (POST /api/staff/second-factor/recovery-codes)', () => {
  const URL = '/api/staff/second-factor/recovery-codes';

  it('replace every earlier code, spent or not, for a current app code, and are written to the audit log', async () => {
    const editor = await signInAsStaff(t.app, ['editor'], { secondFactor: 'setup-required' });
    const setup = (await post('/api/staff/second-factor/setup', editor.headers)).json() as { secret: string };
    const confirmed = await post('/api/staff/second-factor/confirm', editor.headers, {
      code: totpCode(setup.secret, new Date()),
    });
    const first = (confirmed.json() as { recoveryCodes: string[] }).recoveryCodes;
    const headers = renewedHeaders(confirmed, editor.headers);
    // One of the first codes is spent in another sign-in.
    const other = await newSession(t.app, editor.userId);
    expect((await post('/api/staff/second-factor/verify', other, { code: first[0] })).statusCode).toBe(200);

    // The code that confirmed the app cannot be used again: the next step's code can.
    const replayed = await post(URL, headers, { code: totpCode(setup.secret, new Date()) });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toEqual(messageBody('secondFactorCodeUsed'));
    const renewed = await post(URL, headers, { code: totpCode(setup.secret, new Date(Date.now() + STEP_MS)) });
    expect(renewed.statusCode).toBe(200);
    const fresh = (renewed.json() as { recoveryCodes: string[] }).recoveryCodes;
    expect(fresh).toHaveLength(RECOVERY_CODE_COUNT);
    expect(fresh.filter((code) => first.includes(code))).toEqual([]);
    expect(renewed.headers['cache-control']).toMatch(/no-store/);

    // The old codes, unspent ones included, no longer open a session; a new one does, once.
    for (const old of [first[1], first[0]]) {
      const res = await post('/api/staff/second-factor/verify', await newSession(t.app, editor.userId), { code: old });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'secondFactorWrongCode' });
    }
    expect(
      (await post('/api/staff/second-factor/verify', await newSession(t.app, editor.userId), { code: fresh[3] }))
        .statusCode,
    ).toBe(200);
    expect(
      await t.app.db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, editor.userId)),
    ).toHaveLength(RECOVERY_CODE_COUNT);

    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'staff.second-factor.recovery-codes-renewed'));
    expect(entry).toMatchObject({
      actorId: editor.userId,
      entityId: editor.userId,
      before: { recoveryCodesLeft: RECOVERY_CODE_COUNT - 1 },
      after: { recoveryCodesLeft: RECOVERY_CODE_COUNT },
    });
    expect(JSON.stringify(entry)).not.toContain(fresh[0]);
  });

  it('refuse a recovery code, a wrong code (counted with the others), an unconfirmed session and roles without an app', async () => {
    const admin = await signInAsStaff(t.app, ['admin']);
    const recovery = await post(URL, admin.headers, { code: 'abcd-efgh-ijkl' });
    expect(recovery.statusCode).toBe(400);
    expect(recovery.json()).toEqual(messageBody('secondFactorCodeShape'));
    const wrong = await post(URL, admin.headers, { code: wrongCode(admin.totpSecret!) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(messageBody('secondFactorWrongCode', { count: SECOND_FACTOR_MAX_FAILURES - 1 }));

    const unconfirmed = await signInAsStaff(t.app, ['admin'], { secondFactor: 'required' });
    const early = await post(URL, unconfirmed.headers, { code: totpCode(unconfirmed.totpSecret!, new Date()) });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual(messageBody('secondFactorRequired'));

    const translator = await signInAsStaff(t.app, ['translator'], {
      languages: ['hi'],
      secondFactor: 'setup-required',
    });
    expect((await post(URL, translator.headers, { code: '123456' })).statusCode).toBe(403);
    expect((await post(URL, { cookie: 'sid=nobody' }, { code: '123456' })).statusCode).toBe(401);
    expect(await t.app.db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, admin.userId))).toEqual(
      [],
    );
  });
});
