// The media library as an editor meets it: after setting up the authenticator app, uploads pictures
// by choosing them (several at once, one on a slowed connection to watch its bar, and leaving the
// page meanwhile asked first) and by dropping
// one, sees refused files said per file (a program and a picture too large, before sending; a text
// file named .png, by the server) while the others upload, writes the Hindi and Tamil text
// alternatives and finds them kept, sees where a picture is used (a draft naming it) with a link to
// the item, and deletes an unused one after confirming. A translator writes only in their
// languages and can neither upload nor delete; a learner is told the console is not theirs.
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MEDIA_PAGE_SIZE } from '../../contract/media-rules';
import { mp4, pdf } from '../../server/modules/uploads/upload-test-files';
import {
  desktopPage,
  expectAccessible,
  newMobile,
  pageCall,
  phonePage,
  screenshot,
  setUpAuthenticator,
  sharedBrowser,
  signIn,
} from './helpers';

const browser = sharedBrowser();
const HINDI_ALT = 'बाज़ार में सब्ज़ी बेचती हुई महिला';
const TAMIL_ALT = 'சந்தையில் காய்கறி விற்கும் பெண்';

/** A small PNG of one colour with a stripe, so each file's bytes (and so its library entry) differ. */
function png(width: number, height: number, colour: string): Promise<Buffer> {
  const stripe = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="${colour}"/><rect y="${height / 3}" width="${width}" height="${height / 6}" fill="#fff"/></svg>`,
  );
  return sharp(stripe).png().toBuffer();
}

/** A PNG of random pixels: it does not compress, so it takes a while on a slowed connection. */
function noisyPng(side: number): Promise<Buffer> {
  const pixels = Buffer.alloc(side * side * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.floor(Math.random() * 256);
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();
}

/** One upload's row in the list of this visit's uploads. */
const uploadRow = (page: Page, name: string) =>
  page.locator('.media-upload').filter({ has: page.locator('.media-upload-name', { hasText: name }) });

/** Nothing wider than the screen but the tables that scroll in their own box. */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll('body *')].filter(
      (el) =>
        el.getBoundingClientRect().right > width + 1 &&
        !el.closest('.staff-table-scroll') &&
        getComputedStyle(el).position !== 'fixed' &&
        !el.closest('.notifications'),
    );
    return wide
      .slice(0, 8)
      .map((el) => `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`);
  });
}

let marketId = '';

describe('the media library', () => {
  it('lets an editor upload by choosing and by dropping, with progress and refusals per file, write text alternatives, see where a file is used and delete an unused one', async () => {
    const { page, consoleErrors } = await desktopPage(browser());
    await page.goto('/login?redirect=%2Fstaff%2Fmedia');
    await signIn(page, inject('mediaEditorMobile'));
    await setUpAuthenticator(page);
    await page.getByRole('heading', { name: 'Media library', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/staff/media');
    await expect
      .poll(() => page.getByRole('link', { name: 'Media', exact: true }).getAttribute('aria-current'))
      .toBe('page');

    // Seven files chosen at once: two pictures, a document, a video, a program, a picture over the
    // limit, and text named .png.
    const stamp = Date.now();
    const market = `market-${stamp}.png`;
    const farmer = `farmer-${stamp}.png`;
    const handbook = `handbook-${stamp}.pdf`;
    const clip = `clip-${stamp}.mp4`;
    await page.getByLabel('Choose files').setInputFiles([
      { name: market, mimeType: 'image/png', buffer: await png(480, 320, '#ff9933') },
      { name: farmer, mimeType: 'image/png', buffer: await png(320, 480, '#138808') },
      {
        name: handbook,
        mimeType: 'application/pdf',
        buffer: Buffer.concat([await pdf(), Buffer.from(`\n% ${stamp}\n`)]),
      },
      { name: clip, mimeType: 'video/mp4', buffer: mp4(undefined, undefined, 4096 + (stamp % 1000), 12_500) },
      { name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ\x90\x00 not a picture') },
      { name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 1) },
      { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('These are notes, not a picture.\n'.repeat(20)) },
    ]);
    // Refused before sending, each saying why; refused by the server, its message.
    expect(await uploadRow(page, 'setup.exe').getByRole('alert').innerText()).toMatch(
      /This type of file is not accepted\. Accepted: Pictures: JPEG, PNG, WebP, GIF or SVG; Documents: PDF; Videos: MP4 or WebM/,
    );
    expect(await uploadRow(page, 'huge.png').getByRole('alert').innerText()).toBe(
      'Pictures can be at most 10 MB; this file is larger. Make it smaller and try again.',
    );
    await expect.poll(() => uploadRow(page, 'notes.png').getByRole('alert').count(), { timeout: 20_000 }).toBe(1);
    expect(await uploadRow(page, 'notes.png').getByRole('alert').innerText()).toMatch(
      /not an image of an accepted type/,
    );
    expect(await uploadRow(page, 'notes.png').locator('.media-upload-state').innerText()).toBe('Not uploaded');
    // The others went on.
    await expect
      .poll(() => uploadRow(page, market).locator('.media-upload-state').innerText(), { timeout: 20_000 })
      .toBe('Uploaded');
    await expect
      .poll(() => uploadRow(page, farmer).locator('.media-upload-state').innerText(), { timeout: 20_000 })
      .toBe('Uploaded');
    await expect
      .poll(() => uploadRow(page, clip).locator('.media-upload-state').innerText(), { timeout: 20_000 })
      .toBe('Uploaded');
    // The document and the video are rows, with what the API says of them.
    const others = page.getByRole('region', { name: 'Documents and videos' });
    await expect.poll(() => others.getByRole('row', { name: new RegExp(clip) }).count()).toBe(1);
    expect(await others.getByRole('row', { name: new RegExp(handbook) }).innerText()).toMatch(/Document\s+PDF/);
    expect(await others.getByRole('row', { name: new RegExp(clip) }).innerText()).toMatch(/Video\s+MP4[\s\S]*0:13/);

    // A larger picture on a slowed connection: its own bar moves, with its value for screen readers.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 50,
      downloadThroughput: 1_000_000,
      uploadThroughput: 150_000,
    });
    const slow = `field-${stamp}.png`;
    await page
      .getByLabel('Choose files')
      .setInputFiles([{ name: slow, mimeType: 'image/png', buffer: await noisyPng(700) }]);
    const bar = page.getByRole('progressbar', { name: `Uploading ${slow}` });
    await bar.waitFor();
    expect(await bar.getAttribute('aria-valuemin')).toBe('0');
    expect(await bar.getAttribute('aria-valuemax')).toBe('100');
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 20_000 })
      .toBeGreaterThan(0);
    // Going to another page of the console while it goes asks first: leaving would stop it.
    await page.getByRole('link', { name: 'Translations' }).click();
    const leaving = page.getByRole('dialog', { name: 'Files are still uploading' });
    await leaving.waitFor();
    await leaving.getByRole('button', { name: 'Stay until they finish' }).click();
    await leaving.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/staff/media');
    expect(await bar.count()).toBe(1);
    await screenshot(page, 'staff-media-uploading-1280', { fullPage: false });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expect
      .poll(() => uploadRow(page, slow).locator('.media-upload-state').innerText(), { timeout: 60_000 })
      .toBe('Uploaded');

    // Thumbnails, newest first, each loaded (before the connection drops below).
    const card = (name: string) => page.locator('.media-card').filter({ hasText: name });
    const loaded = (name: string) =>
      card(name)
        .locator('img')
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
    for (const name of [market, farmer, slow]) await expect.poll(() => loaded(name)).toBe(true);

    // The connection drops: the upload says so and is tried again once it is back.
    await cdp.send('Network.emulateNetworkConditions', {
      offline: true,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const offline = `offline-${stamp}.png`;
    await page
      .getByLabel('Choose files')
      .setInputFiles([{ name: offline, mimeType: 'image/png', buffer: await png(200, 200, '#6a0dad') }]);
    await expect
      .poll(() => uploadRow(page, offline).locator('.media-upload-state').innerText(), { timeout: 20_000 })
      .toBe('Not uploaded');
    expect(await uploadRow(page, offline).getByRole('alert').innerText()).not.toBe('');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await page.getByRole('button', { name: `Try the upload of ${offline} again` }).click();
    await expect
      .poll(() => uploadRow(page, offline).locator('.media-upload-state').innerText(), { timeout: 20_000 })
      .toBe('Uploaded');

    // One dropped on the zone.
    const dropped = `dropped-${stamp}.png`;
    const droppedBytes = (await png(400, 300, '#000080')).toString('base64');
    const transfer = await page.evaluateHandle(
      ([name, base64]) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const data = new DataTransfer();
        data.items.add(new File([bytes], name, { type: 'image/png' }));
        return data;
      },
      [dropped, droppedBytes] as const,
    );
    const zone = page.getByTestId('media-drop');
    await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
    await zone.dispatchEvent('dragover', { dataTransfer: transfer });
    await zone.dispatchEvent('drop', { dataTransfer: transfer });
    await expect
      .poll(() => uploadRow(page, dropped).locator('.media-upload-state').innerText(), { timeout: 20_000 })
      .toBe('Uploaded');

    for (const name of [offline, dropped]) await expect.poll(() => loaded(name)).toBe(true);
    expect(await card(market).innerText()).toContain('Text alternative: 0 of 10 languages');
    await expectAccessible(page, 'media library');
    await screenshot(page, 'staff-media-1280');

    // Search by name.
    await page.getByLabel('Search names and text alternatives').fill(`market-${stamp}`);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('1 file found').waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe(`market-${stamp}`);

    // The picture's page: its facts, then its text alternatives in Hindi and Tamil, kept after a reload.
    await card(market).click();
    await page.getByRole('heading', { name: market, level: 1 }).waitFor();
    marketId = new URL(page.url()).pathname.split('/').at(-1)!;
    expect(await page.locator('.media-facts').innerText()).toMatch(/Picture \(PNG\)[\s\S]*480 × 320/);
    await page.getByText('Nothing uses this file now').waitFor();
    await page.getByLabel(/^Hindi/).fill(HINDI_ALT);
    await page.getByLabel(/^Tamil/).fill(TAMIL_ALT);
    await page.getByText('2 languages changed, not saved yet').waitFor();
    await page.getByRole('button', { name: 'Save text alternatives' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: market, level: 1 }).waitFor();
    expect(await page.getByLabel(/^Hindi/).inputValue()).toBe(HINDI_ALT);
    expect(await page.getByLabel(/^Tamil/).inputValue()).toBe(TAMIL_ALT);
    expect(await page.getByLabel(/^Hindi/).getAttribute('lang')).toBe('hi');
    expect(await page.getByLabel(/^Tamil/).getAttribute('lang')).toBe('ta');

    // The library finds it by its Tamil text.
    await page.goto(`/staff/media?q=${encodeURIComponent('காய்கறி')}`);
    await expect.poll(() => card(market).count()).toBe(1);

    // A draft post names it: where it is used says so, with a link to the item; it cannot be deleted.
    const file = await pageCall<{ path: string }>(page, 'GET', `/api/staff/media/${marketId}`);
    const blogs = await pageCall<{ items: { id: string }[] }>(page, 'GET', '/api/staff/content?kind=blog');
    const sample = await pageCall<{ body: Record<string, unknown> }>(
      page,
      'GET',
      `/api/staff/content/${blogs.items[0]!.id}/en`,
    );
    const created = await pageCall<{ item: { id: string } }>(page, 'POST', '/api/staff/content', {
      kind: 'blog',
      slug: `market-picture-${stamp}`,
      body: { ...sample.body, title: 'Market day picture', image: file.path },
    });
    await page.goto(`/staff/media/${marketId}`);
    const usage = page.getByRole('link', { name: 'Market day picture' });
    await usage.waitFor();
    expect(await page.locator('.media-usage li').innerText()).toBe(
      'Unpublished draft of the item Market day picture (English)',
    );
    await page.getByText('It cannot be deleted while 1 place uses it').waitFor();
    expect(await page.getByRole('button', { name: 'Delete this file' }).count()).toBe(0);
    await expectAccessible(page, 'media file');
    await screenshot(page, 'staff-media-file-1280');
    for (const width of [768, 360]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await overflowing(page), `file page at ${width}`).toEqual([]);
      await screenshot(page, `staff-media-file-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await usage.click();
    await page.waitForURL((url) => url.pathname === `/staff/content/${created.item.id}/en`);

    // An unused picture is deleted after confirming; it leaves the library.
    await page.goto('/staff/media');
    await card(farmer).click();
    await page.getByRole('heading', { name: farmer, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Delete this file' }).click();
    const dialog = page.getByRole('dialog', { name: `Delete ${farmer}?` });
    await dialog.getByText('It leaves the media library and the store for good').waitFor();
    // It opens on Cancel: a second Enter does not delete.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await screenshot(page, 'staff-media-delete-1280', { fullPage: false });
    await dialog.getByRole('button', { name: 'Delete for good' }).click();
    await page.waitForURL((url) => url.pathname === '/staff/media');
    await page.getByText(`${farmer} was deleted.`).waitFor();
    await expect.poll(() => card(market).count()).toBe(1);
    await expect.poll(() => card(farmer).count()).toBe(0);
    expect(await page.evaluate(async (id) => (await fetch(`/api/staff/media/${id}`)).status, marketId)).toBe(200);

    // More than a page of files: pages in the address, and a filter by kind.
    const more = await Promise.all(
      Array.from({ length: 20 }, (_, i) => png(40 + i, 30, `#${(0x102030 + i * 0x050403).toString(16).slice(-6)}`)),
    );
    for (const [i, bytes] of more.entries()) {
      const status = await page.evaluate(
        async ([name, base64]) => {
          const form = new FormData();
          form.append(
            'file',
            new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], name, { type: 'image/png' }),
          );
          return (await fetch('/api/staff/media?kind=image', { method: 'POST', body: form })).status;
        },
        [`swatch-${i}-${stamp}.png`, bytes.toString('base64')] as const,
      );
      expect(status).toBe(201);
    }
    // Other journeys may have left pictures in the library before this one: older than these, they come after them.
    const library = await pageCall<{ total: number }>(page, 'GET', '/api/staff/media');
    const pictures = await pageCall<{ total: number }>(page, 'GET', '/api/staff/media?kind=image');
    // Other journeys of the group may have added documents of their own (the course editor's handout).
    const documents = await pageCall<{ total: number }>(page, 'GET', '/api/staff/media?kind=document');
    expect(documents.total).toBeGreaterThanOrEqual(1);
    expect(library.total).toBeGreaterThanOrEqual(26);
    expect(library.total, 'the library fits on two pages, as this journey expects').toBeLessThanOrEqual(
      2 * MEDIA_PAGE_SIZE,
    );
    await page.goto('/staff/media');
    await page.getByText(`${library.total} files, newest first`).waitFor();
    // Newest first: the twenty swatches and three pictures as thumbnails, the video as a row.
    expect(await page.locator('.media-grid > li').count()).toBe(23);
    expect(await others.getByRole('row', { name: new RegExp(clip) }).count()).toBe(1);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await page.getByText('Page 2 of 2').waitFor();
    await expect.poll(() => page.locator('.media-grid > li').count()).toBe(pictures.total - 23);
    expect(await card(market).count()).toBe(1);
    expect(await others.getByRole('row', { name: new RegExp(handbook) }).count()).toBe(1);
    await page.getByLabel('Kind').selectOption('document');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText(documents.total === 1 ? '1 file found' : `${documents.total} files found`).waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    await page.goBack();
    await page.getByText('Page 2 of 2').waitFor();

    for (const width of [768, 360]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await overflowing(page), `library at ${width}`).toEqual([]);
      await screenshot(page, `staff-media-${width}`);
    }
    // A document's page links the file instead of a preview, and asks for no text alternative.
    await page.setViewportSize({ width: 1280, height: 800 });
    await others.getByRole('link', { name: handbook }).click();
    await page.getByRole('heading', { name: handbook, level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: /Open the file \(PDF/ }).getAttribute('href')).toMatch(
      /^\/uploads\/.+\.pdf$/,
    );
    expect(await page.getByRole('heading', { name: 'Text alternative in each language' }).count()).toBe(0);
    await pageCall(page, 'DELETE', `/api/staff/content/${created.item.id}`);
    // The refused text file (415) and the upload sent while offline are the only failures.
    expect(consoleErrors.filter((e) => !/status of 415|ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
  });

  it('lets a Hindi and Tamil translator write only their languages’ text alternatives, without uploading or deleting', async () => {
    const context = await browser().newContext({
      baseURL: inject('baseUrl'),
      viewport: { width: 768, height: 1024 },
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.goto('/login?redirect=%2Fstaff%2Fmedia');
    await signIn(page, inject('mediaTranslatorMobile'));
    await setUpAuthenticator(page);
    await page.getByRole('heading', { name: 'Media library', level: 1 }).waitFor();
    await page.getByText('Editors upload files.').waitFor();
    expect(await page.getByLabel('Choose files').count()).toBe(0);
    await page.goto(`/staff/media/${marketId}`);
    await page.getByRole('heading', { name: 'Text alternative in each language' }).waitFor();
    expect(await page.getByLabel(/^Hindi/).getAttribute('readonly')).toBeNull();
    expect(await page.getByLabel(/^English/).getAttribute('readonly')).not.toBeNull();
    await page.getByLabel(/^Hindi/).fill(`${HINDI_ALT} (अनुवादक)`);
    await page.getByRole('button', { name: 'Save text alternatives' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Delete' }).count()).toBe(0);
    expect(
      await page.evaluate(async (id) => (await fetch(`/api/staff/media/${id}`, { method: 'DELETE' })).status, marketId),
    ).toBe(403);
    await screenshot(page, 'staff-media-file-translator-768');
    await context.close();
  });

  it('tells a learner the console is not theirs', async () => {
    const { page } = await phonePage(browser());
    await page.goto('/login?redirect=%2Fstaff%2Fmedia');
    await signIn(page, newMobile(), { name: 'Lata Learner' });
    await page.waitForURL((url) => url.pathname === '/staff/media');
    await page.getByRole('heading', { name: 'This account is not on the staff' }).waitFor();
    expect(await page.evaluate(async () => (await fetch('/api/staff/media')).status)).toBe(403);
  });
});
