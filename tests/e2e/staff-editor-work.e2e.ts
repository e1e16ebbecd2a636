// The content editor as staff meet it at work. An editor whose account an admin deactivates while
// their tab holds unsaved changes is told at once that the account is no longer on the staff: the
// editor stops trying to save, the text stays as typed, and the console's bar no longer shows their
// name and roles.
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
    const admin = await signedIn(inject('workAdminMobile'));
    const { item } = await pageCall<{ item: { id: string } }>(editor, 'POST', '/api/staff/content', {
      kind: 'blog',
      slug: `deactivated-mid-edit-${stamp}`,
      body: post('Budgeting basics'),
    });
    cleanUp.push(() => pageCall(admin, 'DELETE', `/api/staff/content/${item.id}`));
    const me = await pageCall<{ userId: string }>(editor, 'GET', '/api/staff/me');

    await editor.goto(`/staff/content/${item.id}/en/edit`);
    const title = editor.getByLabel('Title', { exact: true });
    await title.fill('Budgeting basics for families');
    await waitSaved(editor);
    const bar = editor.locator('.staff-who');
    expect(await bar.innerText()).toContain('Divya Editor');

    // The admin deactivates the editor; the editor goes on typing in the open tab.
    await pageCall(admin, 'POST', `/api/staff/members/${me.userId}/deactivate`);
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
});
