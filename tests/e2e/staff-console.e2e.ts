// The staff console as its people meet it: the first admin (made with `npm run staff:grant` before the
// server started) signs in at /login, sets up an authenticator app and keeps the recovery codes, reads
// the translation matrix and filters it, adds a Tamil translator and sees it in the audit log. The
// translator sets up their second factor and works on a tablet, sees their language first and cannot open
// the admin's pages, and on a phone finds the sections behind Menu; a learner is told the console is
// not theirs. No public page loads its code.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { totpCode } from '../../server/modules/staff/totp';
import {
  baseUrl,
  desktopPage,
  expectAccessible,
  newMobile,
  pageCall,
  phonePage,
  screenshot,
  sharedBrowser,
  setUpAuthenticator,
  signIn,
} from './helpers';
import type { Page } from 'playwright-core';

const browser = sharedBrowser();
const TRANSLATOR = newMobile();
/** A recovery code the admin kept at setup: their next sign-in uses it instead of the app. */
let keptRecoveryCode = '';
/** When the admin's first code was sent: the next waits out the server's cooldown (8 s in global-setup.ts). */
let adminCodeSentAt = 0;
const COOLDOWN_MS = 8_000;

async function matrixCount(page: Page): Promise<number> {
  const text = await page
    .getByRole('status')
    .filter({ hasText: /\d+ items?$/ })
    .innerText();
  return Number(/(\d+)/.exec(text)![1]);
}

describe('the staff console', () => {
  it('takes the first admin from sign-in through the authenticator app to the matrix, staff accounts and the audit log', async () => {
    const { page, consoleErrors } = await desktopPage(browser());
    await page.goto('/staff');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/staff');
    adminCodeSentAt = Date.now();
    await signIn(page, inject('adminMobile'));
    await page.waitForURL((url) => url.pathname === '/staff');

    // The authenticator app: the key typed by hand (as from the QR code), a wrong code, then the right one.
    await page.getByRole('heading', { name: 'Set up your authenticator app' }).waitFor();
    await expect.poll(() => page.getByRole('img', { name: 'QR code for your authenticator app' }).count()).toBe(1);
    await page.getByText('Cannot scan it?').click();
    const secret = (await page.locator('.staff-secret').innerText()).replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await expectAccessible(page, 'second-factor setup');
    await screenshot(page, 'staff-setup-1280');
    const wrong = totpCode(secret, new Date(Date.now() - 10 * 60_000));
    await page.getByLabel('Code from the app').fill(wrong);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Incorrect code' }).count()).toBe(1);
    await page.getByLabel('Code from the app').fill(totpCode(secret, new Date()));
    await page.getByRole('button', { name: 'Confirm' }).click();

    // Ten recovery codes, shown once; going on waits until they are said to be kept.
    await page.getByRole('heading', { name: 'Keep your recovery codes' }).waitFor();
    expect(await page.locator('.staff-recovery-codes li').count()).toBe(10);
    keptRecoveryCode = await page.locator('.staff-recovery-codes li').nth(3).innerText();
    // A card of its own on the page, clear of the screen's edges.
    expect((await page.locator('section[aria-labelledby="recovery-title"]').boundingBox())!.x).toBeGreaterThan(0);
    // Reloading before they are said to be kept asks first (they cannot be shown again); staying keeps them.
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    await page.evaluate(() => void setTimeout(() => window.location.reload(), 0));
    expect(await asked).toBe('beforeunload');
    expect(await page.locator('.staff-recovery-codes li').nth(3).innerText()).toBe(keptRecoveryCode);
    const goOn = page.getByRole('button', { name: 'Continue' });
    expect(await goOn.isDisabled()).toBe(true);
    await page.getByLabel('I have kept these codes somewhere safe').check();
    await goOn.click();

    // The matrix: every item in every language, in words; filtered to what is missing in Odia.
    await page.getByRole('heading', { name: 'Translations', level: 1 }).waitFor();
    const all = await matrixCount(page);
    expect(all).toBeGreaterThan(10);
    expect(await page.locator('.staff-matrix .staff-badge').first().innerText()).toMatch(
      /Missing|Draft|In review|Published|Stale/,
    );
    for (const width of [1280, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, `staff-matrix-${width}`, { fullPage: false });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByLabel('State').selectOption('missing');
    await page.getByLabel('Language').selectOption('od');
    const missingInOdia = await matrixCount(page);
    expect(missingInOdia).toBeLessThan(all);
    for (const row of await page.locator('.staff-matrix tbody tr').all()) {
      const odia = row.locator('td').nth(7);
      expect(await odia.innerText()).toContain('Missing');
    }
    await page.getByLabel('Kind').selectOption('course');
    await expect.poll(() => matrixCount(page)).toBeLessThanOrEqual(missingInOdia);
    await expectAccessible(page, 'translation matrix');

    // Staff accounts: the admin is listed; a bad number is refused beside the form; a Tamil translator is added.
    await page.getByRole('link', { name: 'Staff accounts' }).click();
    await page.getByRole('heading', { name: 'Staff accounts', level: 1 }).waitFor();
    await expect.poll(() => page.getByRole('row', { name: /Asha Admin \(you\)/ }).count()).toBe(1);
    await page.getByLabel('Mobile number').fill('12345');
    await page.getByLabel('Name', { exact: true }).fill('Kavya Translator');
    await page.getByLabel(/^Translator/).check();
    await page.getByLabel(/^Tamil/).check();
    await page.getByRole('button', { name: 'Add to the staff' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Enter a valid phone number' }).count()).toBe(1);
    await page.getByLabel('Mobile number').fill(`91${TRANSLATOR}`);
    await page.getByRole('button', { name: 'Add to the staff' }).click();
    await expect.poll(() => page.getByRole('row', { name: /Kavya Translator/ }).count()).toBe(1);
    expect(await page.getByRole('row', { name: /Kavya Translator/ }).innerText()).toMatch(/Translator \(Tamil\)/);
    await expectAccessible(page, 'staff accounts');
    await screenshot(page, 'staff-members-1280');

    // The audit log shows the addition, by the admin, and the app set up.
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    // (The whole story's admin adds staff too: only this admin's addition is looked for.)
    await expect
      .poll(() =>
        page
          .getByRole('row', { name: /Added a person/ })
          .filter({ hasText: 'Asha Admin' })
          .count(),
      )
      .toBe(1);
    // The action in words, and the account it changed named, not its id.
    expect(
      await page
        .getByRole('row', { name: /Added a person/ })
        .filter({ hasText: 'Asha Admin' })
        .innerText(),
    ).toMatch(/Kavya Translator\s+Staff account/);
    await page.getByLabel('What').selectOption('staff-member');
    await page.getByRole('button', { name: 'Show' }).click();
    // Other journeys' staff (the analytics journey's editor) may have set up theirs too.
    await expect
      .poll(() =>
        page
          .getByRole('row', { name: /Set up the authenticator app/ })
          .filter({ hasText: 'Asha Admin' })
          .count(),
      )
      .toBe(1);
    await screenshot(page, 'staff-audit-1280');
    expect(consoleErrors.filter((e) => !/status of (400|401)/.test(e))).toEqual([]);
  });

  it('lets the admin sign in again with a recovery code, open an item from the matrix, publish with what changes shown, compare versions, unpublish and schedule', async () => {
    const { page } = await desktopPage(browser());
    await page.goto('/login?redirect=%2Fstaff');
    await page.waitForTimeout(Math.max(0, adminCodeSentAt + COOLDOWN_MS + 1_000 - Date.now()));
    await signIn(page, inject('adminMobile'));
    await page.getByRole('heading', { name: 'Confirm it is you' }).waitFor();
    // The code field is ready to type in, as the sign-in code's boxes were.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('autocomplete')))
      .toBe('one-time-code');
    // A wrong app code first; then the recovery code form, under its own heading, without that error.
    await page.getByLabel('Code from the app').fill('000000');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('alert').waitFor();
    await page.getByRole('button', { name: 'I do not have my phone: use a recovery code' }).click();
    await page.getByRole('heading', { name: 'Use a recovery code', level: 1 }).waitFor();
    expect(await page.getByRole('heading', { name: 'Confirm it is you' }).count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.getByLabel('Recovery code', { exact: true }).fill(keptRecoveryCode.toLowerCase());
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('heading', { name: 'Translations', level: 1 }).waitFor();
    // How many are left is on their account page.
    await page.goto('/staff/account');
    await page.getByText('9 of 10').waitFor();
    await page.goto('/staff');
    await page.getByRole('heading', { name: 'Translations', level: 1 }).waitFor();

    // A blog written for the purpose: version 1 from a sample post's fields.
    const blogs = await pageCall<{ items: { id: string }[] }>(page, 'GET', '/api/staff/content?kind=blog');
    const sample = await pageCall<{ body: Record<string, unknown> }>(
      page,
      'GET',
      `/api/staff/content/${blogs.items[0]!.id}/en`,
    );
    const slug = `console-check-${Date.now()}`;
    const created = await pageCall<{ item: { id: string } }>(page, 'POST', '/api/staff/content', {
      kind: 'blog',
      slug,
      body: { ...sample.body, title: 'Console check' },
    });
    const id = created.item.id;

    // From the matrix, one click opens it in English: a draft, nothing published; the first publication.
    await page.reload();
    await page.getByLabel('Kind').selectOption('blog');
    await page.getByRole('link', { name: 'Console check, English: Draft' }).click();
    await page.waitForURL((url) => url.pathname === `/staff/content/${id}/en`);
    await page.getByText('Nothing: not published').waitFor();
    await page.getByRole('button', { name: 'Publish English', exact: true }).click();
    await page.getByText('This is its first publication in this language').waitFor();
    await page.getByRole('button', { name: 'Publish now' }).click();
    await page.getByText(/Version 1, published/).waitFor();

    // A second version: publishing it says, word by word, what learners will see change.
    // Its text changes too: the whole post is compared, longer than the screen.
    const description = `<p>Read this second draft first.</p>${String(sample.body.description)}`;
    await pageCall(page, 'PUT', `/api/staff/content/${id}/en`, {
      baseVersion: 1,
      body: { ...sample.body, title: 'Console check, second draft', description },
    });
    await page.reload();
    await page.getByRole('button', { name: 'Publish English', exact: true }).click();
    await page.getByRole('heading', { name: 'What learners will see change (version 1 to 2)' }).waitFor();
    expect(await page.locator('dialog .staff-diff ins').first().innerText()).toMatch(/second draft/);
    // The card stays on the screen with its buttons in sight; the comparison scrolls inside it.
    const screen = page.viewportSize()!;
    const card = (await page.locator('dialog.staff-dialog[open]').boundingBox())!;
    expect(card.y + card.height).toBeLessThanOrEqual(screen.height);
    expect(await page.locator('dialog.staff-dialog[open]').evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(
      true,
    );
    const button = (await page.getByRole('button', { name: 'Publish now' }).boundingBox())!;
    expect(button.y + button.height).toBeLessThanOrEqual(card.y + card.height);
    await screenshot(page, 'staff-publish-confirm-1280', { fullPage: false });
    await page.getByRole('button', { name: 'Publish now' }).click();
    await page.getByText(/Version 2, published/).waitFor();
    // Published, the post is on the site at its address name too.
    expect(await page.getByRole('link', { name: `/blogs/${slug}` }).getAttribute('href')).toBe(`/blogs/${slug}`);

    // History: two versions compared field by field.
    await page.getByLabel('Compare version 1').check();
    await page.getByLabel('Compare version 2').check();
    await page.getByRole('heading', { name: 'Version 1 compared with version 2' }).waitFor();
    expect(await page.getByRole('row', { name: /title/ }).last().innerText()).toMatch(/second draft/);
    await expectAccessible(page, 'item page');
    await screenshot(page, 'staff-item-1280');
    // On a phone the history and the comparison scroll in their own boxes: the page itself keeps its width.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Unpublished, then scheduled for a morning and the schedule cancelled.
    await page.getByRole('button', { name: 'Unpublish English' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Unpublish' }).click();
    await page.getByText('Nothing: not published').waitFor();
    await page.getByRole('button', { name: 'Schedule…' }).click();
    const tomorrow = new Date(Date.now() + 24 * 3600_000).toISOString().slice(0, 10);
    await page.getByLabel('Publish at (IST)').fill(`${tomorrow}T09:30`);
    await page.getByRole('dialog').getByRole('button', { name: 'Schedule' }).click();
    await page.getByText(/Version 2 will be published at .* 9:30/).waitFor();
    await page.getByRole('button', { name: 'Cancel the schedule' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel the schedule' }).click();
    await expect.poll(() => page.getByText(/will be published at/).count()).toBe(0);
    await page.setViewportSize({ width: 768, height: 1024 });
    await screenshot(page, 'staff-item-768');

    // The audit log: the action picked from a list and said in words, the item by its title, the
    // change line by line in words (no JSON, no markup); it opens the item in the entry's language.
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByLabel('What').selectOption('blog');
    await page.getByLabel('Action').selectOption({ label: 'Saved a version' });
    await page.getByRole('button', { name: 'Show' }).click();
    const entry = (title: string) =>
      page
        .getByRole('row')
        .filter({ has: page.getByRole('link', { name: title, exact: true }) })
        .first();
    const saved = entry('Console check, second draft');
    await saved.waitFor();
    await saved.getByText('Change', { exact: true }).click();
    const savedChange = await saved.locator('.staff-audit-change').innerText();
    expect(savedChange).toMatch(/Version: 1 → 2/);
    expect(savedChange).toContain('Read this second draft first.');
    expect(savedChange).not.toMatch(/[{}<]/);
    await page.getByLabel('Action').selectOption({ label: 'Published' });
    await page.getByRole('button', { name: 'Show' }).click();
    await expect.poll(() => page.getByRole('row', { name: /Saved a version/ }).count()).toBe(0);
    const published = entry('Console check, second draft');
    expect(await published.innerText()).toContain('Published');
    await published.getByText('Change', { exact: true }).click();
    expect(await published.locator('.staff-audit-change').innerText()).toMatch(/Published version: 1 → 2/);
    await screenshot(page, 'staff-audit-768', { fullPage: false });
    await published.getByRole('link', { name: 'Console check, second draft', exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/staff/content/${id}/en`);
    await pageCall(page, 'DELETE', `/api/staff/content/${id}`);
  });

  it('lets a translator set up the second factor on a tablet and work, their language first, on a phone with the sections behind Menu, and keeps the admin’s pages closed', async () => {
    const context = await browser().newContext({
      baseURL: baseUrl(),
      viewport: { width: 768, height: 1024 },
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.goto('/login?redirect=%2Fstaff');
    await signIn(page, TRANSLATOR);
    await page.waitForURL((url) => url.pathname === '/staff');
    // A translator's session can rewrite every draft in their languages: the second factor first.
    await setUpAuthenticator(page);
    await page.getByRole('heading', { name: 'Translations', level: 1 }).waitFor();
    const firstLanguage = page.locator('.staff-matrix thead th').nth(1);
    expect(await firstLanguage.innerText()).toContain('தமிழ்');
    expect(await page.getByRole('link', { name: 'Staff accounts' }).count()).toBe(0);
    await screenshot(page, 'staff-matrix-translator-768', { fullPage: false });

    const filter = (name: string) => page.getByRole('combobox', { name: new RegExp(`^${name}`) });
    // A Tamil-only translator starts at Tamil; the filters live in the address, so coming back from
    // an item (or reloading) finds them as they were.
    expect(await filter('Language').inputValue()).toBe('tm');
    await filter('State').selectOption('missing');
    await filter('Kind').selectOption('blog');
    await expect.poll(() => new URL(page.url()).search).toBe('?state=missing&kind=blog');
    await page.locator('.staff-matrix tbody a').first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/staff/content/'));
    await page.goBack();
    await page.locator('.staff-matrix').waitFor();
    expect(await filter('State').inputValue()).toBe('missing');
    expect(await filter('Kind').inputValue()).toBe('blog');
    await page.reload();
    expect(await filter('Kind').inputValue()).toBe('blog');
    await filter('Language').selectOption('any');
    await filter('State').selectOption('');
    await filter('Kind').selectOption('');
    await expect.poll(() => new URL(page.url()).search).toBe('?lang=any');

    // On a phone the bar is one row, its sections behind Menu (a disclosure); the first stop skips to the page.
    await page.setViewportSize({ width: 360, height: 740 });
    expect((await page.locator('.staff-bar').boundingBox())!.height).toBeLessThan(70);
    const menu = page.getByRole('button', { name: 'Menu' });
    const sections = page.getByRole('navigation', { name: 'Staff console' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await sections.isVisible()).toBe(false);
    await screenshot(page, 'staff-matrix-translator-360', { fullPage: false });
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    await menu.focus();
    await page.keyboard.press('Enter');
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await sections.getByRole('link', { name: 'Media' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Translations');
    await screenshot(page, 'staff-menu-translator-360', { fullPage: false });
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Menu');
    // A move to another section closes the menu.
    await menu.click();
    await sections.getByRole('link', { name: 'Media' }).click();
    await page.waitForURL((url) => url.pathname === '/staff/media');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await expectAccessible(page, 'media library at 360 px');
    await page.goto('/staff/members');
    await page.getByText('Your staff roles do not open this page.').waitFor();
    await context.close();
  });

  it('tells a learner the console is not theirs, at phone width', async () => {
    const { page } = await phonePage(browser());
    await page.goto('/login?redirect=%2Fstaff');
    await signIn(page, newMobile(), { name: 'Lata Learner' });
    await page.waitForURL((url) => url.pathname === '/staff');
    await page.getByRole('heading', { name: 'This account is not on the staff' }).waitFor();
    await screenshot(page, 'staff-not-staff-360');
  });

  it('keeps its code out of every public page', async () => {
    const manifest = JSON.parse(
      fs.readFileSync(path.resolve(import.meta.dirname, '../../dist/web/.vite/manifest.json'), 'utf8'),
    ) as Record<string, { file: string }>;
    const staffChunk = manifest['app/routes/staff.tsx']!.file;
    const { page } = await phonePage(browser());
    for (const address of ['/', '/courses', '/blogs', '/login']) {
      await page.goto(address);
      const scripts = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((url) => url.endsWith('.js')),
      );
      expect(
        scripts.filter((url) => url.includes(staffChunk)),
        address,
      ).toEqual([]);
      // Shared chunks may be named after every page that uses them; none may hold the console's calls.
      for (const url of scripts)
        expect(await (await fetch(url)).text(), `${address}: ${url}`).not.toContain('/api/staff');
      // Nor does the one stylesheet every public page loads hold the console's rules.
      const styles = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].map((link) => link.href),
      );
      expect(styles.length).toBeGreaterThan(0);
      for (const url of styles) expect(await (await fetch(url)).text(), `${address}: ${url}`).not.toContain('.staff-');
    }
  });
});
