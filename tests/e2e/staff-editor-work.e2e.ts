// The content editor as staff meet it at work. An editor whose account an admin deactivates while
// their tab holds unsaved changes is told at once that the account is no longer on the staff: the
// editor stops trying to save, the text stays as typed, and the console's bar no longer shows their
// name and roles. An editor typing for a while makes one version, not one per pause, and the
// editor's bar says where the draft stands in one status that cannot contradict itself. Two editors
// at one post: each one's change to a different field comes into the other's open editor at once,
// and when both change the same field, that field alone is offered, theirs or mine, in a dialog whose
// words are not hidden under its buttons.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BlogDocument } from '../../contract/authoring';
import { desktopPage, pageCall, screenshot, setUpAuthenticator, sharedBrowser, signIn } from './helpers';

const browser = sharedBrowser();
const stamp = Date.now().toString(36);
/** Where the screenshots are kept for looking at, besides the suite's own folder. */
const SHOTS = '/work/shots';
const cleanUp: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const remove of cleanUp.reverse()) await remove().catch(() => undefined);
  for (const page of [adminPage, raviPage]) await page?.context().close();
});

async function shot(page: Page, name: string) {
  await screenshot(page, name, { fullPage: false });
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}

const status = (page: Page) => page.locator('.ce-status');
const waitSaved = (page: Page) => expect.poll(() => status(page).innerText(), { timeout: 15_000 }).toMatch(/^Saved/);

/** A staff member signed in with a new authenticator, on the console's first page. */
async function signedIn(mobile: string): Promise<Page> {
  const { page } = await desktopPage(browser());
  await page.goto('/login?redirect=%2Fstaff');
  await signIn(page, mobile);
  await setUpAuthenticator(page);
  await page.getByRole('heading', { name: 'Translations', level: 1 }).waitFor();
  return page;
}

const post = (title: string): BlogDocument => ({
  title,
  author: 'Programme team',
  date: '2026-11-27',
  readTime: 3,
  image: null,
  imageAlt: '',
  description: '',
});

/** The admin, signed in once for the journey. */
let adminPage: Page | null = null;
async function admin(): Promise<Page> {
  adminPage ??= await signedIn(inject('workAdminMobile'));
  return adminPage;
}

/** The other editor, signed in once for the journey. */
let raviPage: Page | null = null;
async function otherEditor(): Promise<Page> {
  raviPage ??= await signedIn(inject('workOtherEditorMobile'));
  return raviPage;
}

/** Counts the saves a page sends to one item's language. */
function countSaves(page: Page, id: string): () => number {
  let saves = 0;
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().includes(`/api/staff/content/${id}/en`)) saves++;
  });
  return () => saves;
}

describe('the content editor at work', () => {
  it('tells an editor deactivated mid-edit that the account is off the staff, stops saving and keeps the text', async () => {
    const editor = await signedIn(inject('workEditorMobile'));
    const uma = await admin();
    const { item } = await pageCall<{ item: { id: string } }>(editor, 'POST', '/api/staff/content', {
      kind: 'blog',
      slug: `deactivated-mid-edit-${stamp}`,
      body: post('Budgeting basics'),
    });
    cleanUp.push(() => pageCall(uma, 'DELETE', `/api/staff/content/${item.id}`));
    const me = await pageCall<{ userId: string }>(editor, 'GET', '/api/staff/me');

    await editor.goto(`/staff/content/${item.id}/en/edit`);
    const title = editor.getByLabel('Title', { exact: true });
    await title.fill('Budgeting basics for families');
    await waitSaved(editor);
    const bar = editor.locator('.staff-who');
    expect(await bar.innerText()).toContain('Divya Editor');

    // The admin deactivates the editor; the editor goes on typing in the open tab.
    await pageCall(uma, 'POST', `/api/staff/members/${me.userId}/deactivate`);
    const saves = countSaves(editor, item.id);
    await title.fill('Budgeting basics for families and friends');

    await expect.poll(() => status(editor).innerText(), { timeout: 15_000 }).toMatch(/no longer on the staff/);
    // Nothing typed is lost, and the bar no longer names them or their roles.
    expect(await title.inputValue()).toBe('Budgeting basics for families and friends');
    await expect.poll(() => editor.locator('.staff-bar').innerText()).not.toContain('Divya Editor');
    expect(await editor.locator('.staff-bar').innerText()).not.toContain('(Editor)');
    await editor.locator('.staff-bar').getByRole('button', { name: 'Sign in again' }).waitFor();
    await shot(editor, 'editor-status-off-staff-1280');
    // The refusal is not sent again and again: one save, then none for many autosave periods.
    const after = saves();
    expect(after).toBe(1);
    await editor.waitForTimeout(8_000);
    expect(saves()).toBe(after);
    await editor.setViewportSize({ width: 768, height: 1024 });
    await shot(editor, 'editor-status-off-staff-768');
    await editor.context().close();
  });

  it('keeps one version while an editor types for a while, and says where the draft stands in one status', async () => {
    const ravi = await otherEditor();
    const { item } = await pageCall<{ item: { id: string } }>(ravi, 'POST', '/api/staff/content', {
      kind: 'blog',
      slug: `one-session-${stamp}`,
      body: post('Saving for school'),
    });
    cleanUp.push(() => pageCall(ravi, 'DELETE', `/api/staff/content/${item.id}`));
    await ravi.goto(`/staff/content/${item.id}/en/edit`);
    const bar = ravi.locator('.ce-bar');
    // Just opened: saved as version 1, said once.
    expect(await status(ravi).innerText()).toBe('Saved as version 1');
    const title = ravi.getByLabel('Title', { exact: true });
    // Typing with pauses long enough for the editor to save by itself each time.
    for (const words of ['Saving for school fees', 'Saving for school fees early', 'Saving for school fees early on']) {
      await title.fill(words);
      expect(await status(ravi).innerText()).toBe('Changes not saved yet');
      expect(await bar.innerText()).not.toMatch(/Version \d/);
      await waitSaved(ravi);
    }
    expect(await status(ravi).innerText()).toMatch(/^Saved at .+ IST as version 2$/);
    expect(await bar.innerText()).not.toMatch(/Not saved yet|Version \d/);
    const history = await pageCall<{ versions: { number: number }[] }>(
      ravi,
      'GET',
      `/api/staff/content/${item.id}/en/versions`,
    );
    expect(history.versions.map((v) => v.number)).toEqual([2, 1]);
    await shot(ravi, 'editor-status-saved-1280');

    // Save ends the session: the next change is a version of its own.
    await ravi.getByRole('button', { name: 'Save', exact: true }).click();
    await title.fill('Saving for school fees, early on');
    await expect.poll(() => status(ravi).innerText(), { timeout: 15_000 }).toMatch(/as version 3$/);
    await ravi.setViewportSize({ width: 768, height: 1024 });
    await shot(ravi, 'editor-status-saved-768');
    await ravi.setViewportSize({ width: 1280, height: 800 });
  });

  it('brings another editor’s change into an open editor at once, and offers a field both changed on its own', async () => {
    const uma = await admin();
    const other = await otherEditor();
    const { item } = await pageCall<{ item: { id: string } }>(uma, 'POST', '/api/staff/content', {
      kind: 'blog',
      slug: `two-editors-${stamp}`,
      body: post('Family budget'),
    });
    cleanUp.push(() => pageCall(uma, 'DELETE', `/api/staff/content/${item.id}`));
    for (const page of [uma, other]) {
      await page.goto(`/staff/content/${item.id}/en/edit`);
      await expect.poll(() => status(page).innerText()).toBe('Saved as version 1');
    }
    const field = (page: Page, name: string) => page.getByLabel(name, { exact: true });

    // Uma changes the author; Ravi, who has not saved, sees it in his editor within seconds, unasked.
    await field(uma, 'Author').fill('Uma and the programme team');
    await waitSaved(uma);
    await expect
      .poll(() => field(other, 'Author').inputValue(), { timeout: 15_000 })
      .toBe('Uma and the programme team');
    await other.getByText('Uma Admin saved version 2 meanwhile').waitFor();

    // Ravi changes the title: saved on top, both changes kept.
    await field(other, 'Title').fill('Family budget basics');
    await waitSaved(other);
    const head = await pageCall<{ body: BlogDocument; version: { number: number } }>(
      other,
      'GET',
      `/api/staff/content/${item.id}/en`,
    );
    expect(head.body).toMatchObject({ title: 'Family budget basics', author: 'Uma and the programme team' });
    await expect.poll(() => field(uma, 'Title').inputValue(), { timeout: 15_000 }).toBe('Family budget basics');

    // Both change the title: Ravi is offered that field alone, theirs or his.
    await field(other, 'Reading time (minutes)').fill('5');
    await field(other, 'Title').fill('Ravi’s family budget');
    await field(uma, 'Title').fill('Uma’s family budget');
    await uma.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = other.locator('dialog[open]');
    await dialog.getByRole('heading', { name: 'Someone else saved this meanwhile' }).waitFor({ timeout: 20_000 });
    const choices = dialog.locator('fieldset');
    expect(await choices.count()).toBe(1);
    expect(await choices.locator('legend').innerText()).toBe('Title');
    // The words of the dialog are not under its buttons.
    const words = (await dialog.locator('.staff-dialog-body > p').last().boundingBox())!;
    const buttons = (await dialog.locator('.staff-actions').boundingBox())!;
    expect(words.y + words.height).toBeLessThanOrEqual(buttons.y + 1);
    await shot(other, 'editor-conflict-1280');
    await other.setViewportSize({ width: 768, height: 1024 });
    await shot(other, 'editor-conflict-768');
    await other.setViewportSize({ width: 1280, height: 800 });

    // He keeps Uma's title; his reading time, which she did not touch, stays his and is saved.
    await choices.getByRole('radio', { name: /Uma Admin's version/ }).check();
    await dialog.getByRole('button', { name: 'Keep these choices' }).click();
    expect(await field(other, 'Title').inputValue()).toBe('Uma’s family budget');
    await waitSaved(other);
    const last = await pageCall<{ body: BlogDocument }>(other, 'GET', `/api/staff/content/${item.id}/en`);
    expect(last.body).toMatchObject({
      title: 'Uma’s family budget',
      readTime: 5,
      author: 'Uma and the programme team',
    });
  });
});
