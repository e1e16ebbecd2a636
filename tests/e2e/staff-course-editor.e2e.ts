// The course editor as an editor uses it: a course opened from its item page, a lesson written in
// Devanagari and Tamil (conjuncts and a zero-width joiner, typed key by key and committed as an
// input method does) that survives the save and a reload to the code point, a lesson moved by the
// keyboard and chapters dragged with the mouse (keys kept), a quiz question without its correct
// answer refused at the question, someone else's save meanwhile met with both versions and either
// choice, a dropped connection said so and the work given back after a reload, and leaving with
// unsaved work asked first. A Hindi translator starts the Hindi course, text only, and cannot edit
// English. The editor's rich-text code stays out of every public page.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CourseDocument, LanguageHead } from '../../contract/authoring';
import { mp4, pdf } from '../../server/modules/uploads/upload-test-files';
import {
  confirmAuthenticator,
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
/** The course the editor wrote (the translator's test translates it). */
let courseId = '';
/** Deletes it once every test is done, as the editor: the other journeys' matrix and figures stay as they expect. */
let removeCourse: (() => Promise<unknown>) | null = null;
/** The course editor's authenticator key, once set up (a later sign-in confirms with it). */
let editorSecret: string | null = null;
afterAll(async () => {
  await removeCourse?.();
});

const codePoints = (text: string) =>
  [...text].map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`);

const lesson = (title: string, text: string) => ({ title, duration: 5, content: `<p>${text}</p>` });
const COURSE: CourseDocument = {
  title: 'Editor check',
  description: '<p>A course written for the editor’s journey.</p>',
  image: null,
  document: null,
  duration: 20,
  summary: null,
  journal: null,
  chapters: [
    {
      title: 'Saving',
      lessons: [lesson('Why save', 'Save a little every week.'), lesson('Where to save', 'A bank account is safe.')],
    },
    { title: 'Borrowing', lessons: [lesson('Loans', 'Read the interest rate.')] },
  ],
  videos: [{ title: 'A visit to the bank', description: null, video: null, poster: null, duration: 90 }],
  quizzes: [
    {
      title: 'Check yourself',
      passingCriteria: 60,
      questions: [
        {
          type: 'single',
          content: 'Where is money safest?',
          explanation: null,
          options: [
            { content: 'A bank', correct: true },
            { content: 'Under a mattress', correct: false },
          ],
        },
      ],
    },
  ],
};

/** The editor's status line, in words. */
const status = (page: Page) => page.locator('.ce-status');
const waitSaved = (page: Page) => expect.poll(() => status(page).innerText(), { timeout: 15_000 }).toMatch(/^Saved/);

describe('the course editor', () => {
  it('keeps Indic text to the code point, moves a lesson by keyboard, refuses a question without its answer, meets a save made meanwhile, and asks before leaving', async () => {
    const { page, consoleErrors } = await desktopPage(browser());
    await page.goto('/login?redirect=%2Fstaff');
    await signIn(page, inject('courseEditorMobile'));
    editorSecret = await setUpAuthenticator(page);
    await page.getByRole('heading', { name: 'Translations', level: 1 }).waitFor();

    const slug = `editor-check-${Date.now()}`;
    const created = await pageCall<{ item: { id: string } }>(page, 'POST', '/api/staff/content', {
      kind: 'course',
      slug,
      body: COURSE,
    });
    const id = created.item.id;
    courseId = id;
    removeCourse = () => pageCall(page, 'DELETE', `/api/staff/content/${id}`);
    const head = () => pageCall<LanguageHead>(page, 'GET', `/api/staff/content/${id}/en`);
    const body = async () => (await head()).body as CourseDocument;
    const keysBefore = (await body()).chapters.map((c) => [c.key, c.lessons.map((l) => l.key)]);

    // From the item's page, Edit opens the editor.
    await page.goto(`/staff/content/${id}/en`);
    await page.getByRole('link', { name: 'Edit English' }).click();
    await page.waitForURL((url) => url.pathname === `/staff/content/${id}/en/edit`);
    await page.getByRole('heading', { name: /Edit: Editor check/ }).waitFor();
    expect(await status(page).innerText()).toMatch(/^Saved as version \d+$/);

    // A lesson written in Devanagari and Tamil: key by key, then as an input method commits a word.
    const typed = 'क्ष श्र ஸ்ரீ क्\u200Dष';
    const committed = ' क्षेत्र ஸ்ரீநிவாஸ் श्रम';
    await page.getByRole('button', { name: 'Edit Lesson 1.1: Why save' }).click();
    const text = page.getByRole('textbox', { name: 'Lesson text' });
    await text.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await page.keyboard.type(typed);
    await page.keyboard.insertText(committed);
    const expected = typed + committed;
    expect(codePoints(await text.innerText())).toEqual(codePoints(expected));
    await expect.poll(() => status(page).innerText()).toBe('Changes not saved yet');
    await waitSaved(page);
    expect((await body()).chapters[0]!.lessons[0]!.content).toBe(`<p>${expected}</p>`);
    await screenshot(page, 'staff-course-editor-1280');

    await page.reload();
    await page.getByRole('button', { name: 'Edit Lesson 1.1: Why save' }).click();
    expect(codePoints(await page.getByRole('textbox', { name: 'Lesson text' }).innerText())).toEqual(
      codePoints(expected),
    );
    await expectAccessible(page, 'course editor');

    // The rich-text toolbar: one tab stop, arrows along it, a javascript: link refused.
    const toolbar = page.getByRole('toolbar', { name: 'Formatting: Lesson text' });
    await toolbar.getByRole('button', { name: 'H2: heading' }).focus();
    await page.keyboard.press('End');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Redo');
    await page.getByRole('textbox', { name: 'Lesson text' }).click();
    await toolbar.getByRole('button', { name: 'Link' }).click();
    await page.getByLabel('Link address').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Insert' }).click();
    await page.getByRole('alert').filter({ hasText: 'javascript: are refused' }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();

    // A link, a stored picture and a YouTube video put in the description survive the server's allowlist, and come back as they went.
    const samples = await pageCall<{ items: { id: string; slug: string }[] }>(
      page,
      'GET',
      '/api/staff/content?kind=course&search=money-basics',
    );
    const picture = (
      (await pageCall<LanguageHead>(page, 'GET', `/api/staff/content/${samples.items[0]!.id}/en`))
        .body as CourseDocument
    ).image!;
    const description = page.getByRole('textbox', { name: 'Description', exact: true });
    const tools = page.getByRole('toolbar', { name: 'Formatting: Description' });
    await description.click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.press('Enter');
    await tools.getByRole('button', { name: 'Link' }).click();
    await page.getByLabel('Link address').fill('rbi.org.in');
    await page.keyboard.press('Enter');
    await tools.getByRole('button', { name: 'Picture' }).click();
    await page.getByLabel('Stored picture (uploads/…)').fill(picture);
    await page.getByLabel('What the picture shows').fill('A bank branch');
    await page.getByRole('button', { name: 'Insert' }).click();
    await tools.getByRole('button', { name: 'Video' }).click();
    await page.getByLabel('YouTube address, or a stored video file').fill('https://youtu.be/Qm7vKx3pT2c');
    await page.getByRole('button', { name: 'Insert' }).click();
    await description.getByText('https://www.youtube.com/watch?v=Qm7vKx3pT2c').waitFor();
    await waitSaved(page);
    const html = (await body()).description;
    expect(html).toContain(
      '<a href="https://rbi.org.in" target="_blank" rel="noopener noreferrer">https://rbi.org.in</a>',
    );
    expect(html).toContain(`<img src="/${picture}" alt="A bank branch" loading="lazy" />`);
    expect(html).toContain('<oembed url="https://www.youtube.com/watch?v=Qm7vKx3pT2c"></oembed>');

    // Lesson 1.1 moved down by the keyboard (its Move down button), then back up with its drag handle (Space, arrow, Space).
    await page.getByRole('button', { name: 'Move down: Lesson 1.1: Why save' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Lesson 1.1: Why save is now at position 2 of 2.' }).waitFor();
    await page.getByRole('group', { name: 'Lesson 1.1: Where to save' }).waitFor();
    // The focus stays on the button that moved the lesson.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Move down: Lesson 1.2: Why save',
    );
    await waitSaved(page);
    let saved = await body();
    expect(saved.chapters[0]!.lessons.map((l) => l.title)).toEqual(['Where to save', 'Why save']);
    // Keys never change: a moved lesson is the same lesson.
    expect(saved.chapters[0]!.lessons.map((l) => l.key)).toEqual([...(keysBefore[0]![1] as string[])].reverse());
    await page.getByRole('button', { name: 'Drag to move Lesson 1.2: Why save' }).focus();
    // Each step is announced once it is taken.
    await page.keyboard.press('Space');
    await page.getByText('Lesson 1.2: Why save is over position 2 of 2.').waitFor({ state: 'attached' });
    // The sensor listens for the arrows a moment after the pick-up: pressed until it has moved (at the top, another press does nothing).
    await expect
      .poll(async () => {
        await page.keyboard.press('ArrowUp');
        return page.getByText('Lesson 1.2: Why save is over position 1 of 2.').count();
      })
      .toBe(1);
    await page.keyboard.press('Space');
    await page.getByRole('group', { name: 'Lesson 1.1: Why save' }).waitFor();
    await waitSaved(page);
    saved = await body();
    expect(saved.chapters[0]!.lessons.map((l) => l.title)).toEqual(['Why save', 'Where to save']);

    // Chapters dragged with the mouse: the second above the first, and back.
    const dragChapter = async (from: string, to: string) => {
      const handle = page.getByRole('button', { name: `Drag to move ${from}` });
      const target = page.getByRole('button', { name: `Drag to move ${to}` });
      const a = (await handle.boundingBox())!;
      const b = (await target.boundingBox())!;
      await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
      await page.mouse.down();
      await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 + (b.y > a.y ? 10 : -10), { steps: 3 });
      await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2 + (b.y > a.y ? 20 : -20), { steps: 12 });
      await page.mouse.up();
    };
    // Both handles on screen: the open lesson closed, the chapters at the top (scrolled at once, not smoothly).
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.getByRole('button', { name: 'Close Lesson 1.1: Why save' }).click();
    const chaptersOnTop = () =>
      page.locator('#ce-chapters').evaluate((heading) => (heading.scrollIntoView(), window.scrollBy(0, -100)));
    await chaptersOnTop();
    await dragChapter('Chapter 2: Borrowing', 'Chapter 1: Saving');
    await page.getByRole('group', { name: 'Chapter 1: Borrowing' }).waitFor();
    await waitSaved(page);
    expect((await body()).chapters.map((c) => c.title)).toEqual(['Borrowing', 'Saving']);
    await chaptersOnTop();
    await dragChapter('Chapter 2: Saving', 'Chapter 1: Borrowing');
    await page.getByRole('group', { name: 'Chapter 1: Saving' }).waitFor();
    await waitSaved(page);
    expect((await body()).chapters.map((c) => [c.key, c.lessons.map((l) => l.key)])).toEqual(keysBefore);

    // A new question without its correct answer is refused at the question, and saved once it has one.
    await page.getByRole('button', { name: 'Add a question to quiz 1' }).click();
    const question = page.getByRole('group', { name: /^Question 2/ });
    await question.getByRole('textbox', { name: 'Question 2', exact: true }).fill('What does a bank pay on savings?');
    await question.getByPlaceholder('Option 1').fill('Interest');
    await question.getByPlaceholder('Option 2').fill('Nothing');
    await expect
      .poll(() => status(page).innerText(), { timeout: 10_000 })
      .toMatch(/^Not saved: 1 quiz question needs its correct answer marked/);
    expect(await question.locator('.ce-problem').innerText()).toContain('tick the correct option');
    expect((await body()).quizzes[0]!.questions).toHaveLength(1);
    await screenshot(page, 'staff-course-editor-quiz-refused-1280', { fullPage: false });
    await question.getByRole('checkbox', { name: /Correct \(Option 1: Interest\)/ }).check();
    await question.getByRole('checkbox', { name: /Correct \(Option 2: Nothing\)/ }).check();
    await expect.poll(() => question.locator('.ce-problem').innerText()).toContain('exactly one option ticked');
    await question.getByRole('checkbox', { name: /Correct \(Option 2: Nothing\)/ }).uncheck();
    await waitSaved(page);
    saved = await body();
    expect(saved.quizzes[0]!.questions[1]).toMatchObject({
      content: 'What does a bank pay on savings?',
      options: [
        { content: 'Interest', correct: true },
        { content: 'Nothing', correct: false },
      ],
    });
    expect(saved.quizzes[0]!.questions[1]!.key).toMatch(/^[a-z0-9]+/);

    // A number that cannot be saved stays as typed, says why beside it, and holds the save until it is put right.
    const duration = page.getByLabel('Duration (minutes)');
    await duration.fill('2 hours');
    await expect
      .poll(() => status(page).innerText(), { timeout: 10_000 })
      .toMatch(/^Not saved: 1 field holds something that cannot be saved/);
    expect(await page.getByText('Duration (minutes): enter a whole number from 0 to 100000.').count()).toBeGreaterThan(
      0,
    );
    expect(await duration.inputValue()).toBe('2 hours');
    await duration.fill('120');
    await waitSaved(page);
    expect((await body()).duration).toBe(120);

    // Someone else saves the title meanwhile: that field alone is offered, theirs or mine; keeping theirs carries on from theirs.
    const courseTitle = page.getByLabel('Course title');
    let current = await head();
    await pageCall(page, 'PUT', `/api/staff/content/${id}/en`, {
      baseVersion: current.version.number,
      body: { ...current.body, title: 'Their title' },
    });
    await courseTitle.fill('My title');
    const conflict = page.getByRole('dialog', { name: 'Someone else saved this meanwhile' });
    await conflict.waitFor({ timeout: 15_000 });
    const titleChoice = conflict.getByRole('group', { name: 'Title' });
    expect(await titleChoice.innerText()).toContain('Their title');
    expect(await titleChoice.innerText()).toContain('My title');
    expect(await status(page).innerText()).toMatch(/^Not saved: Chitra Editor saved this meanwhile/);
    await expectAccessible(page, 'course editor conflict');
    await screenshot(page, 'staff-course-editor-conflict-1280', { fullPage: false });
    await conflict.getByRole('button', { name: "Keep Chitra Editor's version" }).click();
    await expect.poll(() => courseTitle.inputValue()).toBe('Their title');
    expect(await status(page).innerText()).toMatch(/^Saved/);

    // Again, and this time the person keeps their own title (chosen first), saved over theirs, which stays in the history.
    current = await head();
    await pageCall(page, 'PUT', `/api/staff/content/${id}/en`, {
      baseVersion: current.version.number,
      body: { ...current.body, title: 'Their second title' },
    });
    await courseTitle.fill('My own title');
    await conflict.waitFor({ timeout: 15_000 });
    await conflict.getByRole('button', { name: 'Keep these choices' }).click();
    await waitSaved(page);
    const after = await head();
    expect((after.body as CourseDocument).title).toBe('My own title');
    expect(after.version.number).toBe(current.version.number + 2);
    const theirs = await pageCall<LanguageHead>(
      page,
      'GET',
      `/api/staff/content/${id}/en/versions/${current.version.number + 1}`,
    );
    expect((theirs.body as CourseDocument).title).toBe('Their second title');

    // On a tablet: one column, the status bar and the list tools still in reach.
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.getByRole('button', { name: 'Edit Lesson 1.1: Why save' }).click();
    await screenshot(page, 'staff-course-editor-768');
    await expectAccessible(page, 'course editor at 768 px');
    // On a phone the nested lists put their buttons in a row above each entry: a quiz's options keep their width.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
    const option = page.getByRole('group', { name: /^Question 2/ }).getByPlaceholder('Option 1');
    expect((await option.boundingBox())!.width).toBeGreaterThan(200);
    await screenshot(page, 'staff-course-editor-360');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Leaving with unsaved work asks first: a link within the console, the back button, and the browser's own question.
    await courseTitle.fill('Unsaved title');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('link', { name: '← Back to the item' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Stay on this page' }).click();
    expect(new URL(page.url()).pathname).toBe(`/staff/content/${id}/en/edit`);
    expect(await courseTitle.inputValue()).toBe('Unsaved title');
    await courseTitle.fill('Unsaved title, again');
    await page.goBack();
    await leave.waitFor();
    expect(new URL(page.url()).pathname).toBe(`/staff/content/${id}/en/edit`);
    await leave.getByRole('button', { name: 'Stay on this page' }).click();
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => (resolve(dialog.type()), void dialog.dismiss())),
    );
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
    expect(page.isClosed()).toBe(false);
    await waitSaved(page);
    expect((await body()).title).toBe('Unsaved title, again');
    // The connection drops: the status says so, and this browser's copy brings the work back after a reload.
    await page.route('**/api/staff/content/**', (route) =>
      route.request().method() === 'PUT' ? route.abort('internetdisconnected') : route.continue(),
    );
    await courseTitle.fill('Written offline');
    await expect.poll(() => status(page).innerText(), { timeout: 10_000 }).toMatch(/^Not saved: /);
    await screenshot(page, 'staff-course-editor-offline-1280', { fullPage: false });
    page.once('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await page.unroute('**/api/staff/content/**');
    await page.getByRole('alert').filter({ hasText: 'This browser kept changes you made' }).waitFor();
    expect(await courseTitle.inputValue()).toBe('Unsaved title, again');
    await page.getByRole('button', { name: 'Restore my changes' }).click();
    expect(await courseTitle.inputValue()).toBe('Written offline');
    await waitSaved(page);
    expect((await body()).title).toBe('Written offline');

    // Saved: the move goes without asking.
    await page.getByRole('link', { name: '← Back to the item' }).click();
    await page.waitForURL((url) => url.pathname === `/staff/content/${id}/en`);
    // The 409s and the dropped connection the journey provoked are not errors of the page.
    expect(consoleErrors.filter((e) => !/status of 409|ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
  });

  it('uploads a video and a document from the course editor, picks them, and the published course offers them', async () => {
    const { page, consoleErrors } = await desktopPage(browser());
    await page.goto('/login?redirect=%2Fstaff');
    await signIn(page, inject('courseEditorMobile'));
    if (editorSecret) await confirmAuthenticator(page, editorSecret);
    else editorSecret = await setUpAuthenticator(page);
    await page.getByRole('heading', { name: 'Translations', level: 1 }).waitFor();
    const samples = await pageCall<{ items: { id: string }[] }>(
      page,
      'GET',
      '/api/staff/content?kind=course&search=money-basics',
    );
    const cover = (
      (await pageCall<LanguageHead>(page, 'GET', `/api/staff/content/${samples.items[0]!.id}/en`))
        .body as CourseDocument
    ).image!;
    const created = await pageCall<{ item: { id: string } }>(page, 'POST', '/api/staff/content', {
      kind: 'course',
      slug: `media-check-${Date.now()}`,
      body: { ...COURSE, title: 'Media check', image: cover },
    });
    const id = created.item.id;
    try {
      const body = async () =>
        (await pageCall<LanguageHead>(page, 'GET', `/api/staff/content/${id}/en`)).body as CourseDocument;
      await page.goto(`/staff/content/${id}/en/edit`);
      await page.getByRole('heading', { name: /Edit: Media check/ }).waitFor();

      // Unique bytes, so each upload is a new file of the library (7 s long, as its header says).
      const stamp = Date.now();
      const clip = `bank-visit-${stamp}.mp4`;
      const handout = `savings-plan-${stamp}.pdf`;
      const video = page.getByRole('group', { name: 'Video 1: A visit to the bank' });
      await video.getByRole('button', { name: 'Choose from the library: Video file' }).click();
      let dialog = page.getByRole('dialog', { name: 'Choose a video' });
      // A picture is not taken as a video: refused before a byte is sent, saying what is accepted.
      await dialog.locator('input[type=file]').setInputFiles({
        name: 'poster.png',
        mimeType: 'image/png',
        buffer: Buffer.from('not a video'),
      });
      await dialog.getByRole('alert').filter({ hasText: 'MP4' }).waitFor();
      await dialog.locator('input[type=file]').setInputFiles({
        name: clip,
        mimeType: 'video/mp4',
        buffer: mp4(undefined, undefined, 4096 + (stamp % 1000), 7_000),
      });
      await dialog.getByRole('form', { name: `Chosen: ${clip}` }).waitFor();
      // Only videos are offered to choose from.
      expect(
        await dialog
          .locator('.media-card-name')
          .filter({ hasText: /\.(pdf|png|svg|jpe?g|webp)$/ })
          .count(),
      ).toBe(0);
      await dialog.getByRole('button', { name: 'Use this file' }).click();
      await dialog.waitFor({ state: 'hidden' });
      // The chosen file by its name and size, with a preview; its length is filled in from the file.
      const chosenVideo = video.locator('.ce-media');
      expect(await chosenVideo.innerText()).toContain(clip);
      expect(await chosenVideo.innerText()).toMatch(/\d+(\.\d+)? KB/);
      expect(await chosenVideo.locator('video').getAttribute('src')).toMatch(/^\/uploads\/by-hash\/.+\.mp4$/);
      expect(await video.getByLabel('Length (seconds)').inputValue()).toBe('7');

      await page.getByRole('button', { name: 'Choose from the library: Document for download' }).click();
      dialog = page.getByRole('dialog', { name: 'Choose a document' });
      await dialog.locator('input[type=file]').setInputFiles({
        name: handout,
        mimeType: 'application/pdf',
        buffer: Buffer.concat([await pdf(), Buffer.from(`\n% ${stamp}\n`)]),
      });
      await dialog.getByRole('form', { name: `Chosen: ${handout}` }).waitFor();
      await dialog.getByRole('button', { name: 'Use this file' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const chosenDocument = page.locator('.ce-media').filter({ hasText: 'Document for download' });
      expect(await chosenDocument.innerText()).toContain(handout);
      await waitSaved(page);
      let saved = await body();
      expect(saved.videos[0]!.video).toMatch(/^uploads\/by-hash\/.+\.mp4$/);
      expect(saved.videos[0]!.duration).toBe(7);
      expect(saved.document).toMatch(/^uploads\/by-hash\/.+\.pdf$/);
      await screenshot(page, 'staff-course-editor-media-1280');

      // Removed, then chosen again from the library (already there: no upload this time).
      await chosenDocument.getByRole('button', { name: 'Remove: Document for download' }).click();
      await waitSaved(page);
      expect((await body()).document).toBeNull();
      await page.getByRole('button', { name: 'Choose from the library: Document for download' }).click();
      dialog = page.getByRole('dialog', { name: 'Choose a document' });
      await dialog.getByRole('button', { name: new RegExp(handout.replace('.', '\\.')) }).click();
      await dialog.getByRole('button', { name: 'Use this file' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await waitSaved(page);
      saved = await body();
      expect(saved.document).toMatch(/^uploads\/by-hash\/.+\.pdf$/);

      // Published, the course page offers the document and the course its video.
      const { publicId } = await pageCall<{ publicId: string }>(
        page,
        'POST',
        `/api/staff/content/${id}/en/publish`,
        {},
      );
      await page.goto(`/courses/en/${publicId}`);
      const download = page.getByRole('link', { name: 'Download' });
      expect(await download.getAttribute('href')).toBe(`/${saved.document}`);
      const course = await pageCall<{ course_en: { videos: { video: string | null }[] } }>(
        page,
        'GET',
        `/api/course/public/en/${publicId}`,
      );
      expect(course.course_en.videos.map((v) => v.video)).toEqual([saved.videos[0]!.video]);
      for (const file of [saved.document!, saved.videos[0]!.video!])
        expect(await page.evaluate(async (url) => (await fetch(url)).status, `/${file}`)).toBe(200);
      expect(consoleErrors).toEqual([]);
    } finally {
      await pageCall(page, 'DELETE', `/api/staff/content/${id}`);
    }
  });

  it('lets a Hindi translator write the course in Hindi, text only, and nowhere else', async () => {
    expect(courseId).not.toBe('');
    const { page } = await desktopPage(browser());
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto('/login?redirect=%2Fstaff');
    await signIn(page, inject('hindiTranslatorMobile'));
    await setUpAuthenticator(page);
    await page.getByRole('heading', { name: 'Translations', level: 1 }).waitFor();

    // Hindi is not written yet: the item page offers to start it, and the editor starts from the English structure with empty text.
    await page.goto(`/staff/content/${courseId}/hi`);
    await page.getByRole('link', { name: 'Start writing Hindi' }).click();
    await page.getByRole('heading', { name: /Edit: .* · Hindi/ }).waitFor();
    expect(await page.getByText(/^You may change the text in your language/).count()).toBe(1);
    expect(await page.getByRole('button', { name: /^Move down/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add a chapter' }).count()).toBe(0);
    expect(await page.getByLabel('Duration (minutes)').isDisabled()).toBe(true);
    // The files are structure: a translator neither chooses nor removes them.
    expect(await page.getByRole('button', { name: /^(Choose from the library|Remove): / }).count()).toBe(0);
    await page.getByLabel('Course title').fill('पैसे की बुनियादी बातें');
    await page.getByRole('button', { name: /^Edit Lesson 1\.1/ }).click();
    await page.getByLabel('Lesson title').fill('बचत क्यों');
    const text = page.getByRole('textbox', { name: 'Lesson text' });
    await text.click();
    await page.keyboard.type('हर हफ़्ते थोड़ा बचाएँ। क्\u200Dष');
    await waitSaved(page);
    const hindi = await pageCall<LanguageHead>(page, 'GET', `/api/staff/content/${courseId}/hi`);
    expect(hindi.version.number).toBe(1);
    const doc = hindi.body as CourseDocument;
    expect(doc.title).toBe('पैसे की बुनियादी बातें');
    expect(doc.chapters[0]!.lessons[0]).toMatchObject({
      title: 'बचत क्यों',
      content: '<p>हर हफ़्ते थोड़ा बचाएँ। क्\u200Dष</p>',
    });
    await expectAccessible(page, 'course editor for a translator');
    await screenshot(page, 'staff-course-editor-translator-768', { fullPage: false });

    // English is not theirs to edit.
    await page.goto(`/staff/content/${courseId}/en/edit`);
    await page.getByText('You translate other languages than English: this page is not open to you.').waitFor();
  });

  it('keeps the rich-text editor out of every public page', async () => {
    const manifest = JSON.parse(
      fs.readFileSync(path.resolve(import.meta.dirname, '../../dist/web/.vite/manifest.json'), 'utf8'),
    ) as Record<string, { file: string; src?: string }>;
    const editorChunk = Object.values(manifest).find((entry) => entry.src?.endsWith('rich-text/tiptap.ts'))!.file;
    const { page } = await phonePage(browser());
    for (const address of ['/', '/courses', '/blogs', '/login']) {
      await page.goto(address);
      const scripts = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((url) => url.endsWith('.js')),
      );
      expect(
        scripts.filter((url) => url.includes(editorChunk)),
        address,
      ).toEqual([]);
      for (const url of scripts) {
        const code = await (await fetch(url)).text();
        expect(code, `${address}: ${url}`).not.toMatch(/tiptap|ProseMirror|dnd-kit/i);
      }
    }
  });
});
