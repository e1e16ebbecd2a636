// A version per editing session (ADR 36): the saves an editor makes by itself while one person writes
// update the version that session made, so the history holds one version per session, not one per
// pause in typing. Another person's save, a save that ends a session, a version learners see or that
// is scheduled, and a pause of EDIT_SESSION_PAUSE_MINUTES start a new one. A save based on a version
// that changed since it was read (another session's saves) is refused as stale, nothing written.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BlogDocument, LanguageHead, VersionList } from '../../../contract/authoring';
import { EDIT_SESSION_PAUSE_MINUTES } from '../../../contract/authoring';
import { contentStates } from '../../db/schema/authoring';
import { testAppPerFile } from '../../test/test-app';
import type { SignedIn } from '../../test/sign-in';
import { blogBody, twoEditorsPerFile } from './authoring-test-helpers';

const t = testAppPerFile();
const editors = twoEditorsPerFile(t);

/** A save as the editor sends it: on the version and revision it holds, continuing its session's version or not. */
async function save(who: SignedIn, id: string, held: LanguageHead, body: BlogDocument, continueVersion: boolean) {
  return editors.api.call('PUT', `/api/staff/content/${id}/en`, who.headers, {
    baseVersion: held.version.number,
    baseRevision: held.revision,
    body,
    ...(continueVersion ? { continueVersion: true } : {}),
  });
}

async function saved(who: SignedIn, id: string, held: LanguageHead, body: BlogDocument, continueVersion: boolean) {
  const res = await save(who, id, held, body, continueVersion);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as LanguageHead;
}

async function history(id: string) {
  const res = await editors.api.call('GET', `/api/staff/content/${id}/en/versions`, editors.asha.headers);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as VersionList).versions.map((v) => ({ number: v.number, by: v.createdBy?.name }));
}

const post = (title: string): BlogDocument => ({ ...blogBody(), title });

describe('a version per editing session', () => {
  it('keeps one version for the many saves of one session, each with the newest text', async () => {
    const { item, head } = await editors.api.create(editors.asha.headers, 'blog', 'many-autosaves', post('Draft'));
    // The session's first save makes version 2; the next ten, made by the editor as Asha types, update it.
    let held = await saved(editors.asha, item.id, head, post('Budgeting'), false);
    expect(held.version.number).toBe(2);
    for (let n = 1; n <= 10; n++) {
      held = await saved(editors.asha, item.id, held, post(`Budgeting basics ${n}`), true);
      expect(held.version.number).toBe(2);
    }
    expect(await history(item.id)).toEqual([
      { number: 2, by: 'Asha Editor' },
      { number: 1, by: 'Asha Editor' },
    ]);
    expect(((await editors.api.head(editors.asha.headers, item.id, 'en')).body as BlogDocument).title).toBe(
      'Budgeting basics 10',
    );
    // Version 1 is as it was.
    const first = await editors.api.call('GET', `/api/staff/content/${item.id}/en/versions/1`, editors.asha.headers);
    expect((first.json() as LanguageHead).body).toMatchObject({ title: 'Draft' });
  });

  it('refuses a save based on a version another session changed since, and makes a new version for another person', async () => {
    const { item, head } = await editors.api.create(editors.asha.headers, 'blog', 'two-people', post('Draft'));
    const ashas = await saved(editors.asha, item.id, head, post('Asha one'), false);
    // Ravi reads version 2 as it is now; Asha's session goes on updating it.
    const ravis = await editors.api.head(editors.ravi.headers, item.id, 'en');
    const later = await saved(editors.asha, item.id, ashas, post('Asha two'), true);
    expect(later.version.number).toBe(2);
    expect(later.revision).not.toBe(ravis.revision);

    // Ravi's save on version 2 as he read it would drop "Asha two": refused, nothing written.
    const stale = await save(editors.ravi, item.id, ravis, post('Ravi'), true);
    expect(stale.statusCode).toBe(409);
    expect((stale.json() as { current: LanguageHead }).current.revision).toBe(later.revision);
    expect(((await editors.api.head(editors.asha.headers, item.id, 'en')).body as BlogDocument).title).toBe('Asha two');

    // On the version as it is now, Ravi's save is his own version, though it asks to continue.
    const his = await saved(editors.ravi, item.id, later, post('Ravi'), true);
    expect(his.version.number).toBe(3);
    expect(his.version.createdBy?.name).toBe('Ravi Editor');
    // A save that names no revision (an older client) is still checked by its number.
    const old = await editors.api.save(editors.asha.headers, item.id, 'en', 2, post('Old tab'));
    expect(old.statusCode).toBe(409);
  });

  it('starts a new version after a save that ends a session, on what learners see, and after a pause', async () => {
    const { item, head } = await editors.api.create(editors.asha.headers, 'blog', 'sessions-end', post('Draft'));
    let held = await saved(editors.asha, item.id, head, post('One'), false);
    // A save that does not continue (Save, or leaving) ends the session: the next change is a new version.
    held = await saved(editors.asha, item.id, held, post('Two'), false);
    expect(held.version.number).toBe(3);

    // Version 3 published: learners see it, so it is never updated.
    await editors.api.publishOk(editors.asha.headers, item.id, 'en', { version: 3 });
    held = await editors.api.head(editors.asha.headers, item.id, 'en');
    held = await saved(editors.asha, item.id, held, post('Three'), true);
    expect(held.version.number).toBe(4);
    held = await saved(editors.asha, item.id, held, post('Three and a bit'), true);
    expect(held.version.number).toBe(4);

    // A pause longer than the session's: the next save is a new version.
    await t.app.db
      .update(contentStates)
      .set({ updatedAt: new Date(Date.now() - (EDIT_SESSION_PAUSE_MINUTES + 1) * 60_000) })
      .where(and(eq(contentStates.itemId, item.id), eq(contentStates.lang, 'en')));
    held = await saved(editors.asha, item.id, held, post('After lunch'), true);
    expect(held.version.number).toBe(5);
    expect((await history(item.id)).map((v) => v.number)).toEqual([5, 4, 3, 2, 1]);
  });
});
