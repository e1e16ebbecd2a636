// Blogs and success stories a page at a time on a phone: Next and Previous (under the list) bring
// the top of the new page into view and give it the focus, and a page past the end (an old link,
// ?page=999) shows the last page, already in the server's first paint.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, phonePage, sharedBrowser } from './helpers';

const browser = sharedBrowser();

// The sample content: 7 posts (the newest featured, 6 listed, 4 a page) and 8 stories (6 a page).
const lists = [
  { name: 'blogs', path: '/blogs', top: '#all-posts', item: '.blog-row', lastPageItems: 2 },
  {
    name: 'success stories',
    path: '/success-stories/all',
    top: '.story-grid',
    item: '.story-grid > li',
    lastPageItems: 2,
  },
] as const;

/** Whether the list's top is on screen, just under the sticky header (where it ends after a smooth scroll). */
function topInView(page: Page, selector: string): Promise<string> {
  return page.evaluate((sel) => {
    const top = document.querySelector(sel)!.getBoundingClientRect().top;
    const header = document.querySelector('.site-header')!.getBoundingClientRect().bottom;
    return top >= header - 1 && top < window.innerHeight / 3
      ? 'in view'
      : `top at ${Math.round(top)} px, header ends at ${Math.round(header)} px`;
  }, selector);
}

async function expectTopInView(page: Page, selector: string, where: string) {
  // Polled: the scroll is smooth, and slow on a busy machine.
  await expect
    .poll(() => topInView(page, selector), { message: `${where}: list top on screen`, timeout: 8000 })
    .toBe('in view');
  expect(
    await page.evaluate((sel) => document.activeElement === document.querySelector(sel), selector),
    `${where}: focus at the list top`,
  ).toBe(true);
}

describe.each(lists)('$name pagination', ({ path, top, item, lastPageItems }) => {
  it('Next and Previous bring the top of the new page into view', async () => {
    const { page, context, consoleErrors } = await phonePage(browser());
    await page.goto(path);
    const pager = page.locator('nav.pagination');
    const status = pager.locator('.pagination__status');
    await expect.poll(() => status.textContent()).toBe('Page 1 of 2');

    await pager.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await expect.poll(() => status.textContent()).toBe('Page 2 of 2');
    await expect.poll(() => page.locator(item).count()).toBe(lastPageItems);
    await expectTopInView(page, top, 'after Next');

    await pager.getByRole('button', { name: 'Previous' }).click();
    await page.waitForURL((url) => !url.searchParams.has('page'));
    await expect.poll(() => status.textContent()).toBe('Page 1 of 2');
    await expectTopInView(page, top, 'after Previous');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('a page past the end shows the last page, from the server and in the browser', async () => {
    // The server's HTML alone, as a slow phone first shows it.
    const plain = await browser().newContext({ javaScriptEnabled: false, baseURL: baseUrl() });
    const first = await plain.newPage();
    await first.goto(`${path}?page=999`);
    expect(await first.locator('.pagination__status').textContent()).toBe('Page 2 of 2');
    expect(await first.locator(item).count()).toBe(lastPageItems);
    await plain.close();

    const { page, context, consoleErrors } = await phonePage(browser());
    await page.goto(`${path}?page=999`);
    const pager = page.locator('nav.pagination');
    await expect.poll(() => pager.locator('.pagination__status').textContent()).toBe('Page 2 of 2');
    expect(await page.locator(item).count()).toBe(lastPageItems);
    expect(await pager.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await pager.getByRole('button', { name: 'Previous' }).click();
    await page.waitForURL((url) => !url.searchParams.has('page'));
    await expect.poll(() => pager.locator('.pagination__status').textContent()).toBe('Page 1 of 2');
    // Hydration matched the server's page: React would log a mismatch.
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
