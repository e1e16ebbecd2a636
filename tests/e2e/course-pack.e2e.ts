// Saving a course for learning without a network (ADR 42, 43), as a learner on a phone does it in
// Hindi: the size shown before anything is downloaded equals the bytes then fetched (within 5 %), the
// course's calls and pictures are answered from the phone with no network, a file that is not what
// the server signed stops the save, a download cut off goes on from where it stopped, and a saved
// course passes to another phone as one file, checked there before anything of it is kept.
import fs from 'node:fs';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PackManifest, SignedPackManifest } from '../../contract/packs';
import { baseUrl, pageCall, phonePage, screenshot, sharedBrowser, waitForAppOnNavigation } from './helpers';

const browser = sharedBrowser();

async function hindiCourse(page: Page): Promise<{ id: string; title: string }> {
  const list = await pageCall<{ courses: { id: string; title: string }[] }>(page, 'GET', '/api/course/public?lang=hi');
  return list.courses[0]!;
}

async function manifestOf(page: Page, courseId: string): Promise<PackManifest> {
  const signed = await pageCall<SignedPackManifest>(page, 'GET', `/api/packs/hi/${courseId}`);
  return JSON.parse(signed.manifest) as PackManifest;
}

/** The manifest of a course as this phone saved it (read from its pack's cache). */
async function manifestFromCache(page: Page, courseId: string): Promise<PackManifest> {
  const signed = await page.evaluate(async (id) => {
    const kept = await (await caches.open(`jgk-pack:hi:${id}`)).match(`/api/packs/hi/${id}?saved`);
    return kept ? ((await kept.json()) as { manifest: string }) : null;
  }, courseId);
  return JSON.parse(signed!.manifest) as PackManifest;
}

const formatted = (bytes: number) => `${Math.max(1, Math.ceil(bytes / 1024))} KB`;

/** The course page in Hindi on a phone, in a context that lets its requests be routed (no worker in between). */
async function routablePage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser().newContext({
    baseURL: baseUrl(),
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  await context.addInitScript(() => window.localStorage.setItem('jgk_lang', 'hi'));
  return { context, page: waitForAppOnNavigation(await context.newPage()) };
}

describe('a course saved for learning without a network', () => {
  it('shows its exact size first, saves it checked file by file, and opens it with no network', async () => {
    const { page, context, consoleErrors } = await phonePage(browser(), { language: 'hi' });
    await page.goto('/');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
    const course = await hindiCourse(page);
    const manifest = await manifestOf(page, course.id);
    await page.goto(`/courses/hi/${course.id}`);
    const section = page.getByTestId('save-offline');
    const size = manifest.sizes.text + manifest.sizes.pictures;
    await section.getByText(`आकार: ${formatted(size)}`).waitFor();
    await section.getByText('यह साइट आपके फ़ोन में इतनी जगह ले सकती है').waitFor();
    await screenshot(page, 'save-offline-hi-360');

    const fetched = new Map<string, number>();
    const onResponse = async (response: Response) => {
      const path = new URL(response.url()).pathname + new URL(response.url()).search;
      if (!manifest.files.some((file) => file.url === path)) return;
      // A response the page no longer holds (a second request for the same address) is counted once.
      const body = await response.body().catch(() => undefined);
      if (body) fetched.set(path, body.length);
    };
    // Each body is read as its response arrives; the save can end before the last reads do, so they
    // are all awaited before the count.
    const reading: Promise<void>[] = [];
    const listener = (response: Response) => reading.push(onResponse(response));
    page.on('response', listener);
    await section.getByRole('button', { name: 'ऑफ़लाइन के लिए सहेजें' }).click();
    await section.getByText(/इस फ़ोन में सहेजा गया: .* को।/).waitFor();
    page.off('response', listener);
    await Promise.all(reading);
    const bytes = [...fetched.values()].reduce((sum, n) => sum + n, 0);
    expect(fetched.size).toBe(manifest.files.length);
    expect(Math.abs(bytes - size) / size).toBeLessThan(0.05);
    await screenshot(page, 'saved-offline-hi-360');

    await context.setOffline(true);
    const chapter = manifest.files.find((file) => file.url.includes('/chapters/'))!;
    const picture = manifest.files.find((file) => file.kind === 'picture')!;
    const offline = await page.evaluate(
      async (urls) => Promise.all(urls.map(async (url) => (await fetch(url)).status)),
      [chapter.url, picture.url],
    );
    expect(offline).toEqual([200, 200]);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
    await page.getByText(/इस फ़ोन में सहेजा गया/).waitFor();
    await context.setOffline(false);

    // The catalogue lists it with its size and language, and removes it from there.
    await page.goto('/courses');
    const list = page.getByRole('region', { name: 'इस फ़ोन में सहेजे गए' });
    await list.getByRole('link', { name: course.title }).waitFor();
    await list.getByText(`${formatted(size)} · हिन्दी`, { exact: false }).waitFor();
    await screenshot(page, 'saved-courses-hi-360');
    // Named with the course it removes, for a screen reader.
    await list.getByRole('button', { name: course.title }).click();
    await list.waitFor({ state: 'detached' });
    await page.goto(`/courses/hi/${course.id}`);
    await section.getByRole('button', { name: 'ऑफ़लाइन के लिए सहेजें' }).waitFor();
    expect(
      await page.evaluate(() => caches.keys().then((names) => names.filter((n) => n.startsWith('jgk-pack:')))),
    ).toEqual([]);
    // What failed offline was the network's absence (the learner's own calls), nothing of the course.
    expect(consoleErrors.filter((text) => !/ERR_INTERNET_DISCONNECTED/.test(text))).toEqual([]);
    await context.close();
  });

  it('refuses a file that is not what the server signed, and keeps nothing of it as saved', async () => {
    const { context, page } = await routablePage();
    await page.goto('/');
    const course = await hindiCourse(page);
    await context.route(`**/api/course/public/hi/${course.id}`, async (route) => {
      const answer = await route.fetch();
      await route.fulfill({ response: answer, body: (await answer.text()).replace(/"title":"/, '"title":"नकली ') });
    });
    await page.goto(`/courses/hi/${course.id}`);
    const section = page.getByTestId('save-offline');
    await section.getByRole('button', { name: 'ऑफ़लाइन के लिए सहेजें' }).click();
    await section
      .getByRole('alert')
      .getByText('सहेजा नहीं गया: कोर्स की एक फ़ाइल वैसी नहीं थी जैसी सर्वर ने भेजी थी।', { exact: false })
      .waitFor();
    expect(await section.getByText(/इस फ़ोन में सहेजा गया/).count()).toBe(0);
    await context.close();
  });

  it('goes on from where a cut-off download stopped, fetching only what it did not keep', async () => {
    const { context, page } = await routablePage();
    await page.goto('/');
    const course = await hindiCourse(page);
    const manifest = await manifestOf(page, course.id);
    const last = manifest.files.at(-1)!;
    await context.route(`**${last.url}`, (route) => route.abort('internetdisconnected'));
    await page.goto(`/courses/hi/${course.id}`);
    const section = page.getByTestId('save-offline');
    await section.getByRole('button', { name: 'ऑफ़लाइन के लिए सहेजें' }).click();
    await section.getByRole('alert').getByText('डाउनलोड रुक गया।', { exact: false }).waitFor();
    await context.unroute(`**${last.url}`);

    const fetchedAgain: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (manifest.files.some((file) => file.url === path)) fetchedAgain.push(path);
    });
    await section.getByRole('button', { name: 'सहेजना जारी रखें' }).click();
    await section.getByText(/इस फ़ोन में सहेजा गया/).waitFor();
    expect(fetchedAgain).toEqual([last.url]);
    await context.close();
  });

  it('passes a saved course to another phone as one file, checked there before it is kept, opened with no network', async () => {
    // The first phone saves the course and passes it on: no share sheet here, so a file to send.
    const sender = await phonePage(browser(), { language: 'hi' });
    await sender.page.goto('/');
    await sender.page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 20_000,
    });
    const course = await hindiCourse(sender.page);
    await sender.page.goto(`/courses/hi/${course.id}`);
    const section = sender.page.getByTestId('save-offline');
    await section.getByRole('button', { name: 'ऑफ़लाइन के लिए सहेजें' }).click();
    await section.getByText(/इस फ़ोन में सहेजा गया/).waitFor();
    const [download] = await Promise.all([
      sender.page.waitForEvent('download'),
      section.getByRole('button', { name: 'यह कोर्स साझा करें' }).click(),
    ]);
    await section.getByText('कोर्स की फ़ाइल आपके डाउनलोड में है।', { exact: false }).waitFor();
    const file = fs.readFileSync((await download.path())!);
    expect(download.suggestedFilename()).toMatch(/-hi\.jgkpack$/);
    await sender.context.close();

    // The second phone opened the site with a network once (the home page, the course's page, the
    // catalogue: what it opened is kept by the worker), and opens the file later with none.
    const receiver = await phonePage(browser(), { language: 'hi' });
    const { page, context } = receiver;
    await page.goto('/');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
    await page.goto(`/courses/hi/${course.id}`);
    await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
    await page.goto('/courses');
    await page.getByRole('heading', { name: 'दूसरे फ़ोन से आया कोर्स' }).waitFor();
    // The reader's code, fetched at idle on a return and kept by the worker.
    await page.waitForFunction(() =>
      performance.getEntriesByType('resource').some((entry) => /course-pack-file/.test(entry.name)),
    );
    await context.setOffline(true);
    const chooser = page.getByLabel('कोर्स की फ़ाइल खोलें');

    // A file changed on the way (one byte of the last file) is refused, and nothing is kept.
    const changed = Buffer.from(file);
    changed[changed.length - 1] = changed[changed.length - 1]! ^ 0xff;
    await chooser.setInputFiles({ name: 'course-hi.jgkpack', mimeType: 'application/octet-stream', buffer: changed });
    await page.getByRole('alert').getByText('नहीं खुली: यह फ़ाइल इस साइट का कोर्स नहीं है', { exact: false }).waitFor();
    expect(
      await page.evaluate(() => caches.keys().then((names) => names.filter((n) => n.startsWith('jgk-pack:')))),
    ).toEqual([]);
    // A file cut short too.
    await chooser.setInputFiles({
      name: 'course-hi.jgkpack',
      mimeType: 'application/octet-stream',
      buffer: file.subarray(0, file.length - 10),
    });
    await page.getByRole('alert').waitFor();

    await chooser.setInputFiles({ name: 'course-hi.jgkpack', mimeType: 'application/octet-stream', buffer: file });
    await page.waitForURL((url) => url.pathname === `/courses/hi/${course.id}`);
    await page
      .getByTestId('save-offline')
      .getByText(/इस फ़ोन में सहेजा गया/)
      .waitFor();
    const chapter = (await manifestFromCache(page, course.id)).files.find((entry) => entry.url.includes('/chapters/'))!;
    expect(await page.evaluate(async (url) => (await fetch(url)).status, chapter.url)).toBe(200);
    await screenshot(page, 'opened-course-file-hi-360');
    await context.close();
  });
});
