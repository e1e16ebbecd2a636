// The public website at phone (360x740) and desktop (1280x800) sizes: home with all its sections
// and behaviours (video modal, lightbox, banner ends, gallery tabs), the header's menus, blogs and
// success stories with their pagination ends, gallery, highlights, news, about, the unknown-path
// redirect and the language switch. Every page is checked with axe-core and must not log an error;
// phone screenshots in English and Hindi go to tests/e2e/screenshots/.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  baseUrl,
  desktopPage,
  expectAccessible,
  languageWithoutLongText,
  phonePage,
  screenshot,
  sharedBrowser,
} from './helpers';

const browser = sharedBrowser();

/** The YouTube player is answered locally: the test machine has no internet, and none is needed. */
async function stubYouTube(context: BrowserContext) {
  await context.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
  );
}

const sizes = [
  { name: 'phone', phone: true, open: (language?: string) => phonePage(browser(), { language }) },
  { name: 'desktop', phone: false, open: (language?: string) => desktopPage(browser(), { language }) },
] as const;

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
}

/** Makes every lazily loaded picture load, then takes a full-page screenshot. */
async function fullShot(page: Page, name: string) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: viewport?.width ?? 360, height: Math.min(height, 12000) });
  await settle(page);
  await page.waitForTimeout(300);
  await screenshot(page, name);
  if (viewport) await page.setViewportSize(viewport);
}

describe.each(sizes)('public pages on a $name', ({ name, phone, open }) => {
  it('home: hero, video modal, sections, lightbox, banner and gallery tabs', async () => {
    const { page, context, consoleErrors } = await open();
    await stubYouTube(context);
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Taking India forward with financial literacy' }).waitFor();
    const getStarted = page.getByRole('link', { name: /Get Started/ });
    await expect(getStarted.getAttribute('href')).resolves.toBe('/login');
    await expect(getStarted.getAttribute('target')).resolves.toBe('_blank');
    // Only the first hero picture is fetched with the page.
    await expect(page.locator('.hero__image').first().getAttribute('src')).resolves.toBe('/home/hero-1.svg');

    // The video modal: autoplaying player only while open; closed by Escape, button and backdrop.
    const watch = page.getByRole('button', { name: 'Watch how it works' });
    const dialog = page.locator('dialog.video-modal');
    await watch.click();
    await dialog.locator('iframe').waitFor();
    expect(await dialog.locator('iframe').getAttribute('src')).toMatch(
      /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]{11}\?.*autoplay=1/,
    );
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.evaluate((d) => (d as HTMLDialogElement).open)).toBe(false);
    expect(await dialog.locator('iframe').count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toContain('Watch how it works');
    await watch.click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.evaluate((d) => (d as HTMLDialogElement).open)).toBe(false);
    await watch.click();
    await dialog.locator('iframe').waitFor();
    await page.mouse.click(3, 3);
    await expect.poll(() => dialog.evaluate((d) => (d as HTMLDialogElement).open)).toBe(false);

    // Introduction, impact figures, three stories, testimonials.
    await page.getByRole('heading', { name: 'INTRODUCTION' }).waitFor();
    const metrics = await page.locator('.metric').allTextContents();
    for (const figure of ['22', '300', '21 million', '2300+', '4,00,000+', '34'])
      expect(metrics.join(' ')).toContain(figure);
    const stories = page.locator('#recent-stories ~ .story-grid .story-card');
    await expect.poll(() => stories.count()).toBe(3);
    expect(await stories.first().getByRole('link').getAttribute('href')).toMatch(/^\/success-stories\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('link', { name: 'View All' }).getAttribute('href')).resolves.toBe(
      '/success-stories/all',
    );
    expect(await page.locator('.testimonial').count()).toBe(3);

    // Six photos; the lightbox wraps both ways and follows the arrow keys.
    const photos = page.locator('.photo-grid__button');
    await expect.poll(() => photos.count()).toBe(6);
    await photos.nth(5).click();
    const lightbox = page.locator('section[aria-labelledby="photo-gallery"] dialog.lightbox');
    await expect.poll(() => lightbox.locator('.lightbox__count').textContent()).toBe('Photo 6 of 6');
    await lightbox.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => lightbox.locator('.lightbox__count').textContent()).toBe('Photo 1 of 6');
    await lightbox.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => lightbox.locator('.lightbox__count').textContent()).toBe('Photo 6 of 6');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => lightbox.locator('.lightbox__count').textContent()).toBe('Photo 1 of 6');
    await page.keyboard.press('Escape');
    await expect.poll(() => lightbox.evaluate((d) => (d as HTMLDialogElement).open)).toBe(false);
    await expect(page.getByRole('link', { name: /Explore More/ }).getAttribute('target')).resolves.toBe('_blank');

    // Banner: Back off on the first item, Next off on the last, two pictures each, "01".
    const banner = page.locator('.banner');
    await banner.locator('.banner__number').waitFor();
    await expect(banner.locator('.banner__number').textContent()).resolves.toBe('01');
    expect(await banner.locator('.banner__images img').count()).toBe(2);
    const back = banner.getByRole('button', { name: 'Back' });
    const next = banner.getByRole('button', { name: 'Next' });
    expect(await back.isDisabled()).toBe(true);
    let steps = 0;
    while (!(await next.isDisabled()) && steps < 20) {
      await next.click();
      steps += 1;
    }
    expect(steps).toBeGreaterThan(0);
    expect(await back.isDisabled()).toBe(false);
    await expect(banner.locator('.banner__number').textContent()).resolves.toBe(String(steps + 1).padStart(2, '0'));

    // Gallery tabs: the first is chosen; another tab loads its own pictures.
    const tabs = page.locator('#home-gallery-title ~ .gallery-tabs [role="tab"]');
    await expect.poll(() => tabs.count()).toBeGreaterThan(1);
    expect(await tabs.first().getAttribute('aria-selected')).toBe('true');
    const firstSrc = await page.locator('#home-gallery-panel .masonry img').first().getAttribute('src');
    await tabs.nth(1).click();
    await expect
      .poll(() => page.locator('#home-gallery-panel .masonry img').first().getAttribute('src'))
      .not.toBe(firstSrc);
    expect(await tabs.nth(1).getAttribute('aria-selected')).toBe('true');

    await expectAccessible(page, `home (${name})`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('header: Impact menu and drawer close on Escape and outside click', async () => {
    const { page, context, consoleErrors } = await open();
    await page.goto('/about');
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    if (phone) {
      const burger = page.getByRole('button', { name: 'Open menu' });
      await burger.click();
      const drawer = page.locator('#site-drawer');
      await drawer.getByRole('link', { name: 'Login' }).waitFor();
      const impact = drawer.getByRole('button', { name: 'Impact' });
      await impact.click();
      await drawer.getByRole('link', { name: 'Blogs' }).waitFor();
      await page.keyboard.press('Escape');
      await expect.poll(() => drawer.isHidden()).toBe(true);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await drawer.getByRole('link', { name: 'Gallery' }).click();
      await page.waitForURL('**/gallery');
      await expect.poll(() => drawer.isHidden()).toBe(true);
    } else {
      const nav = page.locator('.site-header__nav');
      const impact = nav.getByRole('button', { name: 'Impact' });
      const menu = nav.locator('.impact__menu');
      await impact.click();
      expect(await impact.getAttribute('aria-expanded')).toBe('true');
      await page.keyboard.press('Escape');
      await expect.poll(() => menu.isHidden()).toBe(true);
      await impact.click();
      await page.mouse.click(640, 600);
      await expect.poll(() => menu.isHidden()).toBe(true);
      // Tab moves through the items; leaving the last one closes the menu.
      await impact.click();
      await impact.focus();
      for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
      await expect.poll(() => menu.isHidden()).toBe(true);
      await impact.click();
      await menu.getByRole('link', { name: 'Success Stories' }).click();
      await page.waitForURL('**/success-stories/all');
      await expect(page.getByRole('link', { name: 'Sign In / Up' }).getAttribute('href')).resolves.toBe('/login');
      const schools = nav.getByRole('link', { name: /JGK for Schools/ });
      await expect(schools.getAttribute('target')).resolves.toBe('_blank');
    }
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('blogs: featured article, four per page, pagination ends, detail with Go Back and what to read next', async () => {
    const { page, context, consoleErrors } = await open();
    await stubYouTube(context);
    await page.goto('/blogs');
    await page.getByText('Featured article').waitFor();
    const rows = page.locator('.blog-row');
    await expect.poll(() => rows.count()).toBe(4);
    // The featured article is not repeated in the list under it.
    const featured = await page.locator('.blog-featured__title').textContent();
    expect(await rows.locator('h3').allTextContents()).not.toContain(featured);
    for (const text of await page.locator('.blog-row__excerpt').allTextContents())
      expect(text.length).toBeLessThanOrEqual(603);
    const pager = page.getByRole('navigation', { name: 'Blog pages' });
    const previous = pager.getByRole('button', { name: 'Previous' });
    const next = pager.getByRole('button', { name: 'Next' });
    expect(await previous.isDisabled()).toBe(true);
    const firstTitle = await rows.first().locator('h3').textContent();
    await next.click();
    await page.waitForURL('**/blogs?page=2');
    await expect.poll(() => rows.first().locator('h3').textContent()).not.toBe(firstTitle);
    expect(await previous.isDisabled()).toBe(false);
    expect(await next.isDisabled()).toBe(true); // seven sample posts: the featured one, then four and two
    await expect.poll(() => rows.count()).toBe(2);
    await expectAccessible(page, `blogs (${name})`);

    await rows.first().locator('h3 a').click();
    await page.waitForURL(/\/blogs\/[0-9a-f-]{36}$/);
    await page.locator('h1.blog-detail__title').waitFor();
    await expect(page.getByRole('link', { name: /Go Back/ }).getAttribute('href')).resolves.toBe('/blogs');
    await page.getByRole('heading', { name: 'What to read next' }).waitFor();
    for (const text of await page.locator('.read-next__excerpt').allTextContents())
      expect(text.length).toBeLessThanOrEqual(133);
    await expectAccessible(page, `blog detail (${name})`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('success stories: redirect, six per page, pagination ends, highlighted cards, detail', async () => {
    const { page, context, consoleErrors } = await open();
    await page.goto('/success-stories');
    await page.waitForURL('**/success-stories/all');
    const cards = page.locator('.story-card');
    await expect.poll(() => cards.count()).toBe(6);
    for (const text of await page.locator('.story-card__text').allTextContents())
      expect(text.length).toBeLessThanOrEqual(353);
    expect(await page.locator('.story-card--highlighted').count()).toBeGreaterThan(0);
    const pager = page.getByRole('navigation', { name: 'Success story pages' });
    expect(await pager.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => cards.count()).toBe(2); // eight sample stories
    expect(await pager.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await expectAccessible(page, `stories (${name})`);
    await cards.first().getByRole('link').click();
    await page.waitForURL(/\/success-stories\/[0-9a-f-]{36}$/);
    await page.locator('h1.story-detail__name').waitFor();
    await expect(page.getByRole('link', { name: /Go Back/ }).getAttribute('href')).resolves.toBe(
      '/success-stories/all',
    );
    await expectAccessible(page, `story detail (${name})`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('gallery, highlights, news and about show their content', async () => {
    const { page, context, consoleErrors } = await open();
    await page.goto('/gallery');
    const tabs = page.locator('[role="tab"]');
    await expect.poll(() => tabs.count()).toBeGreaterThan(1);
    expect(await tabs.first().getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.locator('.masonry img').count()).toBeGreaterThan(0);
    await page.locator('.masonry__button').first().click();
    await page.locator('dialog.lightbox[open]').waitFor();
    await page.keyboard.press('Escape');
    await expectAccessible(page, `gallery (${name})`);

    await page.goto('/highlights');
    await expect.poll(() => page.locator('.highlight').count()).toBe(3);
    await expectAccessible(page, `highlights (${name})`);

    await page.goto('/news');
    await page.getByRole('heading', { name: 'Top News' }).waitFor();
    const books = page.locator('.publication');
    expect(await books.count()).toBe(4);
    for (const target of await books.evaluateAll((links) => links.map((l) => l.getAttribute('target'))))
      expect(target).toBe('_blank');
    await expectAccessible(page, `news (${name})`);

    await page.goto('/about');
    await page.getByRole('heading', { name: 'Sath Sath' }).waitFor();
    await page.getByRole('heading', { name: 'Gali Gali Gaon Gaon' }).waitFor();
    expect(await page.locator('.about-card').count()).toBe(3);
    await expectAccessible(page, `about (${name})`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('an unknown path goes to the home page, replacing the history entry', async () => {
    const { page, context, consoleErrors } = await open();
    await page.goto('/about');
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    await page.goto('/no/such/page');
    await page.waitForURL(`${baseUrl()}/`);
    await page.goBack();
    await page.waitForURL('**/about');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('languages', () => {
  it('switching to Hindi changes the text and <html lang>, and is remembered after a reload', async () => {
    const { page, context, consoleErrors } = await phonePage(browser());
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Taking India forward with financial literacy' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    // The first page in English keeps the server's title; after that the tab shows the page's heading.
    expect(await page.title()).toBe('JGK – Taking India forward with financial literacy');
    await page.getByLabel('Language').selectOption('hi');
    await page.getByRole('heading', { level: 1, name: 'वित्तीय साक्षरता के साथ भारत को आगे ले जाना' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
    await expect.poll(() => page.title()).toBe('वित्तीय साक्षरता के साथ भारत को आगे ले जाना – JGK');
    expect(await page.evaluate(() => localStorage.getItem('jgk_lang'))).toBe('hi');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'वित्तीय साक्षरता के साथ भारत को आगे ले जाना' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
    // Only the Devanagari font is fetched, and no other language's text.
    await settle(page);
    const fetched = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    expect(fetched.some((url) => /noto-sans-devanagari/.test(url))).toBe(true);
    expect(fetched.some((url) => /noto-sans-(bengali|tamil|telugu|gujarati|kannada|malayalam|oriya)/.test(url))).toBe(
      false,
    );
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('shows a Hindi reader the success stories, banner items and gallery titles written in Hindi', async () => {
    const { page, context, consoleErrors } = await phonePage(browser(), { language: 'hi' });
    const manjula = 'मंजुला, तुमकुरु (कर्नाटक)';
    // Home, as the server renders it: the banner carousel and the recent stories.
    await page.goto('/');
    await page.getByRole('heading', { level: 2, name: 'साथ साथ' }).waitFor();
    await page.getByRole('heading', { level: 3, name: manjula }).waitFor();
    expect(await page.getByText('Manjula, Tumakuru (Karnataka)').count()).toBe(0);
    // The stories page, and a story opened from it.
    await page.goto('/success-stories/all');
    await page.getByRole('heading', { name: manjula }).waitFor();
    await page.getByRole('link', { name: manjula }).first().click();
    await page.getByRole('heading', { level: 1, name: manjula }).waitFor();
    await page.getByText('यह एक उदाहरण के लिए लिखी गई नमूना कहानी है।').waitFor();
    // The gallery's titles, and the images' descriptions of the Hindi title.
    await page.goto('/gallery');
    await page.getByRole('tab', { name: 'वित्तीय साक्षरता वैन' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Financial literacy vans' }).count()).toBe(0);
    await page
      .getByRole('img', { name: /धूप वाले दिन कार्यक्रम की लाल-सफ़ेद वैन/ })
      .first()
      .waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('a long text written in the language is shown in it, without a note', async () => {
    const { page, context, consoleErrors } = await phonePage(browser(), { language: 'tm' });
    await page.goto('/about');
    await page.getByRole('heading', { level: 1, name: 'எங்களைப் பற்றி' }).waitFor();
    await page.getByText('2017 முதல் இந்தியாவை முன்னேற்றி வரும் ஒரு நிதி அறிவுத் திட்டம்.').waitFor();
    expect(await page.getByText('இந்தப் பக்கம் இன்னும் உங்கள் மொழியில் கிடைக்கவில்லை').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ta');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  const untranslated = languageWithoutLongText('about');
  it.skipIf(!untranslated)('a long text missing in a language is shown in English with a note', async () => {
    const { page, context, consoleErrors } = await phonePage(browser(), { language: untranslated!.code });
    await page.goto('/about');
    await page.getByText(untranslated!.note).waitFor();
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(untranslated!.bcp47);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('phone screenshots of every public page in English and Hindi', async () => {
    const pages = ['/', '/about', '/gallery', '/highlights', '/news', '/blogs', '/success-stories/all'];
    for (const language of ['en', 'hi']) {
      const { page, context, consoleErrors } = await phonePage(browser(), { language });
      await stubYouTube(context);
      for (const path of pages) {
        await page.goto(path);
        await settle(page);
        await fullShot(page, `public-${language}${path.replace(/\W+/g, '-').replace(/-$/, '') || '-home'}`);
      }
      await page.goto('/blogs');
      await page.locator('.blog-row h3 a').first().click();
      await page.locator('h1.blog-detail__title').waitFor();
      await fullShot(page, `public-${language}-blog-detail`);
      await page.goto('/success-stories/all');
      await page.locator('.story-card a').first().click();
      await page.locator('h1.story-detail__name').waitFor();
      await fullShot(page, `public-${language}-story-detail`);
      expect(consoleErrors).toEqual([]);
      await context.close();
    }
  });
});
