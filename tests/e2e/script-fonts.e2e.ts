// Text in any script is drawn with its Noto font whatever the interface language, on a machine
// with no Indic fonts of its own (this one has none): an English page showing a Hindi name or a
// Tamil journal downloads and uses the Devanagari or Tamil font, and an English page without such
// text downloads no Indic font at all. A page in an Indic interface language preloads its script's
// fonts, so they arrive before the first paint and nothing moves when they do.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, newMobile, phonePage, sharedBrowser, signIn } from './helpers';

const browser = sharedBrowser();

const COURSE_EN = '589b158f-a32d-582b-86c3-b069d3b60fb4';
const HINDI_NAME = 'सीता देवी';
const TAMIL_JOURNAL = 'ஒவ்வொரு வாரமும் கொஞ்சம் சேமிப்பேன்; என் UPI PIN-ஐ யாருடனும் பகிர மாட்டேன்.';
const INDIC_FONT =
  /\/assets\/noto-sans-(devanagari|bengali|gujarati|kannada|malayalam|oriya|tamil|telugu)-[\w-]+\.woff2?$/;

/** The Indic font files the page has asked for, by script, from the moment this is called. */
function recordIndicFonts(context: BrowserContext): Set<string> {
  const scripts = new Set<string>();
  context.on('request', (request) => {
    const match = INDIC_FONT.exec(new URL(request.url()).pathname);
    if (match?.[1]) scripts.add(match[1]);
  });
  return scripts;
}

/** The state of each declared face of a family (loaded once text of its script has been drawn). */
function faceStatus(page: Page, family: string): Promise<string[]> {
  return page.evaluate(
    (name) =>
      [...document.fonts]
        .filter((face) => face.family.replace(/["']/g, '') === name)
        .map((face) => `${face.weight} ${face.status}`),
    family,
  );
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
}

describe('fonts of other scripts on an English page', () => {
  it('an English page without Indic text downloads no Indic font', async () => {
    const { page, context, consoleErrors } = await phonePage(browser());
    const fonts = recordIndicFonts(context);
    for (const path of ['/', '/blogs', '/about']) {
      await page.goto(path);
      await settle(page);
      // Lazily loaded sections too.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await settle(page);
    }
    expect([...fonts]).toEqual([]);
    expect(await faceStatus(page, 'Noto Sans Devanagari')).toEqual(['400 unloaded', '700 unloaded']);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('a Hindi name on the profile and a Tamil journal are drawn with their Noto fonts', async () => {
    const { page, context, consoleErrors } = await phonePage(browser());
    await page.goto('/login');
    await signIn(page, newMobile(), { name: HINDI_NAME });
    await page.waitForURL((url) => url.pathname === '/courses');
    const fonts = recordIndicFonts(context);

    await page.goto('/user-profile');
    await page.locator('.profile__name').getByText(HINDI_NAME).waitFor();
    await settle(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect([...fonts]).toEqual(['devanagari']);
    // The name is a heading (700) and plain text (400): both faces are in use.
    expect(await faceStatus(page, 'Noto Sans Devanagari')).toEqual(['400 loaded', '700 loaded']);
    expect(await faceStatus(page, 'Noto Sans Tamil')).toEqual(['400 unloaded', '700 unloaded']);

    // A journal written in Tamil, read back on the English journal page.
    const saved = await page.evaluate(
      async ({ course, text }) => {
        const enrol = await fetch(`/api/progress/en/${course}`, { method: 'POST' });
        const save = await fetch(`/api/progress/en/${course}/journal`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ text }),
        });
        return [enrol.status, save.status];
      },
      { course: COURSE_EN, text: TAMIL_JOURNAL },
    );
    expect(saved[0]).toBeLessThan(300);
    expect(saved[1]).toBeLessThan(300);
    await page.goto(`/courses/en/${COURSE_EN}/journal`);
    await expect.poll(() => page.locator('textarea').inputValue()).toBe(TAMIL_JOURNAL);
    await settle(page);
    expect([...fonts].sort()).toEqual(['devanagari', 'tamil']);
    expect(await faceStatus(page, 'Noto Sans Tamil')).toContain('400 loaded');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe("the interface script's fonts", () => {
  /** The sum of the page's layout shifts (none caused by input), from the start of the load. */
  const recordShifts = () => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>)
        if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  };

  it('a Malayalam page preloads the fonts its stylesheet uses, each fetched once, and does not move when they arrive', async () => {
    const { page, context, consoleErrors } = await phonePage(browser(), { language: 'ml', withoutServiceWorker: true });
    await context.addCookies([{ name: 'jgk_lang', value: 'ml', url: baseUrl() }]);
    await context.addInitScript(recordShifts);
    const requested: string[] = [];
    context.on('request', (request) => {
      if (/\.woff2?$/.test(request.url())) requested.push(new URL(request.url()).pathname);
    });
    // A slow mobile connection, as the budgets are measured (bench/web.ts): without the preload
    // the font arrives after the first paint and the hero's text moves (a shift of about 0.15).
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });

    await page.goto('/');
    await settle(page);
    const preloaded = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="font"]')].map(
        (link) => new URL(link.href).pathname,
      ),
    );
    expect(preloaded).toHaveLength(2);
    expect(
      preloaded.every((file) => /\/assets\/noto-sans-malayalam-malayalam-(400|700)-normal-[\w-]+\.woff2$/.test(file)),
    ).toBe(true);
    // The preloaded files are the ones the stylesheet asks for: a mismatch would download twice.
    expect(await faceStatus(page, 'Noto Sans Malayalam')).toEqual(['400 loaded', '700 loaded']);
    expect(requested.filter((file) => file.includes('malayalam')).sort()).toEqual([...preloaded].sort());
    const shift = await page.evaluate(() =>
      (window as unknown as { shifts: number[] }).shifts.reduce((a, b) => a + b, 0),
    );
    expect(shift).toBeLessThan(0.05);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('an English page preloads no font', async () => {
    const { page, context } = await phonePage(browser());
    await page.goto('/');
    expect(await page.locator('link[rel="preload"][as="font"]').count()).toBe(0);
    await context.close();
  });
});
