// The audit log: written in the transaction of the change, append-only, read and filtered by admins.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messageBody } from '../../../contract/messages';
import { auditLog } from '../../db/schema/audit';
import { testAppPerFile } from '../../test/test-app';
import { signInAs, signInAsStaff } from '../../test/sign-in';
import { blogBody, staffApi } from '../authoring/authoring-test-helpers';
import { recordAudit } from './service';

const t = testAppPerFile();
const actor = { id: null, name: 'staff:grant', address: null };
// Drizzle wraps the database's error; the trigger's message is its cause.
const APPEND_ONLY = { cause: expect.objectContaining({ message: expect.stringMatching(/audit_log is append-only/) }) };

describe('the audit log', () => {
  it('keeps an entry only when the transaction that wrote it commits', async () => {
    await recordAudit(t.app.db, actor, {
      action: 'content.save',
      entityKind: 'test',
      entityId: 'kept',
      before: null,
      after: { x: 1 },
    });
    await expect(
      t.app.db.transaction(async (tx) => {
        await recordAudit(tx, actor, { action: 'content.save', entityKind: 'test', entityId: 'rolled-back' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const ids = (await t.app.db.select({ id: auditLog.entityId }).from(auditLog)).map((row) => row.id);
    expect(ids).toContain('kept');
    expect(ids).not.toContain('rolled-back');
  });

  it('refuses UPDATE, DELETE and TRUNCATE, whoever asks', async () => {
    await recordAudit(t.app.db, actor, { action: 'content.save', entityKind: 'test', entityId: 'permanent' });
    await expect(t.app.db.execute(sql`update audit_log set action = 'changed'`)).rejects.toMatchObject(APPEND_ONLY);
    await expect(t.app.db.execute(sql`delete from audit_log`)).rejects.toMatchObject(APPEND_ONLY);
    await expect(t.app.db.execute(sql`truncate audit_log`)).rejects.toMatchObject(APPEND_ONLY);
    const rows = await t.app.db.select().from(auditLog);
    expect(rows.some((row) => row.entityId === 'permanent')).toBe(true);
  });

  it('admins list it newest first, filtered and paged; other staff and learners may not', async () => {
    const admin = await signInAsStaff(t.app, ['admin']);
    const someone = { id: admin.userId, name: 'Asha', address: '10.0.0.7' };
    for (let i = 0; i < 5; i++) {
      await recordAudit(t.app.db, someone, {
        action: 'content.save',
        entityKind: 'blog',
        entityId: `post-${i}`,
        lang: 'hi',
        before: { v: i },
        after: { v: i + 1 },
      });
    }
    const list = (query: string, headers = admin.headers) =>
      t.app.inject({ method: 'GET', url: `/api/staff/audit?${query}`, headers });

    const first = await list(`actor=${admin.userId}&limit=2`);
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.rows.map((row: { entityId: string }) => row.entityId)).toEqual(['post-4', 'post-3']);
    expect(page1.rows[0]).toMatchObject({
      actor: { id: admin.userId, name: 'Asha' },
      address: '10.0.0.7',
      action: 'content.save',
      lang: 'hi',
      before: { v: 4 },
      after: { v: 5 },
    });
    const page2 = (await list(`actor=${admin.userId}&limit=2&before=${page1.nextBefore}`)).json();
    expect(page2.rows.map((row: { entityId: string }) => row.entityId)).toEqual(['post-2', 'post-1']);
    const last = (await list(`actor=${admin.userId}&limit=2&before=${page2.nextBefore}`)).json();
    expect(last).toMatchObject({ rows: [{ entityId: 'post-0' }], nextBefore: null });

    expect((await list('entityKind=blog&entityId=post-3')).json().rows).toHaveLength(1);
    expect((await list('action=content.save&entityKind=blog')).json().rows).toHaveLength(5);
    expect((await list('action=content.publish&entityKind=blog')).json().rows).toEqual([]);
    // The actions are a known list (contract/audit-actions.ts), offered by the console to pick from.
    expect((await list('action=nothing.like.this')).json()).toMatchObject({ code: 'validation' });
    expect((await list(`from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).json().rows).toEqual(
      [],
    );
    expect((await list('limit=0')).statusCode).toBe(400);
    expect((await list('from=yesterday')).statusCode).toBe(400);
    // Ids are read as JavaScript numbers: a larger one is refused before it reaches the database.
    expect((await list('before=99999999999999999999999')).json()).toMatchObject({ code: 'validation' });
    expect((await list(`before=${Number.MAX_SAFE_INTEGER}`)).statusCode).toBe(200);

    const editor = await signInAsStaff(t.app, ['editor', 'translator'], { languages: ['hi'] });
    expect((await list('', editor.headers)).json()).toEqual(messageBody('roleNotAllowed'));
    expect((await list('', (await signInAs(t.app)).headers)).json()).toEqual(messageBody('staffOnly'));
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/audit' })).statusCode).toBe(401);
  });

  it('names what each entry changed: an item by its title, a file by its name, and nothing for what is gone', async () => {
    const admin = await signInAsStaff(t.app, ['admin']);
    const editor = await signInAsStaff(t.app, ['editor']);
    const api = staffApi(t.app);
    const { item } = await api.create(editor.headers, 'blog', 'named-in-the-log', {
      ...blogBody(),
      title: 'Spot a fake call',
    });
    await recordAudit(t.app.db, actor, { action: 'media.delete', entityKind: 'media', entityId: randomUUID() });
    await recordAudit(t.app.db, actor, { action: 'content.save', entityKind: 'blog', entityId: 'not-an-id' });
    const rows = (await t.app.inject({ method: 'GET', url: '/api/staff/audit?limit=3', headers: admin.headers })).json()
      .rows as { action: string; entityId: string; title: string | null }[];
    expect(rows.map(({ action, entityId, title }) => ({ action, entityId, title }))).toEqual([
      { action: 'content.save', entityId: 'not-an-id', title: null },
      { action: 'media.delete', entityId: expect.any(String), title: null },
      { action: 'content.save', entityId: item.id, title: 'Spot a fake call' },
    ]);
  });

  it('has no route that edits or deletes an entry', async () => {
    const admin = await signInAsStaff(t.app, ['admin']);
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: '/api/staff/audit',
        headers: { ...admin.headers, 'content-type': 'application/json' },
        payload: '{}',
      });
      expect([404, 405], method).toContain(res.statusCode);
    }
  });
});
