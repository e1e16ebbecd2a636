// The home page's counters at phone widths in several scripts: each figure and label inside its
// card and the cards inside the page, and the figure's unit in the language's own words (no
// English "M" in Tamil).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCREENSHOTS, baseUrl, sharedBrowser } from './helpers';

const browser = sharedBrowser();

const figureOf = (lang: string) =>
  (
    JSON.parse(
      fs.readFileSync(path.resolve(import.meta.dirname, `../../web/i18n/locales/${lang}/home.json`), 'utf8'),
    ) as { metrics: Record<string, { figure: string }> }
  ).metrics.beneficiaries!.figure;

describe('the home counters', () => {
  for (const lang of ['en', 'hi', 'tm', 'ml', 'kn', 'tl']) {
    it(`fit a 320 and a 360 px phone in ${lang}, with the figures in the language's words`, async () => {
      for (const width of [320, 360]) {
        const context = await browser().newContext({
          viewport: { width, height: 740 },
          reducedMotion: 'reduce',
          baseURL: baseUrl(),
        });
        await context.addInitScript((code) => window.localStorage.setItem('jgk_lang', code), lang);
        const page = await context.newPage();
        await page.goto('/');
        await page.waitForSelector('html[data-ready]', { state: 'attached' });
        const counters = page.locator('.counters');
        await counters.scrollIntoViewIfNeeded();
        const escapes = await counters.evaluate((list) => {
          const column = list.closest('.container')!.getBoundingClientRect();
          const out: string[] = [];
          for (const card of list.querySelectorAll<HTMLElement>('.counter')) {
            const box = card.getBoundingClientRect();
            if (box.left < column.left - 0.5 || box.right > column.right + 0.5)
              out.push(`card "${card.textContent}" outside the page`);
            for (const part of card.querySelectorAll<HTMLElement>('.count-up, .counter__unit, .counter__label')) {
              const r = part.getBoundingClientRect();
              if (r.left < box.left - 0.5 || r.right > box.right + 0.5)
                out.push(`"${part.textContent}" outside its card`);
            }
          }
          return out;
        });
        expect(escapes, `${lang} at ${width} px`).toEqual([]);
        const third = page.locator('.counter').nth(2);
        const shown = `${await third.locator('.count-up').textContent()} ${await third.locator('.counter__unit').textContent()}`;
        expect(shown).toBe(figureOf(lang));
        if (width === 360) await counters.screenshot({ path: path.join(SCREENSHOTS, `${lang}-home-counters-360.png`) });
        await context.close();
      }
    });
  }
});
