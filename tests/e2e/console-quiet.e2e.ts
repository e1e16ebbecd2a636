// The browser's console stays quiet on the site's main pages, for a visitor and for a signed-in
// learner, and on the staff console's door: no warning (a preloaded call left unused, a deprecated
// call) and no error. An engineer who opens the console to find a real problem finds only that.
import { describe, expect, it } from 'vitest';
import { newMobile, phonePage, sharedBrowser, signIn, type PhonePage } from './helpers';

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

/**
 * Each page, in a tab of its own beside the others, left open past the few seconds after which the
 * browser reports an unused preload (waited once for them all, not once a page); what each tab's
 * console says is added to the journey's lists.
 */
async function visitAll(session: PhonePage, paths: string[]) {
  const tabs = await Promise.all(
    paths.map(async (path) => {
      const tab = await session.context.newPage();
      tab.on('console', (message) => {
        if (message.type() === 'warning') session.consoleWarnings.push(`${path}: ${message.text()}`);
        if (message.type() === 'error') session.consoleErrors.push(`${path}: ${message.text()}`);
      });
      tab.on('pageerror', (error) => session.consoleErrors.push(`${path}: ${String(error)}`));
      await tab.goto(path);
      await tab.locator('main').first().waitFor();
      return tab;
    }),
  );
  await tabs[0]!.waitForTimeout(3500);
  await Promise.all(tabs.map((tab) => tab.close()));
}

describe('the console of the browser', () => {
  it('stays quiet on the main pages for a visitor, and at the staff console’s door', async () => {
    const session = await phonePage(browser());
    const { page, context, consoleErrors, consoleWarnings } = session;
    await visitAll(session, [...SITE_PAGES, '/login']);
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
    const session = await phonePage(browser());
    const { page, context, consoleErrors, consoleWarnings } = session;
    await page.goto('/login');
    await signIn(page, newMobile(), { name: 'Quiet Console' });
    await page.waitForURL((url) => url.pathname === '/courses');
    consoleErrors.length = 0; // the new number's 404 at sign-in is the specification's answer
    await visitAll(session, [...SITE_PAGES, '/user-profile']);
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
