// New items, and deleted and restored ones, as an editor and a translator meet them. The editor
// opens New item from the matrix by keyboard, picks a blog post, types a title (the address name
// follows it), is told beside the field that an address name with capitals and spaces breaks the
// rule (and offered the right one) and that a taken one is taken, with nothing typed lost; creates
// it and lands on its page in English. Then deletes it (the confirmation says what visitors lose and
// that it can be restored), finds it under Deleted items, not in the matrix, and restores it. A
// translator sees no New item, no Delete and no Restore, and a deleted item's page says it is
// deleted. Whatever the journey creates is deleted again at the end.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  desktopPage,
  type PhonePage,
  expectAccessible,
  pageCall,
  screenshot,
  setUpAuthenticator,
  sharedBrowser,
  signIn,
} from './helpers';

const browser = sharedBrowser();
const RUN = Date.now().toString(36);
const TITLE = `Saving for School ${RUN}`;
const SLUG = `saving-for-school-${RUN}`;
const TAKEN = `taken-post-${RUN}`;
/** Where the screenshots are kept for looking at, besides the suite's own folder. */
const SHOTS = '/tmp/items-shots';

async function shot(page: Page, name: string) {
  await screenshot(page, name, { fullPage: false });
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}

/** The dialog open on the page (the native <dialog>, modal). */
const dialog = (page: Page) => page.locator('dialog[open]');

describe('new, deleted and restored items', () => {
  const created: string[] = [];
  let itemId = '';
  /** The editor's page, signed in with the second factor once and kept for the whole journey. */
  let editor: PhonePage | undefined;

  afterAll(async () => {
    if (!editor) return;
    for (const id of created) await pageCall(editor.page, 'DELETE', `/api/staff/content/${id}`);
    await editor.context.close();
  });

  it('lets an editor create an item from the matrix by keyboard, telling a bad or taken address name beside the field', async () => {
    editor = await desktopPage(browser());
    const { page, consoleErrors } = editor;
    await page.goto('/login?redirect=%2Fstaff');
    await signIn(page, inject('itemsEditorMobile'));
    await setUpAuthenticator(page);
    await page.getByRole('heading', { name: 'Translations', level: 1 }).waitFor();

    // A post that already holds the address name the editor will try first.
    const { item: taken } = await pageCall<{ item: { id: string } }>(page, 'POST', '/api/staff/content', {
      kind: 'blog',
      slug: TAKEN,
      body: { title: 'Taken', author: '', date: '2026-11-27', readTime: 1, image: null, imageAlt: '', description: '' },
    });
    created.push(taken.id);

    // Opened by keyboard; focus is in the dialog, on the kinds.
    await page.getByRole('button', { name: 'New item' }).focus();
    await page.keyboard.press('Enter');
    await dialog(page).getByRole('heading', { name: 'New item' }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    expect(await dialog(page).getByLabel('Written first in').inputValue()).toBe('en');
    await expectAccessible(page, 'the new item dialog');
    await shot(page, 'new-item-dialog-1280');

    // Course is chosen; the arrow moves to Blog post, Tab to the title; the address name follows it.
    await dialog(page)
      .getByRole('radio', { name: /^Course/ })
      .focus();
    await page.keyboard.press('ArrowDown');
    expect(
      await dialog(page)
        .getByRole('radio', { name: /^Blog post/ })
        .isChecked(),
    ).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.type(TITLE);
    expect(await dialog(page).getByLabel('Address name', { exact: true }).inputValue()).toBe(SLUG);

    // An address name against the rule: said beside the field, the right one offered, nothing lost.
    const slug = dialog(page).getByLabel('Address name', { exact: true });
    await slug.fill('Saving For School');
    await page.keyboard.press('Enter');
    await dialog(page).getByText('Use only lowercase letters a–z and digits').waitFor();
    expect(await slug.getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
    expect(await dialog(page).getByLabel('Title', { exact: true }).inputValue()).toBe(TITLE);
    await dialog(page).getByRole('button', { name: 'Use saving-for-school' }).click();
    expect(await slug.inputValue()).toBe('saving-for-school');
    await expectAccessible(page, 'the new item dialog with an error');

    // A taken one: the server's answer, beside the field; still nothing lost.
    await slug.fill(TAKEN);
    await dialog(page).getByRole('button', { name: 'Create and open' }).click();
    await dialog(page).getByText('Another blog post already uses this address name').waitFor();
    expect(await dialog(page).getByLabel('Title', { exact: true }).inputValue()).toBe(TITLE);
    expect(
      await dialog(page)
        .getByRole('radio', { name: /^Blog post/ })
        .isChecked(),
    ).toBe(true);
    await page.setViewportSize({ width: 768, height: 1024 });
    await shot(page, 'new-item-dialog-taken-768');
    await page.setViewportSize({ width: 1280, height: 800 });

    // A free one: created, and its page opens in English.
    await slug.fill(SLUG);
    await slug.press('Enter');
    await page.waitForURL((url) => /^\/staff\/content\/[0-9a-f-]+\/en$/.test(url.pathname));
    itemId = page.url().split('/').at(-2)!;
    created.push(itemId);
    await page.getByRole('heading', { level: 1, name: new RegExp(TITLE) }).waitFor();
    const item = await pageCall<{
      kind: string;
      slug: string;
      sourceLang: string;
      languages: { lang: string; status: string }[];
    }>(page, 'GET', `/api/staff/content/${itemId}`);
    expect(item).toMatchObject({
      kind: 'blog',
      slug: SLUG,
      sourceLang: 'en',
      languages: [{ lang: 'en', status: 'draft' }],
    });
    // The taken address name's 409 is an answer the journey asked for, not an error of the page.
    expect(consoleErrors.filter((error) => !/status of 409/.test(error))).toEqual([]);
    consoleErrors.length = 0;
  });

  it('lets the editor delete the item, saying what it means, find it under Deleted items, and restore it', async () => {
    const { page, consoleErrors } = editor!;
    await page.goto(`/staff/content/${itemId}/en`);
    await page.getByRole('button', { name: 'Delete item…' }).click();
    const confirm = dialog(page);
    await confirm.getByRole('heading', { name: `Delete ${TITLE}?` }).waitFor();
    // It opens on Cancel: a second Enter does not delete.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    expect(await confirm.innerText()).toContain('Nothing of it is published, so learners and visitors see no change.');
    expect(await confirm.innerText()).toContain('can restore it');
    await expectAccessible(page, 'the delete confirmation');
    await shot(page, 'delete-confirmation-1280');
    await confirm.getByRole('button', { name: 'Delete item' }).click();
    await page.getByText(/This item was deleted on .* IST/).waitFor();
    expect(await page.getByRole('button', { name: 'Delete item…' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Schedule/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Restore item' }).waitFor();
    await expectAccessible(page, 'a deleted item’s page');
    await shot(page, 'deleted-item-1280');
    await page.setViewportSize({ width: 768, height: 1024 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
    await shot(page, 'deleted-item-768');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Not in the matrix; under Deleted items, whose link opens its page.
    await page.getByRole('link', { name: '← Back to translations' }).click();
    await page.getByRole('heading', { name: 'Translations', level: 1 }).waitFor();
    await page.locator('.staff-matrix').waitFor();
    expect(await page.locator('.staff-matrix').getByText(SLUG).count()).toBe(0);
    await page.getByText('Deleted items', { exact: true }).click();
    const link = page.locator('.staff-deleted').getByRole('link', { name: TITLE });
    await link.waitFor();
    await expectAccessible(page, 'the matrix with its deleted items');
    await page.locator('.staff-deleted').scrollIntoViewIfNeeded();
    await shot(page, 'deleted-items-list-1280');
    await link.click();
    await page.waitForURL((url) => url.pathname === `/staff/content/${itemId}/en`);

    // Restored: back in the matrix, deletable again.
    await page.getByRole('button', { name: 'Restore item' }).click();
    expect(await dialog(page).innerText()).toContain('Nothing of it was published');
    await dialog(page).getByRole('button', { name: 'Restore item' }).click();
    await page.getByRole('button', { name: 'Delete item…' }).waitFor();
    expect(await page.getByText(/This item was deleted/).count()).toBe(0);
    await page.getByRole('link', { name: '← Back to translations' }).click();
    await page.locator('.staff-matrix').getByText(SLUG).waitFor();
    expect(consoleErrors).toEqual([]);

    // Deleted again, for the translator's look at a deleted item's page.
    await pageCall(page, 'DELETE', `/api/staff/content/${itemId}`);
  });

  it('shows a translator no New item, no Delete and no Restore, and a deleted item as deleted', async () => {
    const { page } = await desktopPage(browser());
    await page.goto('/login?redirect=%2Fstaff');
    await signIn(page, inject('itemsTranslatorMobile'));
    await setUpAuthenticator(page);
    await page.getByRole('heading', { name: 'Translations', level: 1 }).waitFor();
    await page.locator('.staff-matrix').waitFor();
    expect(await page.getByRole('button', { name: 'New item' }).count()).toBe(0);
    expect(await page.getByText('Deleted items').count()).toBe(0);

    await page.goto(`/staff/content/${itemId}/hi`);
    await page.getByText(/This item was deleted on .* IST/).waitFor();
    expect(await page.getByRole('button', { name: 'Restore item' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Delete/ }).count()).toBe(0);

    // A live item: still no Delete for a translator.
    const { items } = await pageCall<{ items: { id: string }[] }>(page, 'GET', '/api/staff/content?limit=1');
    await page.goto(`/staff/content/${items[0]!.id}/hi`);
    await page.getByRole('link', { name: '← Back to translations' }).waitFor();
    expect(await page.getByRole('button', { name: /Delete/ }).count()).toBe(0);
    // Nor may the API be asked: creating is for editors.
    await expect(
      pageCall(page, 'POST', '/api/staff/content', { kind: 'blog', slug: `${TAKEN}-x`, body: {} }),
    ).rejects.toThrow(/403/);
    await page.context().close();
  });
});
