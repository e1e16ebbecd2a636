// The preview of a draft as an editor meets it: a blog post published in English and Hindi, then a
// Hindi draft saved on top (through the API, as the editors will); from the item's page the editor
// opens the preview, reads the Hindi draft in the frame at a phone's 360 px (the frame's own width,
// nothing wider than it), in Hindi with `lang` set, under a band saying it is not published; the
// public page of the post still shows the published Hindi text.
// Then a course's drafts, in English and Hindi: the course page as learners will see it, and inside
// the frame its chapter, lessons (one still without text), video and quiz, the quiz tried and scored
// without a call; every move stays in the frame and nothing is sent. A course with no chapters yet
// and a language not started show what they have.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import type { BlogDocument, CourseDocument, TemplateResponse } from '../../contract/authoring';
import tamil from '../../web/i18n/locales/tm/messages.json';
import {
  desktopPage,
  expectAccessible,
  pageCall,
  phonePage,
  screenshot,
  setUpAuthenticator,
  sharedBrowser,
  signIn,
} from './helpers';

const browser = sharedBrowser();
/** The editor's page, signed in by the first journey and used by the next. */
let editorPage: Page | undefined;
let editorErrors: string[] = [];
const SHOTS = process.env.COURSE_PREVIEW_SHOTS ?? '/tmp/course-preview-shots';

const PUBLISHED_TITLE = 'नकली KYC कॉल से बचें';
const DRAFT_TITLE = 'नकली KYC कॉल पहचानें: पाँच संकेत';
const DRAFT_TEXT = 'बैंक कभी फ़ोन पर आपका PIN या OTP नहीं माँगता।';

/** The preview's frame, once its page has loaded in it. */
async function previewFrame(page: Page): Promise<Frame> {
  const element = await page.waitForSelector('iframe.staff-preview__frame');
  let frame = await element.contentFrame();
  await expect
    .poll(
      async () =>
        (frame = await element.contentFrame()) && new URL(frame.url()).pathname.startsWith('/staff/preview-frame/'),
    )
    .toBe(true);
  return frame!;
}

describe('the preview of a draft', () => {
  it('shows an editor the Hindi draft of a post at a phone’s width, while the site still shows what is published', async () => {
    const { page, consoleErrors } = await desktopPage(browser());
    editorPage = page;
    editorErrors = consoleErrors;
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
    const { item } = await pageCall<{ item: { id: string } }>(page, 'POST', '/api/staff/content', {
      kind: 'blog',
      slug: `preview-kyc-${Date.now()}`,
      body: english,
    });
    await pageCall(page, 'POST', `/api/staff/content/${item.id}/en/publish`, {});
    const hindi = {
      ...english,
      title: PUBLISHED_TITLE,
      author: 'प्रिया',
      imageAlt: 'बजता फ़ोन',
      description: '<p>बैंक कभी PIN नहीं माँगता।</p>',
    };
    await pageCall(page, 'PUT', `/api/staff/content/${item.id}/hi`, { baseVersion: 0, body: hindi });
    const { publicId } = await pageCall<{ publicId: string }>(
      page,
      'POST',
      `/api/staff/content/${item.id}/hi/publish`,
      {},
    );
    await pageCall(page, 'PUT', `/api/staff/content/${item.id}/hi`, {
      baseVersion: 1,
      body: { ...hindi, title: DRAFT_TITLE, description: `<p>${DRAFT_TEXT}</p>` },
    });

    // From the item's page to its preview.
    await page.goto(`/staff/content/${item.id}/hi`);
    await page.getByRole('link', { name: 'Preview version 2' }).click();
    await page.waitForURL((url) => url.pathname === `/staff/content/${item.id}/hi/preview`);
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Preview: not published.' }).innerText())
      .toContain('Learners see version 1 until then.');
    expect(await page.getByRole('radio', { name: 'Phone (360 px)' }).isChecked()).toBe(true);

    const frame = await previewFrame(page);
    await frame.getByRole('heading', { level: 1, name: DRAFT_TITLE }).waitFor();
    expect(await frame.getByText(DRAFT_TEXT).count()).toBe(1);
    // Hindi throughout: the frame's document and its text, as a Hindi reader's page is.
    expect(await frame.evaluate(() => document.documentElement.lang)).toBe('hi');
    expect(await frame.locator('main').getAttribute('lang')).toBe('hi');
    expect(await frame.locator('.blog-meta').innerText()).toContain('प्रिया');
    // The frame is a phone's width, and nothing in it is wider.
    const widths = await frame.evaluate(() => ({
      inner: window.innerWidth,
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
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
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
    await expectAccessible(page, 'the preview page at 768 px');
    await screenshot(page, 'staff-preview-tablet-768', { fullPage: false });

    // The site still shows a Hindi reader the published Hindi text, and the preview left no trace in its answers.
    const reader = await phonePage(browser(), { language: 'hi' });
    await reader.page.goto(`/blogs/${publicId}`);
    await reader.page.getByRole('heading', { level: 1, name: PUBLISHED_TITLE }).waitFor();
    expect(await reader.page.getByText(DRAFT_TEXT).count()).toBe(0);
    expect(await reader.page.getByText(DRAFT_TITLE).count()).toBe(0);
    await reader.context.close();
    const list = await pageCall<{ response: { rows: { title: string }[] } }>(
      page,
      'GET',
      '/api/blog/public?lang=hi&limit=50',
    );
    expect(list.response.rows.map((row) => row.title)).toContain(PUBLISHED_TITLE);
    expect(list.response.rows.map((row) => row.title)).not.toContain(DRAFT_TITLE);
    expect(consoleErrors).toEqual([]);
    // The post leaves the site again, so the other journeys (the blog list's pages) find it as they expect.
    await pageCall(page, 'DELETE', `/api/staff/content/${item.id}`);
  });
  it('shows a course’s draft as learners will see it, each lesson, video and quiz opened inside the frame, nothing sent', async () => {
    const page = editorPage!;
    expect(page, 'the editor signed in by the journey above').toBeDefined();
    const english: CourseDocument = {
      title: 'Preview: money at home',
      description: '<p>Plan what comes in and what goes out.</p>',
      image: 'uploads/courses/money-basics/cover.svg',
      document: null,
      duration: 20,
      summary: '<p>You made a plan.</p>',
      journal: null,
      chapters: [
        {
          title: 'A budget',
          lessons: [
            { title: 'What comes in', duration: 5, content: '<p>Write down every income.</p>' },
            { title: 'Still to be written', duration: 3, content: '' },
          ],
        },
      ],
      videos: [
        {
          title: 'A budget in two minutes',
          description: 'A short film.',
          video: 'uploads/videos/how-upi-works.webm',
          poster: null,
          duration: 120,
        },
      ],
      quizzes: [
        {
          title: 'Budget check',
          passingCriteria: 50,
          questions: [
            {
              type: 'single',
              content: 'What is a budget?',
              options: [
                { content: 'A plan for money', correct: true },
                { content: 'A loan', correct: false },
              ],
            },
            {
              type: 'single',
              content: 'When do you write it?',
              options: [
                { content: 'Before the month', correct: true },
                { content: 'Never', correct: false },
              ],
            },
          ],
        },
      ],
    };
    const { item } = await pageCall<{ item: { id: string } }>(page, 'POST', '/api/staff/content', {
      kind: 'course',
      slug: `preview-budget-${Date.now()}`,
      body: english,
    });
    const template = await pageCall<TemplateResponse>(page, 'GET', `/api/staff/content/${item.id}/hi/template`);
    const hindi = structuredClone(template.body) as CourseDocument;
    hindi.title = 'घर का पैसा';
    hindi.description = '<p>जो आता है और जो जाता है, उसकी योजना बनाएँ।</p>';
    hindi.chapters[0]!.title = 'बजट';
    hindi.chapters[0]!.lessons[0]!.title = 'क्या आता है';
    hindi.chapters[0]!.lessons[0]!.content = '<p>हर आमदनी लिखें।</p>';
    hindi.chapters[0]!.lessons[1]!.title = 'अभी लिखा जाना है';
    hindi.videos[0]!.title = 'दो मिनट में बजट';
    hindi.quizzes[0]!.title = 'बजट जाँच';
    await pageCall(page, 'PUT', `/api/staff/content/${item.id}/hi`, { baseVersion: 0, body: hindi });
    const { item: bare } = await pageCall<{ item: { id: string } }>(page, 'POST', '/api/staff/content', {
      kind: 'course',
      slug: `preview-bare-${Date.now()}`,
      body: { ...english, title: 'Preview: nothing yet', chapters: [], videos: [], quizzes: [], summary: null },
    });

    // Every call the console and the frame make from here on: none but reads.
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET') sent.push(`${request.method()} ${request.url()}`);
    });
    // And every answer not found: only the language not started, further down.
    const notFound: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 404) notFound.push(new URL(response.url()).pathname);
    });

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/staff/content/${item.id}/en/preview`);
    await page.getByText('Nothing you do in the preview is recorded').waitFor();
    const previewUrl = page.url();
    let frame = await previewFrame(page);
    await frame.getByRole('heading', { level: 1, name: 'Preview: money at home' }).waitFor();
    expect(await frame.getByRole('button', { name: 'Enroll' }).isDisabled()).toBe(true);
    expect(
      await frame.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
    await expectAccessible(frame, 'the course page in the preview frame');

    // The chapter, then its lessons, one after the other with Next, as a learner moves.
    await frame.getByRole('link', { name: /A budget/ }).click();
    await frame.getByRole('heading', { level: 1, name: 'A budget' }).waitFor();
    await frame.getByRole('link', { name: 'Start the first lesson' }).click();
    await frame.getByRole('heading', { level: 1, name: 'What comes in' }).waitFor();
    await frame.getByText('Write down every income.').waitFor();
    expect(await frame.getByRole('button', { name: 'Mark as Complete' }).isDisabled()).toBe(true);
    await expectAccessible(frame, 'a lesson in the preview frame');
    await frame.getByRole('link', { name: /^Next/ }).click();
    await frame.getByRole('heading', { level: 1, name: 'Still to be written' }).waitFor();
    expect(await frame.locator('.lesson__content').innerText()).toBe('');
    await frame.getByRole('link', { name: /^Next/ }).click();
    await frame.getByRole('heading', { level: 1, name: 'A budget in two minutes' }).waitFor();
    expect(await frame.locator('video.video-player').getAttribute('src')).toBe('/uploads/videos/how-upi-works.webm');
    await frame.getByRole('link', { name: /^Next/ }).click();

    // The quiz: tried, scored in the browser, its answers shown, nothing sent.
    await frame.getByRole('heading', { level: 1, name: 'Budget check' }).waitFor();
    await frame.getByRole('button', { name: 'Start solving' }).click();
    await frame.getByLabel('A plan for money').check();
    await frame.getByRole('button', { name: 'Next', exact: true }).click();
    await frame.getByLabel('Never').check();
    await frame.getByRole('button', { name: 'Submit', exact: true }).click();
    await frame.getByRole('heading', { name: 'Your result' }).waitFor();
    expect(await frame.getByText('Your score: 50%').count()).toBe(1);
    await expectAccessible(frame, 'a quiz’s result in the preview frame');

    // Every move stayed in the frame: its address is the preview's, the console's did not move.
    expect(new URL(frame.url()).pathname).toBe(`/staff/preview-frame/${item.id}/en`);
    expect(new URL(frame.url()).searchParams.get('quiz')).toBeTruthy();
    expect(page.url()).toBe(previewUrl);
    // The course title in the contents (a drawer at a phone's width) goes back to the course page, in the frame.
    await frame.getByRole('button', { name: 'Show course contents' }).click();
    await frame.locator('.sidebar__course').click();
    await frame.getByRole('heading', { level: 1, name: 'Preview: money at home' }).waitFor();
    expect(new URL(frame.url()).search).toBe('');
    expect(sent).toEqual([]);

    // In Hindi, at a phone's width: the course page and a lesson through the contents drawer.
    await page.goto(`/staff/content/${item.id}/hi/preview`);
    frame = await previewFrame(page);
    await frame.getByRole('heading', { level: 1, name: 'घर का पैसा' }).waitFor();
    expect(await frame.evaluate(() => document.documentElement.lang)).toBe('hi');
    await frame.locator('.course__row').first().click();
    await frame.getByRole('heading', { level: 1, name: 'बजट' }).waitFor();
    await frame.locator('.learning__toggle').click();
    await frame.locator('.sidebar').getByRole('link', { name: 'क्या आता है' }).click();
    await frame.getByRole('heading', { level: 1, name: 'क्या आता है' }).waitFor();
    expect(await frame.locator('.sidebar [aria-current="page"]').allTextContents()).toEqual(['क्या आता है']);
    expect(
      await frame.evaluate(() => ({
        inner: window.innerWidth,
        fits: document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      })),
    ).toEqual({ inner: 360, fits: true });
    await expectAccessible(frame, 'a Hindi lesson in the preview frame at 360 px');

    // A course with no chapters yet: its page with nothing to open.
    await page.goto(`/staff/content/${bare.id}/en/preview`);
    frame = await previewFrame(page);
    await frame.getByRole('heading', { level: 1, name: 'Preview: nothing yet' }).waitFor();
    await frame.getByRole('tab', { name: 'Chapters (0)' }).waitFor();
    expect(await frame.locator('.course__row').count()).toBe(0);
    await expectAccessible(frame, 'a course without chapters in the preview frame');

    // A language not started: the frame says so.
    await page.goto(`/staff/content/${item.id}/tm/preview`);
    frame = await previewFrame(page);
    // (in Tamil, the frame's language, once its words have arrived)
    await frame.getByRole('alert').filter({ hasText: tamil.contentLanguageMissing }).waitFor();
    expect(await frame.locator('.course__title').count()).toBe(0);

    // The frame's page itself, at a phone's and a desktop's width, in English and Hindi.
    fs.mkdirSync(SHOTS, { recursive: true });
    for (const lang of ['en', 'hi']) {
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`/staff/preview-frame/${item.id}/${lang}`);
        await page.locator('.course__title').waitFor();
        await page.screenshot({ path: path.join(SHOTS, `course-${lang}-${width}.png`), fullPage: true });
        const lesson = await page.locator('.course__row').first().getAttribute('href');
        await page.goto(`${lesson}`);
        await page.locator('.learning__main h1').waitFor();
        await page.locator('.learning__main .btn').first().waitFor();
        await page.locator('.course__row').first().click();
        await page.locator('.lesson__content').waitFor();
        await page.screenshot({ path: path.join(SHOTS, `lesson-${lang}-${width}.png`), fullPage: true });
      }
    }
    await screenshot(page, 'staff-preview-course-lesson');
    expect(sent).toEqual([]);
    expect(notFound).toEqual([`/api/staff/content/${item.id}/tm/preview`]);
    // The browser logs that 404 as it logs any; nothing else went wrong.
    expect(editorErrors).toEqual(['Failed to load resource: the server responded with a status of 404 (Not Found)']);
    await pageCall(page, 'DELETE', `/api/staff/content/${item.id}`);
    await pageCall(page, 'DELETE', `/api/staff/content/${bare.id}`);
  });
});
