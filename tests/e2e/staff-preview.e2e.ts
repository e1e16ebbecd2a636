// The preview of a draft as an editor meets it: a blog post published in English and Hindi, then a
// Hindi draft saved on top (through the API, as the editors will); from the item's page the editor
// opens the preview, reads the Hindi draft in the frame at a phone's 360 px (the frame's own width,
// nothing wider than it), in Hindi with `lang` set, under a band saying it is not published; the
// public page of the post still shows the published Hindi text.
import { describe, expect, inject, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import type { BlogDocument } from '../../contract/authoring';
import { desktopPage, expectAccessible, pageCall, screenshot, setUpAuthenticator, sharedBrowser, signIn } from './helpers';

const browser = sharedBrowser();

const PUBLISHED_TITLE = 'नकली KYC कॉल से बचें';
const DRAFT_TITLE = 'नकली KYC कॉल पहचानें: पाँच संकेत';
const DRAFT_TEXT = 'बैंक कभी फ़ोन पर आपका PIN या OTP नहीं माँगता।';

/** The preview's frame, once its page has loaded in it. */
async function previewFrame(page: Page): Promise<Frame> {
  const element = await page.waitForSelector('iframe.staff-preview__frame');
  let frame = await element.contentFrame();
  await expect.poll(async () => (frame = await element.contentFrame()) && new URL(frame.url()).pathname.startsWith('/staff/preview-frame/')).toBe(true);
  return frame!;
}

describe('the preview of a draft', () => {
  it('shows an editor the Hindi draft of a post at a phone’s width, while the site still shows what is published', async () => {
    const { page, consoleErrors } = await desktopPage(browser());
    await page.goto('/login?redirect=%2Fstaff');
    await signIn(page, inject('previewEditorMobile'));
    await setUpAuthenticator(page);
    await page.getByRole('heading', { name: 'Translations', level: 1 }).waitFor();

    // A post in English and Hindi, both published; then a Hindi draft on top.
    const english: BlogDocument = {
      title: 'Spot a fake KYC call',
      author: 'Priya',
      date: '2026-03-01',
      readTime: 4,
      image: 'uploads/blogs/atm-debit-card-safety.svg',
      imageAlt: 'A phone ringing',
      description: '<p>Banks never ask for your PIN.</p>',
    };
    const { item } = await pageCall<{ item: { id: string } }>(page, 'POST', '/api/staff/content', { kind: 'blog', slug: `preview-kyc-${Date.now()}`, body: english });
    await pageCall(page, 'POST', `/api/staff/content/${item.id}/en/publish`, {});
    const hindi = { ...english, title: PUBLISHED_TITLE, author: 'प्रिया', imageAlt: 'बजता फ़ोन', description: '<p>बैंक कभी PIN नहीं माँगता।</p>' };
    await pageCall(page, 'PUT', `/api/staff/content/${item.id}/hi`, { baseVersion: 0, body: hindi });
    const { publicId } = await pageCall<{ publicId: string }>(page, 'POST', `/api/staff/content/${item.id}/hi/publish`, {});
    await pageCall(page, 'PUT', `/api/staff/content/${item.id}/hi`, { baseVersion: 1, body: { ...hindi, title: DRAFT_TITLE, description: `<p>${DRAFT_TEXT}</p>` } });

    // From the item's page to its preview.
    await page.goto(`/staff/content/${item.id}/hi`);
    await page.getByRole('link', { name: 'Preview version 2' }).click();
    await page.waitForURL((url) => url.pathname === `/staff/content/${item.id}/hi/preview`);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Preview: not published.' }).innerText()).toContain('Learners see version 1 until then.');
    expect(await page.getByRole('radio', { name: 'Phone (360 px)' }).isChecked()).toBe(true);

    const frame = await previewFrame(page);
    await frame.getByRole('heading', { level: 1, name: DRAFT_TITLE }).waitFor();
    expect(await frame.getByText(DRAFT_TEXT).count()).toBe(1);
    // Hindi throughout: the frame's document and its text, as a Hindi reader's page is.
    expect(await frame.evaluate(() => document.documentElement.lang)).toBe('hi');
    expect(await frame.locator('main').getAttribute('lang')).toBe('hi');
    expect(await frame.locator('.blog-meta').innerText()).toContain('प्रिया');
    // The frame is a phone's width, and nothing in it is wider.
    const widths = await frame.evaluate(() => ({ inner: window.innerWidth, scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(widths.inner).toBe(360);
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    await expectAccessible(page, 'the preview page');
    await screenshot(page, 'staff-preview-phone-1280', { fullPage: false });

    // A tablet's width is the frame's own too; on a 768 px screen the console itself does not
    // scroll sideways: the frame scrolls in its own box.
    await page.getByRole('radio', { name: 'Tablet (768 px)' }).check();
    await expect.poll(async () => (await previewFrame(page)).evaluate(() => window.innerWidth)).toBe(768);
    await page.setViewportSize({ width: 768, height: 1000 });
    await (await previewFrame(page)).getByRole('heading', { level: 1, name: DRAFT_TITLE }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await expectAccessible(page, 'the preview page at 768 px');
    await screenshot(page, 'staff-preview-tablet-768', { fullPage: false });

    // The site still shows the published Hindi text, and the preview left no trace in its answers.
    await page.goto(`/blogs/${publicId}`);
    await page.getByRole('heading', { level: 1, name: PUBLISHED_TITLE }).waitFor();
    expect(await page.getByText(DRAFT_TEXT).count()).toBe(0);
    expect(await page.getByText(DRAFT_TITLE).count()).toBe(0);
    const list = await pageCall<{ response: { rows: { title: string }[] } }>(page, 'GET', '/api/blog/public?lang=hi&limit=50');
    expect(list.response.rows.map((row) => row.title)).toContain(PUBLISHED_TITLE);
    expect(list.response.rows.map((row) => row.title)).not.toContain(DRAFT_TITLE);
    expect(consoleErrors).toEqual([]);
    // The post leaves the site again, so the other journeys (the blog list's pages) find it as they expect.
    await pageCall(page, 'DELETE', `/api/staff/content/${item.id}`);
  });
});
