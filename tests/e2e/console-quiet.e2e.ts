// The browser's console stays quiet on the site's main pages, for a visitor and for a signed-in
// learner, and on the staff console's door: no warning (a preloaded call left unused, a deprecated
// call) and no error. An engineer who opens the console to find a real problem finds only that.
import { describe, expect, it } from 'vitest';
import { newMobile, phonePage, sharedBrowser, signIn } from './helpers';

const browser = sharedBrowser();

const SITE_PAGES = [
  '/',
  '/about',
  '/blogs',
  '/courses',
  '/gallery',
  '/vicyberShield',
  '/successstories',
  '/privacy-policy',
];

/** Each page, left open past the few seconds after which the browser reports an unused preload. */
async function visitAll(page: import('playwright-core').Page, paths: string[]) {
  for (const path of paths) {
    await page.goto(path);
    await page.locator('main').first().waitFor();
    await page.waitForTimeout(3500);
  }
}

describe('the console of the browser', () => {
  it('stays quiet on the main pages for a visitor, and at the staff console’s door', async () => {
    const { page, context, consoleErrors, consoleWarnings } = await phonePage(browser());
    await visitAll(page, [...SITE_PAGES, '/login']);
    expect(consoleWarnings).toEqual([]);
    expect(consoleErrors).toEqual([]);
    // The staff console asks who is on the staff (a 401 here, an answer), never the learner's session.
    await page.goto('/staff');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.waitForTimeout(3500);
    expect(consoleWarnings).toEqual([]);
    await context.close();
  });

  it('stays quiet for a signed-in learner, on their profile too', async () => {
    const { page, context, consoleErrors, consoleWarnings } = await phonePage(browser());
    await page.goto('/login');
    await signIn(page, newMobile(), { name: 'Quiet Console' });
    await page.waitForURL((url) => url.pathname === '/courses');
    consoleErrors.length = 0; // the new number's 404 at sign-in is the specification's answer
    await visitAll(page, [...SITE_PAGES, '/user-profile']);
    expect(consoleWarnings).toEqual([]);
    expect(consoleErrors).toEqual([]);
    // The staff console tells a learner it is not theirs (its 403 is that answer), and preloads
    // nothing it leaves unused.
    await page.goto('/staff');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForTimeout(3500);
    expect(consoleWarnings).toEqual([]);
    await context.close();
  });
});
