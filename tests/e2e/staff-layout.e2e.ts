// The staff console's layout where it broke, measured in a real browser at 1280 and 768 px (and a
// phone's 360 for the authenticator's key): the key's groups of four never split across lines; the
// translation matrix's header stays opaque and on top while its rows scroll under it (a language
// the filter does not name is dimmed in its words, not made see-through); the people table's
// buttons stay inside the table's box; the media picker's tiles show whole. Each view is
// photographed at both widths (tests/e2e/screenshots/layout-*.png) to be looked at.
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { desktopPage, screenshot, setUpAuthenticator, sharedBrowser, signIn } from './helpers';

const browser = sharedBrowser();

/** Each run of non-spaces in the key that the browser lays out on more than one line. */
function splitGroups(page: Page): Promise<string[]> {
  return page.locator('.staff-secret').evaluate((key) => {
    const split: string[] = [];
    const walker = document.createTreeWalker(key, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        if (range.getClientRects().length !== 1) split.push(match[0]);
      }
    }
    return split;
  });
}

/** The key as groups: what a person types, four characters at a time. */
const groupsOf = (page: Page) =>
  page.locator('.staff-secret').evaluate((key) => (key.textContent ?? '').trim().split(/\s+/));

/** Boxes of `selector` not wholly inside the box of their closest `container` (their rounding aside), sideways only or both ways. */
function outside(page: Page, selector: string, container: string, sideways = false): Promise<string[]> {
  return page.evaluate(
    ({ selector, container, sideways }) =>
      [...document.querySelectorAll<HTMLElement>(selector)]
        .filter((element) => {
          const box = element.getBoundingClientRect();
          const frame = element.closest(container)!.getBoundingClientRect();
          return (
            box.left < frame.left - 0.5 ||
            box.right > frame.right + 0.5 ||
            (!sideways && (box.top < frame.top - 0.5 || box.bottom > frame.bottom + 0.5))
          );
        })
        .map((element) => element.textContent?.trim() || element.outerHTML.slice(0, 80)),
    { selector, container, sideways },
  );
}

describe('the staff console’s layout', () => {
  it('keeps the key’s groups whole, the matrix header opaque and on top, the people table’s buttons and the picker’s tiles in their boxes', async () => {
    const { page, consoleErrors } = await desktopPage(browser());
    await page.goto('/login?redirect=%2Fstaff');
    await signIn(page, inject('layoutAdminMobile'));

    // The authenticator's key, typed by hand: groups of four, a line breaking only between them.
    await page.getByRole('heading', { name: 'Set up your authenticator app' }).waitFor();
    await page.getByText('Cannot scan it?').click();
    // Groups of four (the last may be shorter), as a person reads them out.
    expect((await groupsOf(page)).every((group, i, all) => group.length === 4 || i === all.length - 1)).toBe(true);
    for (const width of [1280, 768, 360]) {
      await page.setViewportSize({ width, height: 900 });
      expect.soft(await splitGroups(page), `the key at ${width} px`).toEqual([]);
      if (width !== 360) await screenshot(page, `layout-2fa-${width}`, { fullPage: false });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByText('Cannot scan it?').click();
    await setUpAuthenticator(page);
    await page.getByRole('heading', { name: 'Translations', level: 1 }).waitFor();

    // The matrix filtered to Hindi, its rows scrolled under the header.
    await page.goto('/staff?lang=hi');
    const matrix = page.locator('.staff-table-scroll');
    await matrix.locator('tbody tr').first().waitFor();
    for (const width of [1280, 768]) {
      await page.setViewportSize({ width, height: 700 });
      await matrix.evaluate((box) => box.scrollTo({ top: 200, left: 40 }));
      const header = await matrix.locator('thead th').evaluateAll((cells) =>
        cells.map((cell) => {
          // Checked where the cell shows: the part of it inside the table's scrolling box.
          const box = cell.getBoundingClientRect();
          const frame = cell.closest('.staff-table-scroll')!.getBoundingClientRect();
          const left = Math.max(box.left, frame.left);
          const right = Math.min(box.right, frame.right);
          const hit = right - left < 4 ? cell : document.elementFromPoint((left + right) / 2, box.top + box.height / 2);
          let opacity = 1;
          for (
            let element: Element | null = cell;
            element && element.tagName !== 'TABLE';
            element = element.parentElement
          )
            opacity *= Number(getComputedStyle(element).opacity);
          const background = getComputedStyle(cell).backgroundColor;
          const alpha = /rgba\([^)]*,\s*([\d.]+)\)/.exec(background)?.[1];
          return {
            cell: cell.textContent?.trim(),
            onTop: !!hit && cell.contains(hit),
            opacity,
            opaqueBackground: background !== 'transparent' && (alpha === undefined || Number(alpha) === 1),
          };
        }),
      );
      const faults = header.filter((cell) => !cell.onTop || cell.opacity !== 1 || !cell.opaqueBackground);
      expect.soft(faults, `the matrix header at ${width} px`).toEqual([]);
      await screenshot(page, `layout-matrix-${width}`, { fullPage: false });
    }

    // The staff accounts: every row's buttons inside the table's box, without scrolling it sideways.
    await page.goto('/staff/members');
    const people = page.locator('.staff-table-scroll');
    await people.locator('tbody tr').first().waitFor();
    for (const width of [1280, 768]) {
      await page.setViewportSize({ width, height: 900 });
      expect
        .soft(await outside(page, '.staff-table-scroll .staff-row-actions .btn', '.staff-table-scroll', true))
        .toEqual([]);
      expect.soft(await people.evaluate((box) => box.scrollWidth - box.clientWidth), `sideways at ${width} px`).toBe(0);
      await screenshot(page, `layout-people-${width}`, { fullPage: false });
    }

    // The media picker from a course's cover: each picture's tile whole, inside the dialog.
    const courses = await page.evaluate(
      async () =>
        (await (await fetch('/api/staff/content?kind=course&search=money-basics')).json()) as {
          items: { id: string }[];
        },
    );
    await page.goto(`/staff/content/${courses.items[0]!.id}/en/edit`);
    for (const width of [1280, 768]) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByRole('button', { name: 'Choose from the library: Cover image' }).click();
      const dialog = page.getByRole('dialog', { name: 'Choose a picture' });
      await dialog.waitFor();
      const upload = dialog.locator('input[type=file]');
      if ((await dialog.locator('.media-card').count()) === 0)
        await upload.setInputFiles({
          name: 'a-rather-long-name-for-a-picture-of-a-bank-branch-in-the-village.svg',
          mimeType: 'image/svg+xml',
          buffer: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="#3a7"/></svg>',
          ),
        });
      await dialog.locator('.media-card').first().waitFor();
      await dialog.locator('.media-card').first().click();
      // The chosen tile whole above the chosen file's pane (which stays at the dialog's foot).
      const chosenTile = await dialog.locator('.media-card[aria-pressed="true"]').boundingBox();
      const pane = await dialog.locator('.media-choice').boundingBox();
      expect.soft(chosenTile!.y + chosenTile!.height, `the chosen tile at ${width} px`).toBeLessThanOrEqual(pane!.y);
      // Each tile's picture and words inside its tile, and the tile inside the list.
      expect.soft(await outside(page, '.media-grid--picker .media-card > *', '.media-card')).toEqual([]);
      expect.soft(await outside(page, '.media-grid--picker .media-card', '.media-grid--picker')).toEqual([]);
      expect
        .soft(
          await dialog
            .locator('.media-card-name')
            .evaluateAll((names) => names.filter((name) => name.scrollWidth > name.clientWidth + 1).length),
          `names cut off at ${width} px`,
        )
        .toBe(0);
      await screenshot(page, `layout-picker-${width}`, { fullPage: false });
      await dialog.getByRole('button', { name: 'Cancel' }).first().click();
      await dialog.waitFor({ state: 'hidden' });
    }
    expect(consoleErrors).toEqual([]);
  });
});
