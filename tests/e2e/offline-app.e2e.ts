// The site as an app (ADR 43): its manifest in the reader's language with icons that load, and its
// service worker, which keeps the pages a visitor opened so they open again without a network, and
// gives an address never opened the bare app, which says what it could not load.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root, startServer } from '../faults/lib/server-process';
import { chromium } from 'playwright-core';
import { LAUNCH_OPTIONS, baseUrl, phonePage, screenshot, sharedBrowser, waitForAppOnNavigation } from './helpers';

const browser = sharedBrowser();

describe('the site as an installable app', () => {
  it('links the manifest of the language read, whose name and icons an install uses', async () => {
    const { page, context, consoleErrors } = await phonePage(browser(), { language: 'hi' });
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest-hi.webmanifest');
    const manifest = (await (await page.request.get(href!)).json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest.name).toContain('वित्तीय साक्षरता');
    expect(manifest).toMatchObject({ short_name: 'JGK', start_url: '/', display: 'standalone' });
    for (const icon of manifest.icons) {
      const answer = await page.request.get(icon.src);
      expect(answer.status(), icon.src).toBe(200);
      expect(answer.headers()['content-type']).toBe('image/png');
    }
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('is installable: Chromium finds nothing an install needs missing', async () => {
    // A profile of its own: in the private windows the other journeys use, no site can be installed.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'jgk-install-'));
    const context = await chromium.launchPersistentContext(profile, { ...LAUNCH_OPTIONS, baseURL: baseUrl() });
    const page = waitForAppOnNavigation(context.pages()[0] ?? (await context.newPage()));
    await page.goto('/');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
    const devtools = await context.newCDPSession(page);
    const { installabilityErrors } = (await devtools.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors.map((error) => error.errorId)).toEqual([]);
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  });

  it('opens the pages a visitor opened again without a network, and says what it cannot load', async () => {
    const { page, context, consoleErrors } = await phonePage(browser());
    await page.goto('/');
    // The worker registers once the page has loaded and takes the page over when it is active.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
    await page.goto('/courses');
    const courseTitle = page.getByRole('heading', { level: 2 }).first();
    await courseTitle.waitFor();
    const title = await courseTitle.textContent();

    await context.setOffline(true);
    await page.goto('/courses');
    await expect(page.getByRole('heading', { level: 2, name: title! }).first().isVisible()).resolves.toBe(true);
    await page.goto('/');
    await expect(page.locator('header.site-header').isVisible()).resolves.toBe(true);

    // Never opened: the bare app, whose page could not be loaded, says so.
    await page.goto('/gallery', { waitUntil: 'domcontentloaded' });
    await page
      .getByText('This page could not be loaded. Please check your internet connection and try again.')
      .waitFor();

    await context.setOffline(false);
    // What failed offline was the network's absence, not the page.
    expect(consoleErrors.filter((text) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR/.test(text))).toEqual(
      [],
    );
    await context.close();
  });

  it('offers a new version when one is ready, and takes it only when the visitor chooses Reload', async () => {
    // A server of its own on a copy of the build, whose worker the test can change as a release does.
    const web = fs.mkdtempSync(path.join(os.tmpdir(), 'jgk-web-'));
    const data = fs.mkdtempSync(path.join(os.tmpdir(), 'jgk-update-'));
    fs.cpSync(path.join(root, 'dist/web'), web, { recursive: true });
    const server = await startServer({ WEB_DIR: web, DATA_DIR: data }, undefined, { built: true });
    const context = await browser().newContext({
      baseURL: server.url,
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      await server.waitReady();
      const page = waitForAppOnNavigation(await context.newPage());
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(String(error)));
      await page.goto('/courses');
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
      // The next release's worker: changed by a line (its compressed copies go with the old one).
      const worker = path.join(web, 'sw.js');
      fs.appendFileSync(worker, '\n// the next release\n');
      for (const copy of ['sw.js.br', 'sw.js.gz']) fs.rmSync(path.join(web, copy), { force: true });
      await page.evaluate(() => {
        (window as unknown as { stayed: boolean }).stayed = true;
      });
      await page.evaluate(() =>
        navigator.serviceWorker.getRegistration().then((registration) => registration?.update()),
      );
      const offer = page.getByRole('status').filter({ hasText: 'A new version of the site is ready.' });
      await offer.waitFor();
      // Offered, not taken: the page the visitor is reading stays as it is.
      await page.waitForTimeout(1000);
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
      await screenshot(page, 'update-offer-360');
      await Promise.all([page.waitForEvent('load'), offer.getByRole('button', { name: 'Reload' }).click()]);
      await page.waitForSelector('html[data-ready]', { state: 'attached' });
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBeUndefined();
      expect(await offer.count()).toBe(0);
      const serving = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
      expect(serving).toBe(`${server.url}/sw.js`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await server.stop();
      fs.rmSync(web, { recursive: true, force: true });
      fs.rmSync(data, { recursive: true, force: true });
    }
  });
});
