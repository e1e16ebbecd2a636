// Who counts as staff: a role in staff_members on an active account, read on every staff request.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messageBody } from '../../../contract/messages';
import { staffMembers } from '../../db/schema/staff';
import { users } from '../../db/schema/users';
import { testAppPerFile } from '../../test/test-app';
import { signInAs, signInAsStaff } from '../../test/sign-in';
import { mayEditLanguage } from './service';

const t = testAppPerFile();
const me = (headers?: { cookie: string }) => t.app.inject({ method: 'GET', url: '/api/staff/me', headers });

describe('GET /api/staff/me', () => {
  it('answers a staff member with their roles and languages', async () => {
    const translator = await signInAsStaff(t.app, ['translator'], { languages: ['hi', 'tm'], name: 'Meena' });
    const res = await me(translator.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      userId: translator.userId,
      name: 'Meena',
      roles: ['translator'],
      languages: ['hi', 'tm'],
      secondFactor: 'verified',
      recoveryCodesLeft: expect.any(Number),
    });
  });

  it('refuses anonymous callers (401) and learners (403, staff only)', async () => {
    expect((await me()).json()).toEqual(messageBody('signInRequired'));
    const learner = await signInAs(t.app);
    const res = await me(learner.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(messageBody('staffOnly'));
  });

  it('a role taken away, a staff record deactivated or an account deactivated counts from the next request', async () => {
    const editor = await signInAsStaff(t.app, ['editor']);
    expect((await me(editor.headers)).statusCode).toBe(200);

    await t.app.db.update(staffMembers).set({ active: false }).where(eq(staffMembers.userId, editor.userId));
    expect((await me(editor.headers)).json()).toEqual(messageBody('staffOnly'));

    await t.app.db.update(staffMembers).set({ active: true }).where(eq(staffMembers.userId, editor.userId));
    expect((await me(editor.headers)).statusCode).toBe(200);
    await t.app.db.update(users).set({ active: false }).where(eq(users.id, editor.userId));
    expect((await me(editor.headers)).json()).toEqual(messageBody('inactive'));

    await t.app.db.update(users).set({ active: true }).where(eq(users.id, editor.userId));
    await t.app.db.delete(staffMembers).where(eq(staffMembers.userId, editor.userId));
    expect((await me(editor.headers)).json()).toEqual(messageBody('staffOnly'));
  });

  it('the database refuses unknown roles, an empty role list and unknown languages', async () => {
    const learner = await signInAs(t.app);
    for (const values of [
      { roles: ['owner'], languages: [] },
      { roles: [], languages: [] },
      { roles: ['translator'], languages: ['xx'] },
    ]) {
      await expect(t.app.db.insert(staffMembers).values({ userId: learner.userId, ...values })).rejects.toThrow();
    }
  });

  it('a staff member is still a learner: session-status answers role user', async () => {
    const admin = await signInAsStaff(t.app, ['admin']);
    const res = await t.app.inject({ method: 'GET', url: '/api/user/session-status', headers: admin.headers });
    expect(res.json()).toMatchObject({ user: { role: 'user' } });
  });
});

describe('which languages a staff member may edit', () => {
  const member = (roles: ('admin' | 'editor' | 'translator' | 'analyst')[], languages: ('hi' | 'tm')[] = []) => ({
    userId: 'x',
    name: 'x',
    roles,
    languages,
  });
  it('admins and editors every language; a translator theirs; an analyst none', () => {
    expect(mayEditLanguage(member(['editor']), 'tm')).toBe(true);
    expect(mayEditLanguage(member(['admin']), 'en')).toBe(true);
    expect(mayEditLanguage(member(['translator'], ['hi']), 'hi')).toBe(true);
    expect(mayEditLanguage(member(['translator'], ['hi']), 'tm')).toBe(false);
    expect(mayEditLanguage(member(['translator'], ['hi']), 'en')).toBe(false);
    expect(mayEditLanguage(member(['analyst']), 'hi')).toBe(false);
  });
});
