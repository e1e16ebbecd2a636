// The staff side of a session: its shorter idle and absolute lifetimes, and its end when an admin
// takes a role away, deactivates the person or resets their second factor. The learner side of the
// same session goes on.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messageBody } from '../../../contract/messages';
import { sessions } from '../../db/schema/auth';
import { testAppPerFile } from '../../test/test-app';
import { newSession, signInAsStaff, type SignedIn } from '../../test/sign-in';

const IDLE_MINUTES = 20;
const ABSOLUTE_HOURS = 6;
const t = testAppPerFile({
  STAFF_SESSION_IDLE_MINUTES: String(IDLE_MINUTES),
  STAFF_SESSION_ABSOLUTE_HOURS: String(ABSOLUTE_HOURS),
});

const ENDED = messageBody('staffSessionEnded');
const MINUTE = 60_000;
const get = (url: string, headers: { cookie: string }) => t.app.inject({ method: 'GET', url, headers });
const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, headers: { cookie: string }, body?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
const sessionRows = (userId: string) => t.app.db.select().from(sessions).where(eq(sessions.userId, userId));
const age = (userId: string, values: { createdAt?: Date; staffSeenAt?: Date | null }) =>
  t.app.db.update(sessions).set(values).where(eq(sessions.userId, userId));

/** The staff side answers 401 staffSessionEnded; the learner side of the session still answers. */
async function expectStaffEnded(who: SignedIn | { cookie: string }) {
  const headers = 'headers' in who ? who.headers : who;
  const res = await get('/api/staff/me', headers);
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual(ENDED);
  expect((await get('/api/user/me', headers)).statusCode).toBe(200);
}

describe('staff lifetimes (STAFF_SESSION_IDLE_MINUTES, STAFF_SESSION_ABSOLUTE_HOURS)', () => {
  it('a staff request notes the time, at most once a minute', async () => {
    const editor = await signInAsStaff(t.app, ['editor']);
    expect((await sessionRows(editor.userId))[0]!.staffSeenAt).toBeNull();
    await get('/api/staff/me', editor.headers);
    const first = (await sessionRows(editor.userId))[0]!.staffSeenAt!;
    expect(Date.now() - first.getTime()).toBeLessThan(MINUTE);
    await get('/api/staff/me', editor.headers);
    expect((await sessionRows(editor.userId))[0]!.staffSeenAt).toEqual(first);
    // Learner calls do not count as staff activity.
    await age(editor.userId, { staffSeenAt: new Date(Date.now() - 5 * MINUTE) });
    await get('/api/user/me', editor.headers);
    expect(Date.now() - (await sessionRows(editor.userId))[0]!.staffSeenAt!.getTime()).toBeGreaterThan(4 * MINUTE);
  });

  it('idle longer than the staff idle lifetime: the staff side ends, the learner side goes on', async () => {
    const editor = await signInAsStaff(t.app, ['editor']);
    await age(editor.userId, { staffSeenAt: new Date(Date.now() - (IDLE_MINUTES - 1) * MINUTE) });
    expect((await get('/api/staff/me', editor.headers)).statusCode).toBe(200);
    await age(editor.userId, { staffSeenAt: new Date(Date.now() - (IDLE_MINUTES + 1) * MINUTE) });
    await expectStaffEnded(editor);
    // Every staff route, not only /me.
    const admin = await signInAsStaff(t.app, ['admin']);
    await age(admin.userId, { staffSeenAt: new Date(Date.now() - (IDLE_MINUTES + 1) * MINUTE) });
    expect((await get('/api/staff/audit', admin.headers)).json()).toEqual(ENDED);
  });

  it('before the first staff request, idleness counts from sign-in', async () => {
    const translator = await signInAsStaff(t.app, ['translator'], { languages: ['hi'] });
    await age(translator.userId, { createdAt: new Date(Date.now() - (IDLE_MINUTES + 1) * MINUTE) });
    await expectStaffEnded(translator);
  });

  it('past the staff absolute lifetime since sign-in, however active', async () => {
    const admin = await signInAsStaff(t.app, ['admin']);
    await age(admin.userId, {
      createdAt: new Date(Date.now() - ABSOLUTE_HOURS * 60 * MINUTE + MINUTE),
      staffSeenAt: new Date(),
    });
    expect((await get('/api/staff/me', admin.headers)).statusCode).toBe(200);
    await age(admin.userId, {
      createdAt: new Date(Date.now() - ABSOLUTE_HOURS * 60 * MINUTE - MINUTE),
      staffSeenAt: new Date(),
    });
    await expectStaffEnded(admin);
    // A new sign-in starts a new staff session.
    const fresh = await newSession(t.app, admin.userId);
    expect((await get('/api/staff/me', fresh)).json().secondFactor).toBe('required');
  });
});

describe('an admin’s change ends the person’s staff sessions at once', () => {
  it('taking a role away: every session of theirs, and giving it back does not revive them', async () => {
    const admin = await signInAsStaff(t.app, ['admin']);
    const editor = await signInAsStaff(t.app, ['editor', 'translator'], { languages: ['hi'] });
    const tablet = await newSession(t.app, editor.userId);
    expect((await get('/api/staff/me', tablet)).statusCode).toBe(200);

    const url = `/api/staff/members/${editor.userId}`;
    expect((await send('PATCH', url, admin.headers, { roles: ['translator'] })).statusCode).toBe(200);
    await expectStaffEnded(editor);
    await expectStaffEnded(tablet);
    expect((await send('PATCH', url, admin.headers, { roles: ['editor', 'translator'] })).statusCode).toBe(200);
    await expectStaffEnded(editor);
    const rows = await sessionRows(editor.userId);
    expect(rows.every((row) => row.staffEndedAt !== null && row.secondFactorAt === null)).toBe(true);

    // Signing in again gives a staff session with the roles as they are now.
    const again = await newSession(t.app, editor.userId);
    expect((await get('/api/staff/me', again)).json()).toMatchObject({
      roles: ['editor', 'translator'],
      secondFactor: 'required',
    });
  });

  it('adding a role or a language does not end them', async () => {
    const admin = await signInAsStaff(t.app, ['admin']);
    const translator = await signInAsStaff(t.app, ['translator'], { languages: ['hi'] });
    await send('PATCH', `/api/staff/members/${translator.userId}`, admin.headers, {
      roles: ['translator', 'analyst'],
      languages: ['hi', 'tm'],
    });
    expect((await get('/api/staff/me', translator.headers)).json()).toMatchObject({
      roles: ['analyst', 'translator'],
      languages: ['hi', 'tm'],
    });
  });

  it('deactivating: staffOnly at once; reactivating does not revive the old sessions', async () => {
    const admin = await signInAsStaff(t.app, ['admin']);
    const analyst = await signInAsStaff(t.app, ['analyst']);
    expect((await send('POST', `/api/staff/members/${analyst.userId}/deactivate`, admin.headers)).statusCode).toBe(200);
    const res = await get('/api/staff/me', analyst.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(messageBody('staffOnly'));
    expect((await get('/api/user/me', analyst.headers)).statusCode).toBe(200);
    expect((await send('POST', `/api/staff/members/${analyst.userId}/reactivate`, admin.headers)).statusCode).toBe(200);
    await expectStaffEnded(analyst);
    expect((await get('/api/staff/me', await newSession(t.app, analyst.userId))).statusCode).toBe(200);
  });

  it('resetting the second factor: the person signs in again and sets up a new app', async () => {
    const admin = await signInAsStaff(t.app, ['admin']);
    const editor = await signInAsStaff(t.app, ['editor']);
    expect((await send('DELETE', `/api/staff/members/${editor.userId}/second-factor`, admin.headers)).statusCode).toBe(
      200,
    );
    await expectStaffEnded(editor);
    expect((await get('/api/staff/me', await newSession(t.app, editor.userId))).json().secondFactor).toBe(
      'setup-required',
    );
  });
});
