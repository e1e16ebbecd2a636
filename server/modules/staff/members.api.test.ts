// Staff accounts through the admins' routes: listing, adding by mobile number, changing roles and
// languages, deactivating, resetting a second factor; each audited with before and after; the
// last active admin stays.
import { randomInt } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messageBody } from '../../../contract/messages';
import { auditLog } from '../../db/schema/audit';
import { staffMembers } from '../../db/schema/staff';
import { users } from '../../db/schema/users';
import { testAppPerFile } from '../../test/test-app';
import { signInAs, signInAsStaff, type SignedIn } from '../../test/sign-in';
import { changeMember } from './members';

type Headers = { cookie: string };
const newMobile = () => `91${randomInt(6_000_000_000, 9_999_999_999)}`;

function client(t: { app: import('fastify').FastifyInstance }) {
  return (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers, body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
}

describe('staff accounts', () => {
  const t = testAppPerFile();
  const call = client(t);
  const lastEntry = async (entityId: string) =>
    (
      await t.app.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(desc(auditLog.id)).limit(1)
    )[0];
  const entries = (entityId: string) => t.app.db.select().from(auditLog).where(eq(auditLog.entityId, entityId));

  it('an admin adds a learner by mobile number; the learner stays a learner', async () => {
    const admin = await signInAsStaff(t.app, ['admin'], { name: 'Asha' });
    const learner = await signInAs(t.app, { name: 'Ravi' });
    const res = await call('POST', '/api/staff/members', admin.headers, {
      mobile: `+${learner.mobile.slice(0, 2)} ${learner.mobile.slice(2)}`,
      roles: ['editor'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      userId: learner.userId,
      name: 'Ravi',
      mobile: learner.mobile,
      roles: ['editor'],
      languages: [],
      active: true,
      secondFactor: 'none',
    });
    const entry = await lastEntry(learner.userId);
    expect(entry).toMatchObject({
      actorId: admin.userId,
      actorName: 'Asha',
      address: '127.0.0.1',
      action: 'staff.add',
      entityKind: 'staff-member',
      before: null,
      after: { roles: ['editor'], languages: [], active: true, accountCreated: false },
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user/session-status', headers: learner.headers })).json(),
    ).toMatchObject({
      user: { role: 'user' },
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/staff/me', headers: learner.headers })).json().secondFactor,
    ).toBe('setup-required');
  });

  it('a number without an account needs a name, and then gets an account', async () => {
    const admin = await signInAsStaff(t.app, ['admin']);
    const mobile = newMobile();
    const nameless = await call('POST', '/api/staff/members', admin.headers, {
      mobile,
      roles: ['translator'],
      languages: ['hi'],
    });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json()).toEqual(messageBody('staffNameNeeded'));
    expect(await t.app.db.select().from(users).where(eq(users.mobile, mobile))).toEqual([]);

    const res = await call('POST', '/api/staff/members', admin.headers, {
      mobile,
      name: '  Meena   Iyer ',
      roles: ['translator'],
      languages: ['tm', 'hi'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Meena Iyer', mobile, roles: ['translator'], languages: ['hi', 'tm'] });
    expect((await lastEntry(res.json().userId))!.after).toEqual({
      roles: ['translator'],
      languages: ['hi', 'tm'],
      active: true,
      accountCreated: true,
    });
  });

  it('refuses bad input with the reason, writing nothing', async () => {
    const admin = await signInAsStaff(t.app, ['admin']);
    const learner = await signInAs(t.app);
    const cases: [unknown, string][] = [
      [{ mobile: '98765', name: 'X', roles: ['editor'] }, 'invalidMobile'],
      [{ mobile: learner.mobile, roles: ['translator'] }, 'translatorLanguagesNeeded'],
      [{ mobile: learner.mobile, roles: ['translator'], languages: [] }, 'translatorLanguagesNeeded'],
      [{ mobile: learner.mobile, roles: ['editor'], languages: ['hi'] }, 'languagesForTranslatorsOnly'],
      [{ mobile: learner.mobile, roles: [] }, 'validation'],
      [{ mobile: learner.mobile, roles: ['owner'] }, 'validation'],
      [{ mobile: learner.mobile, roles: ['editor', 'editor'] }, 'validation'],
      [{ mobile: learner.mobile, roles: ['translator'], languages: ['ta'] }, 'validation'],
      [{ mobile: learner.mobile }, 'validation'],
      [{ mobile: newMobile(), name: '   ', roles: ['editor'] }, 'staffNameNeeded'],
      [{ mobile: newMobile(), name: 'x'.repeat(101), roles: ['editor'] }, 'nameTooLong'],
    ];
    for (const [body, code] of cases) {
      const res = await call('POST', '/api/staff/members', admin.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code, JSON.stringify(body)).toBe(code);
    }
    expect(await t.app.db.select().from(staffMembers).where(eq(staffMembers.userId, learner.userId))).toEqual([]);
    expect(await entries(learner.userId)).toEqual([]);
  });

  it('someone already on the staff is changed, not added twice', async () => {
    const admin = await signInAsStaff(t.app, ['admin']);
    const analyst = await signInAsStaff(t.app, ['analyst']);
    const res = await call('POST', '/api/staff/members', admin.headers, { mobile: analyst.mobile, roles: ['editor'] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(messageBody('staffMemberExists'));
  });

  it('lists every member, active or not, with the state of their authenticator app', async () => {
    const admin = await signInAsStaff(t.app, ['admin']);
    const pending = await signInAsStaff(t.app, ['editor'], { secondFactor: 'setup-required' });
    await t.app.inject({ method: 'POST', url: '/api/staff/second-factor/setup', headers: pending.headers });
    const inactive = await signInAsStaff(t.app, ['analyst'], { secondFactor: 'setup-required' });
    await call('POST', `/api/staff/members/${inactive.userId}/deactivate`, admin.headers);
    const res = await call('GET', '/api/staff/members', admin.headers);
    expect(res.statusCode).toBe(200);
    const rows = res.json().rows as { userId: string; secondFactor: string; active: boolean }[];
    const byId = new Map(rows.map((row) => [row.userId, row]));
    expect(byId.get(admin.userId)).toMatchObject({ secondFactor: 'set', active: true });
    expect(byId.get(pending.userId)).toMatchObject({ secondFactor: 'pending', active: true });
    expect(byId.get(inactive.userId)).toMatchObject({ secondFactor: 'none', active: false });
    // No secret of the app or the codes reaches the list.
    expect(JSON.stringify(rows)).not.toMatch(/ciphertext|codeHash|secret/i);
  });

  it('changes roles and languages: a translator keeps their languages unless given, and loses them with the role', async () => {
    const admin = await signInAsStaff(t.app, ['admin']);
    const person = await signInAsStaff(t.app, ['translator'], { languages: ['hi'] });
    const url = `/api/staff/members/${person.userId}`;

    const both = await call('PATCH', url, admin.headers, { roles: ['translator', 'analyst'] });
    expect(both.json()).toMatchObject({ roles: ['analyst', 'translator'], languages: ['hi'] });
    expect(await lastEntry(person.userId)).toMatchObject({
      action: 'staff.change',
      before: { roles: ['translator'], languages: ['hi'], active: true },
      after: { roles: ['analyst', 'translator'], languages: ['hi'], active: true },
    });
    expect((await call('PATCH', url, admin.headers, { languages: ['bn', 'od'] })).json()).toMatchObject({
      languages: ['bn', 'od'],
    });
    expect((await call('PATCH', url, admin.headers, { roles: ['analyst'] })).json()).toMatchObject({
      roles: ['analyst'],
      languages: [],
    });

    const count = (await entries(person.userId)).length;
    expect((await call('PATCH', url, admin.headers, { roles: ['analyst'] })).statusCode).toBe(200);
    expect(await entries(person.userId)).toHaveLength(count);

    const refusals: [unknown, number, string][] = [
      [{ languages: ['hi'] }, 400, 'languagesForTranslatorsOnly'],
      [{ roles: ['translator'] }, 400, 'translatorLanguagesNeeded'],
      [{}, 400, 'validation'],
      [{ roles: [] }, 400, 'validation'],
    ];
    for (const [body, status, code] of refusals) {
      const res = await call('PATCH', url, admin.headers, body);
      expect([res.statusCode, res.json().code], JSON.stringify(body)).toEqual([status, code]);
    }
    const unknown = await call('PATCH', '/api/staff/members/00000000-0000-4000-8000-000000000000', admin.headers, {
      roles: ['editor'],
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(messageBody('staffMemberNotFound'));
    expect((await call('PATCH', '/api/staff/members/not-an-id', admin.headers, { roles: ['editor'] })).statusCode).toBe(
      400,
    );
  });

  it('deactivates and reactivates, keeping the roles; a repeat changes nothing', async () => {
    const admin = await signInAsStaff(t.app, ['admin']);
    const editor = await signInAsStaff(t.app, ['editor']);
    const off = await call('POST', `/api/staff/members/${editor.userId}/deactivate`, admin.headers);
    expect(off.json()).toMatchObject({ active: false, roles: ['editor'] });
    expect(await lastEntry(editor.userId)).toMatchObject({
      action: 'staff.deactivate',
      before: { active: true },
      after: { active: false },
    });
    await call('POST', `/api/staff/members/${editor.userId}/deactivate`, admin.headers);
    const on = await call('POST', `/api/staff/members/${editor.userId}/reactivate`, admin.headers);
    expect(on.json()).toMatchObject({ active: true, roles: ['editor'] });
    expect((await entries(editor.userId)).map((entry) => entry.action)).toEqual([
      'staff.deactivate',
      'staff.reactivate',
    ]);
    expect(
      (await call('POST', '/api/staff/members/00000000-0000-4000-8000-000000000000/reactivate', admin.headers))
        .statusCode,
    ).toBe(404);
  });

  it('resets an authenticator app, audited; there must be one', async () => {
    const admin = await signInAsStaff(t.app, ['admin']);
    const editor = await signInAsStaff(t.app, ['editor']);
    const res = await call('DELETE', `/api/staff/members/${editor.userId}/second-factor`, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ secondFactor: 'none' });
    expect(await lastEntry(editor.userId)).toMatchObject({
      action: 'staff.second-factor.reset',
      actorId: admin.userId,
      before: { secondFactor: 'set' },
      after: { secondFactor: 'none' },
    });
    const again = await call('DELETE', `/api/staff/members/${editor.userId}/second-factor`, admin.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(messageBody('secondFactorNotSet'));
  });

  it('is for admins only', async () => {
    const editor = await signInAsStaff(t.app, ['editor', 'translator', 'analyst'], { languages: ['hi'] });
    for (const [method, url] of [
      ['GET', '/api/staff/members'],
      ['POST', '/api/staff/members'],
      ['PATCH', `/api/staff/members/${editor.userId}`],
      ['POST', `/api/staff/members/${editor.userId}/deactivate`],
      ['DELETE', `/api/staff/members/${editor.userId}/second-factor`],
    ] as const) {
      const res = await call(
        method,
        url,
        editor.headers,
        method === 'GET' || method === 'DELETE' ? undefined : { roles: ['admin'] },
      );
      expect(res.json(), `${method} ${url}`).toEqual(messageBody('roleNotAllowed'));
    }
  });
});

describe('the last active admin', () => {
  const t = testAppPerFile();
  const call = client(t);
  const demote = (by: SignedIn, who: SignedIn) =>
    call('PATCH', `/api/staff/members/${who.userId}`, by.headers, { roles: ['editor'] });

  it('can be neither demoted nor deactivated, also not by themselves; a second admin can be', async () => {
    const only = await signInAsStaff(t.app, ['admin', 'editor']);
    for (const res of [
      await demote(only, only),
      await call('POST', `/api/staff/members/${only.userId}/deactivate`, only.headers),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(messageBody('lastAdmin'));
    }
    // An admin whose staff record or account is inactive does not count.
    const inactive = await signInAsStaff(t.app, ['admin']);
    await t.app.db.update(users).set({ active: false }).where(eq(users.id, inactive.userId));
    expect((await demote(only, only)).statusCode).toBe(409);

    const second = await signInAsStaff(t.app, ['admin']);
    expect((await demote(only, second)).statusCode).toBe(200);
    const third = await signInAsStaff(t.app, ['admin']);
    expect((await call('POST', `/api/staff/members/${only.userId}/deactivate`, third.headers)).statusCode).toBe(200);
    expect((await call('POST', `/api/staff/members/${third.userId}/deactivate`, third.headers)).json()).toEqual(
      messageBody('lastAdmin'),
    );
    // Other changes of the last admin are fine.
    expect(
      (await call('PATCH', `/api/staff/members/${third.userId}`, third.headers, { roles: ['admin', 'analyst'] }))
        .statusCode,
    ).toBe(200);
  });

  it('two admins demoting each other at the same moment: one wins, the other is refused', async () => {
    const deactivateAll = async () => {
      const active = await t.app.db
        .select({ userId: staffMembers.userId })
        .from(staffMembers)
        .where(eq(staffMembers.active, true));
      for (const { userId } of active)
        await t.app.db.update(staffMembers).set({ active: false }).where(eq(staffMembers.userId, userId));
    };
    await deactivateAll();
    const a = await signInAsStaff(t.app, ['admin']);
    const b = await signInAsStaff(t.app, ['admin']);
    // Through HTTP the loser is refused either by the rule (409) or, when the winner committed
    // before its request was checked, because its staff session ended with its role (401).
    const [first, second] = (await Promise.all([demote(a, b), demote(b, a)])).map((res) => res.statusCode).sort();
    expect(first).toBe(200);
    expect([401, 409]).toContain(second);
    const admins = async () =>
      (await t.app.db.select().from(staffMembers).where(eq(staffMembers.active, true))).filter((row) =>
        row.roles.includes('admin'),
      );
    expect(await admins()).toHaveLength(1);

    // The transactions themselves, both started before either commits.
    await deactivateAll();
    const c = await signInAsStaff(t.app, ['admin']);
    const d = await signInAsStaff(t.app, ['admin']);
    const actor = (who: SignedIn) => ({ id: who.userId, name: 'admin', address: null });
    const outcomes = await Promise.allSettled([
      changeMember(t.app.db, actor(c), d.userId, { roles: ['editor'] }),
      changeMember(t.app.db, actor(d), c.userId, { roles: ['editor'] }),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ statusCode: 409, code: 'lastAdmin' });
    expect(await admins()).toHaveLength(1);
  });
});
