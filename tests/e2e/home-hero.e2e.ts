// The home page's hero holds its text and both buttons at every common screen width from 320 to
// 2560 px, in all ten languages (Tamil and Malayalam have the longest texts): Get Started and "Watch how it works" take a real click (the
// element under the pointer is the button, nothing covers it) and the title stays in its column.
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, LANGUAGE_CODES, type LanguageCode } from '../../contract/languages';
import { baseUrl, sharedBrowser, waitForAppOnNavigation } from './helpers';

const browser = sharedBrowser();

const VIEWPORTS = [
  { width: 320, height: 640 },
  { width: 360, height: 740 },
  { width: 768, height: 1024 },
  { width: 800, height: 600 },
  { width: 1024, height: 768 },
  { width: 1099, height: 800 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
  { width: 2560, height: 1440 },
];

/** The home page in a language, rendered in it by the server (cookie) and kept in it (storage). */
async function homeIn(language: LanguageCode): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser().newContext({ viewport: VIEWPORTS[0], baseURL: baseUrl() });
  await context.addCookies([{ name: 'jgk_lang', value: language, url: baseUrl() }]);
  await context.addInitScript((lang) => window.localStorage.setItem('jgk_lang', lang), language);
  // The player is answered locally: the machine has no internet, and the test needs none.
  await context.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
  );
  const page = waitForAppOnNavigation(await context.newPage());
  await page.goto('/');
  await page.waitForSelector(`html[lang="${LANGUAGES[language].bcp47}"]`, { state: 'attached' });
  // The script's web font has arrived: the text has its final size.
  await page.evaluate(() => document.fonts.ready);
  return { context, page };
}

/** What the pointer would hit at the middle of the element, once it is scrolled into view. */
async function hitAtCentre(target: Locator): Promise<{ covered: boolean; by: string }> {
  await target.scrollIntoViewIfNeeded();
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const covered = !hit || !(hit === element || element.contains(hit));
    return { covered, by: hit ? `${hit.tagName.toLowerCase()}.${hit.className}` : 'nothing' };
  });
}

async function checkHero(context: BrowserContext, page: Page, where: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const layout = await page.evaluate(() => {
    const hero = document.querySelector('.hero')!.getBoundingClientRect();
    const text = document.querySelector('.hero__text')!;
    const title = document.querySelector<HTMLElement>('.hero__title')!;
    const actions = document.querySelector('.hero__actions')!.getBoundingClientRect();
    return {
      actionsInside: actions.bottom <= hero.bottom + 0.5 && actions.top >= hero.top,
      titleOverflow: title.scrollWidth - title.clientWidth,
      textOverflow: text.scrollHeight - text.clientHeight,
      pageOverflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    };
  });
  expect(layout.actionsInside, `${where}: buttons inside the hero`).toBe(true);
  expect(layout.titleOverflow, `${where}: title runs out of its column`).toBeLessThanOrEqual(0);
  expect(layout.textOverflow, `${where}: text taller than the hero`).toBeLessThanOrEqual(0);
  expect(layout.pageOverflow, `${where}: page scrolls sideways`).toBe(0);

  const getStarted = page.locator('.hero__actions a.btn');
  const watch = page.locator('.hero__actions button');
  for (const [name, button] of [
    ['Get Started', getStarted],
    ['Watch how it works', watch],
  ] as const) {
    const hit = await hitAtCentre(button);
    expect(hit.covered, `${where}: ${name} is covered by ${hit.by}`).toBe(false);
  }

  // Real clicks: Playwright clicks only once the button itself receives the pointer there.
  const [tab] = await Promise.all([context.waitForEvent('page'), getStarted.click({ timeout: 5000 })]);
  await tab.waitForURL((url) => url.pathname === '/login', { waitUntil: 'commit' });
  await tab.close();

  await watch.click({ timeout: 5000 });
  const dialog = page.locator('dialog.video-modal');
  await dialog.locator('iframe').waitFor();
  await page.keyboard.press('Escape');
  await expect.poll(() => dialog.evaluate((d) => (d as HTMLDialogElement).open)).toBe(false);
}

describe.each(LANGUAGE_CODES)('home hero in %s', (language) => {
  it('holds its text and both buttons can be clicked at every width', async () => {
    const { context, page } = await homeIn(language);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await checkHero(context, page, `${language} at ${viewport.width}x${viewport.height}`);
    }
    await context.close();
  });
});
