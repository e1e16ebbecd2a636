// The header in every language at common laptop widths: the page never scrolls sideways and the
// way to sign in is on screen, either in the bar or, when the bar's links do not fit, in the drawer
// behind the menu button.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../../contract/languages';
import { baseUrl, sharedBrowser, waitForAppOnNavigation } from './helpers';

const browser = sharedBrowser();

async function withinViewport(page: Page, selector: string) {
  return page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.left >= 0 && box.right <= document.documentElement.clientWidth && box.top >= 0;
  });
}

describe.each(LANGUAGE_CODES)('header in %s', (language) => {
  it.each([1024, 1280])('fits at %i px with the sign-in link on screen', async (width) => {
    const context = await browser().newContext({ viewport: { width, height: 800 }, baseURL: baseUrl() });
    await context.addInitScript((lang) => window.localStorage.setItem('jgk_lang', lang), language);
    const page = waitForAppOnNavigation(await context.newPage());
    await page.goto('/about');
    await page.waitForLoadState('networkidle');
    // The script's web font has arrived: the labels have their final widths.
    await page.evaluate(() => document.fonts.ready);

    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'sideways scroll').toBe(0);

    const bar = page.locator('.site-header__account a[href="/login"]');
    if (await bar.isVisible()) {
      expect(await withinViewport(page, '.site-header__account a[href="/login"]')).toBe(true);
      const height = await bar.evaluate((element) => element.getBoundingClientRect().height);
      expect(height, 'sign-in button on one line').toBeLessThan(56);
    } else {
      // The bar did not fit: the menu button is on screen and its drawer holds the sign-in link.
      expect(await withinViewport(page, '.site-header__burger')).toBe(true);
      await page.locator('.site-header__burger').click();
      await page.locator('#site-drawer a[href="/login"]').waitFor();
      expect(await withinViewport(page, '#site-drawer a[href="/login"]')).toBe(true);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBe(0);
    }
    await context.close();
  });
});
