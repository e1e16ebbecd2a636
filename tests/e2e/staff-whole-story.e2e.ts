// The staff console's whole story, told through its screens as its people meet them: the first admin
// (granted from the command line before the server started) signs in with the second factor and adds
// an editor and a Hindi translator on the staff accounts page. The editor signs in, sets up the
// authenticator app, makes a course from the matrix and writes it in English (a chapter, two lessons,
// a video and a quiz), uploads its cover photo from the picture field (the upload's progress shown),
// previews it at a phone's width and publishes English. The translator translates it into Hindi
// beside the English, typing Devanagari, and submits it; the editor publishes Hindi. A learner finds
// it in the Hindi catalogue and completes it. The editor publishes a blog post, on /blogs at once.
// Then the editor and the admin edit the same lesson in two pages: the editor's page takes in the
// admin's save within seconds, and both versions stay in the history.
// The API is called only to check what was saved, and to delete what the story made at the end.
import sharp from 'sharp';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import type { BlogDocument, CourseDocument, LanguageHead } from '../../contract/authoring';
import {
  HI,
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
import { finishVideo, quizWords } from './journey';

const browser = sharedBrowser();
const RUN = Date.now().toString(36);
const EDITOR = newMobile();
const TRANSLATOR = newMobile();
const EDITOR_NAME = 'Nisha Editor';
const TRANSLATOR_NAME = 'Ravi Translator';

const COURSE_TITLE = `Money at home ${RUN}`;
const HINDI_TITLE = `घर का पैसा ${RUN}`;
const COVER = `cover-${RUN}.png`;
const BLOG_TITLE = `Count your change ${RUN}`;
const BLOG_TITLE_HI = `अपने छुट्टे पैसे गिनें ${RUN}`;

/** Each English text the editor writes, and the Hindi the translator writes for it. */
const ENGLISH_TO_HINDI: [string, string][] = [
  [COURSE_TITLE, HINDI_TITLE],
  ['Plan what comes in and what goes out.', 'जो आता है और जो जाता है, उसकी योजना बनाएँ।'],
  ['You made a plan for your money.', 'आपने अपने पैसे की योजना बना ली।'],
  ['A budget', 'बजट'],
  ['What comes in', 'क्या आता है'],
  ['Write down every income.', 'हर आमदनी लिखें।'],
  ['What goes out', 'क्या जाता है'],
  ['Write down every expense.', 'हर ख़र्च लिखें।'],
  ['A budget in two minutes', 'दो मिनट में बजट'],
  ['A short film about a budget.', 'बजट पर एक छोटी फ़िल्म।'],
  ['Budget check', 'बजट जाँच'],
  ['What is a budget?', 'बजट क्या है?'],
  ['A plan for money', 'पैसे की योजना'],
  ['A loan', 'एक क़र्ज़'],
  ['It says where each rupee goes.', 'यह बताता है कि हर रुपया कहाँ जाता है।'],
];

/** What the story made, deleted at the end (as the editor), so the other journeys find the site as they expect. */
const cleanUp: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const remove of cleanUp.reverse()) await remove().catch(() => undefined);
});

const status = (page: Page) => page.locator('.ce-status');
const waitSaved = (page: Page) => expect.poll(() => status(page).innerText(), { timeout: 15_000 }).toMatch(/^Saved/);
const dialog = (page: Page) => page.locator('dialog[open]');

/** A PNG of random pixels: it does not compress, so its upload takes a while on a slowed connection. */
function noisyPng(side: number): Promise<Buffer> {
  const pixels = Buffer.alloc(side * side * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.floor(Math.random() * 256);
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();
}

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

/** Types into a rich-text field (TipTap), as a person does, after emptying it. */
async function typeRich(page: Page, field: ReturnType<Page['getByRole']>, text: string) {
  await field.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(text);
}

let admin: Page;
let adminErrors: string[] = [];
let editor: Page;
let editorErrors: string[] = [];
let courseId = '';
let blogId = '';

describe('the whole story of the staff console', () => {
  it('lets the first admin sign in with the second factor and add an editor and a Hindi translator', async () => {
    ({ page: admin, consoleErrors: adminErrors } = await desktopPage(browser()));
    await admin.goto('/staff');
    await admin.waitForURL((url) => url.pathname === '/login');
    await signIn(admin, inject('storyAdminMobile'));
    await setUpAuthenticator(admin);
    await admin.getByRole('heading', { name: 'Translations', level: 1 }).waitFor();
    // The 401 of the console asking who is there before the sign-in is its answer, not an error.
    expect(adminErrors.filter((e) => !/status of 401/.test(e))).toEqual([]);
    adminErrors.length = 0;

    await admin.getByRole('link', { name: 'Staff accounts' }).click();
    await admin.getByRole('heading', { name: 'Staff accounts', level: 1 }).waitFor();
    await expect.poll(() => admin.getByRole('row', { name: /Vani Admin \(you\)/ }).count()).toBe(1);

    // The editor: a new number typed as at sign-in (ten digits), the name, the Editor role.
    await admin.getByLabel('Mobile number').fill(EDITOR);
    await admin.getByLabel('Name', { exact: true }).fill(EDITOR_NAME);
    await admin.getByLabel(/^Editor/).check();
    await admin.getByRole('button', { name: 'Add to the staff' }).click();
    await expect.poll(() => admin.getByRole('row', { name: new RegExp(EDITOR_NAME) }).count()).toBe(1);
    expect(await admin.getByRole('row', { name: new RegExp(EDITOR_NAME) }).innerText()).toMatch(/Editor/);

    // The translator: Hindi only.
    await admin.getByLabel('Mobile number').fill(`+91 ${TRANSLATOR}`);
    await admin.getByLabel('Name', { exact: true }).fill(TRANSLATOR_NAME);
    // The form keeps the last roles chosen or starts afresh; either way only Translator is ticked.
    if (await admin.getByLabel(/^Editor/).isChecked()) await admin.getByLabel(/^Editor/).uncheck();
    await admin.getByLabel(/^Translator/).check();
    await admin.getByLabel(/^Hindi/).check();
    await expectAccessible(admin, 'staff accounts with a translator’s languages chosen');
    await admin.getByRole('button', { name: 'Add to the staff' }).click();
    await expect.poll(() => admin.getByRole('row', { name: new RegExp(TRANSLATOR_NAME) }).count()).toBe(1);
    expect(await admin.getByRole('row', { name: new RegExp(TRANSLATOR_NAME) }).innerText()).toMatch(
      /Translator \(Hindi\)/,
    );
    await screenshot(admin, 'story-members-1280');
    expect(adminErrors).toEqual([]);
  });

  it('lets the editor write a course in English with a chapter, two lessons, a video and a quiz, upload its cover photo, preview it on a phone and publish it', async () => {
    ({ page: editor, consoleErrors: editorErrors } = await desktopPage(browser()));
    await editor.goto('/login?redirect=%2Fstaff');
    await signIn(editor, EDITOR);
    await setUpAuthenticator(editor);
    await editor.getByRole('heading', { name: 'Translations', level: 1 }).waitFor();

    // A new course from the matrix.
    await editor.getByRole('button', { name: 'New item' }).click();
    await dialog(editor).getByRole('heading', { name: 'New item' }).waitFor();
    await dialog(editor)
      .getByRole('radio', { name: /^Course/ })
      .check();
    await dialog(editor).getByLabel('Title', { exact: true }).fill(COURSE_TITLE);
    await dialog(editor).getByRole('button', { name: 'Create and open' }).click();
    await editor.waitForURL((url) => /^\/staff\/content\/[0-9a-f-]+\/en$/.test(url.pathname));
    courseId = editor.url().split('/').at(-2)!;
    const id = courseId;
    cleanUp.push(() => pageCall(editor, 'DELETE', `/api/staff/content/${id}`));
    const english = async () =>
      (await pageCall<LanguageHead>(editor, 'GET', `/api/staff/content/${id}/en`)).body as CourseDocument;

    await editor.getByRole('link', { name: /^(Edit|Start writing) English$/ }).click();
    await editor.waitForURL((url) => url.pathname === `/staff/content/${id}/en/edit`);
    await editor.getByRole('heading', { name: new RegExp(`Edit: ${COURSE_TITLE}`) }).waitFor();

    // The course's own fields.
    await expect.poll(() => editor.getByLabel('Course title').inputValue()).toBe(COURSE_TITLE);
    await editor.getByLabel('Duration (minutes)').fill('15');
    await typeRich(
      editor,
      editor.getByRole('textbox', { name: 'Description', exact: true }),
      'Plan what comes in and what goes out.',
    );
    await typeRich(
      editor,
      editor.getByRole('textbox', { name: 'Summary (shown when the course is completed)' }),
      'You made a plan for your money.',
    );

    // A chapter (it comes with its first lesson open) and a second lesson.
    await editor.getByRole('button', { name: 'Add a chapter' }).click();
    await editor.getByLabel('Title of chapter 1').fill('A budget');
    const lesson1 = editor.getByRole('group', { name: /^Lesson 1\.1:/ });
    await lesson1.getByLabel('Lesson title').fill('What comes in');
    await lesson1.getByLabel('Minutes').fill('5');
    await typeRich(editor, lesson1.getByRole('textbox', { name: 'Lesson text' }), 'Write down every income.');
    await editor.getByRole('button', { name: 'Add a lesson to chapter 1' }).click();
    const lesson2 = editor.getByRole('group', { name: /^Lesson 1\.2:/ });
    await lesson2.getByLabel('Lesson title').fill('What goes out');
    await lesson2.getByLabel('Minutes').fill('5');
    await typeRich(editor, lesson2.getByRole('textbox', { name: 'Lesson text' }), 'Write down every expense.');

    // A video: a stored file.
    await editor.getByRole('button', { name: 'Add a video' }).click();
    const video = editor.getByRole('group', { name: /^Video 1:/ });
    await video.getByLabel('Video title').fill('A budget in two minutes');
    await video.getByLabel('Length (seconds)').fill('120');
    await video.getByLabel('Video description').fill('A short film about a budget.');
    await video.getByRole('textbox', { name: 'Video file' }).fill('uploads/videos/how-upi-works.webm');

    // A quiz: one question, its correct option ticked.
    await editor.getByRole('button', { name: 'Add a quiz' }).click();
    const quiz = editor.getByRole('group', { name: /^Quiz 1:/ });
    await quiz.getByLabel('Title of quiz 1').fill('Budget check');
    await quiz.getByLabel('Pass mark (%)').fill('100');
    const question = quiz.getByRole('group', { name: /^Question 1/ });
    await question.getByRole('textbox', { name: 'Question 1', exact: true }).fill('What is a budget?');
    await question.getByPlaceholder('Option 1').fill('A plan for money');
    await question.getByPlaceholder('Option 2').fill('A loan');
    await question.getByRole('checkbox', { name: /Correct \(Option 1: A plan for money\)/ }).check();
    await question.getByLabel('Explanation').fill('It says where each rupee goes.');
    await waitSaved(editor);

    // The cover photo: uploaded from the picture field into the library, its progress shown on a slowed connection.
    await editor.getByRole('button', { name: 'Choose from the library: Cover image' }).click();
    const picker = editor.getByRole('dialog', { name: 'Choose a picture' });
    await picker.waitFor();
    const cdp = await editor.context().newCDPSession(editor);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 50,
      downloadThroughput: 1_000_000,
      uploadThroughput: 150_000,
    });
    await picker
      .getByLabel('Choose files')
      .setInputFiles({ name: COVER, mimeType: 'image/png', buffer: await noisyPng(400) });
    const bar = picker.getByRole('progressbar', { name: `Uploading ${COVER}` });
    await bar.waitFor();
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await expectAccessible(editor, 'the picture picker while uploading');
    await screenshot(editor, 'story-cover-uploading-1280', { fullPage: false });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const chosen = picker.getByRole('form', { name: `Chosen: ${COVER}` });
    await chosen.waitFor({ timeout: 60_000 });
    await chosen.getByLabel('Text alternative in English').fill('A family counting coins at home');
    await chosen.getByRole('button', { name: 'Use this picture' }).click();
    await picker.waitFor({ state: 'hidden' });
    await waitSaved(editor);

    const saved = await english();
    expect(saved).toMatchObject({
      title: COURSE_TITLE,
      duration: 15,
      description: '<p>Plan what comes in and what goes out.</p>',
      summary: '<p>You made a plan for your money.</p>',
    });
    expect(saved.image).toMatch(/^uploads\//);
    expect(saved.chapters).toHaveLength(1);
    expect(saved.chapters[0]!.lessons.map((l) => [l.title, l.content])).toEqual([
      ['What comes in', '<p>Write down every income.</p>'],
      ['What goes out', '<p>Write down every expense.</p>'],
    ]);
    expect(saved.videos).toMatchObject([
      { title: 'A budget in two minutes', video: 'uploads/videos/how-upi-works.webm', duration: 120 },
    ]);
    expect(saved.quizzes).toMatchObject([
      {
        title: 'Budget check',
        passingCriteria: 100,
        questions: [
          {
            content: 'What is a budget?',
            options: [
              { content: 'A plan for money', correct: true },
              { content: 'A loan', correct: false },
            ],
          },
        ],
      },
    ]);
    await screenshot(editor, 'story-course-editor-1280');

    // The preview, at a phone's width: the course page, and its first lesson opened in the frame.
    await editor.getByRole('link', { name: '← Back to the item' }).click();
    await editor.waitForURL((url) => url.pathname === `/staff/content/${id}/en`);
    await editor.getByRole('link', { name: /^Preview version \d+$/ }).click();
    await editor.waitForURL((url) => url.pathname === `/staff/content/${id}/en/preview`);
    expect(await editor.getByRole('radio', { name: 'Phone (360 px)' }).isChecked()).toBe(true);
    const frame = await previewFrame(editor);
    await frame.getByRole('heading', { level: 1, name: COURSE_TITLE }).waitFor();
    expect(
      await frame.evaluate(() => ({
        inner: window.innerWidth,
        fits: document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      })),
    ).toEqual({ inner: 360, fits: true });
    expect(await frame.locator('img[src*="uploads/"]').count()).toBeGreaterThan(0);
    await frame.getByRole('link', { name: /A budget/ }).click();
    await frame.getByRole('heading', { level: 1, name: 'A budget' }).waitFor();
    await frame.getByRole('link', { name: 'Start the first lesson' }).click();
    await frame.getByRole('heading', { level: 1, name: 'What comes in' }).waitFor();
    await frame.getByText('Write down every income.').waitFor();
    await screenshot(editor, 'story-preview-phone-1280', { fullPage: false });

    // Published from the item's page, with the confirmation saying what goes on the site.
    await editor.getByRole('link', { name: /Back to the item/ }).click();
    await editor.waitForURL((url) => url.pathname === `/staff/content/${id}/en`);
    await editor.getByRole('button', { name: 'Publish English', exact: true }).click();
    await dialog(editor).getByText('This is its first publication in this language').waitFor();
    await expectAccessible(editor, 'the publish confirmation');
    await editor.getByRole('button', { name: 'Publish now' }).click();
    await editor.getByText(/Version \d+, published/).waitFor();
    expect(editorErrors).toEqual([]);
  });

  it('lets the Hindi translator translate the course beside the English, typing Devanagari, and the editor publish Hindi', async () => {
    expect(courseId).not.toBe('');
    const { page: translator, context, consoleErrors } = await desktopPage(browser());
    await translator.setViewportSize({ width: 768, height: 1024 });
    await translator.goto(`/login?redirect=${encodeURIComponent(`/staff/content/${courseId}/hi`)}`);
    // The translator's first sign-in sets up the second factor, then on to the item in Hindi.
    await signIn(translator, TRANSLATOR);
    await translator.waitForURL((url) => url.pathname === `/staff/content/${courseId}/hi`);
    await setUpAuthenticator(translator);
    await translator.getByRole('link', { name: 'Translate Hindi beside English' }).click();
    await translator.waitForURL((url) => url.pathname === `/staff/content/${courseId}/hi/translate`);
    await translator.getByRole('heading', { name: 'English beside Hindi' }).waitFor();
    await translator.getByText(/^0 of \d+ fields written\./).waitFor();

    // Field by field: the English read beside it, the Hindi typed key by key (the journal prompt, empty in English, stays empty).
    const rows = translator.locator('.tr-row');
    const count = await rows.count();
    let written = 0;
    for (let i = 0; i < count; i++) {
      const row = rows.nth(i);
      const source = await row.locator('.tr-source').innerText();
      if (source.includes('(empty in the source)')) continue;
      const match = ENGLISH_TO_HINDI.filter(([en]) => source.includes(en)).sort((a, b) => b[0].length - a[0].length)[0];
      expect(match, `a Hindi text for: ${source}`).toBeDefined();
      const target = row.locator('input[type="text"], textarea, [contenteditable="true"]').first();
      await target.click();
      await translator.keyboard.press('ControlOrMeta+A');
      await translator.keyboard.press('Delete');
      await translator.keyboard.type(match![1]);
      written += 1;
    }
    expect(written).toBe(ENGLISH_TO_HINDI.length);
    await translator.getByText(new RegExp(`^${written} of (${written}|${count}) fields written\\.`)).waitFor();
    await waitSaved(translator);
    const hindi = (await pageCall<LanguageHead>(translator, 'GET', `/api/staff/content/${courseId}/hi`))
      .body as CourseDocument;
    expect(hindi.title).toBe(HINDI_TITLE);
    expect(hindi.chapters[0]!.lessons.map((l) => [l.title, l.content])).toEqual([
      ['क्या आता है', '<p>हर आमदनी लिखें।</p>'],
      ['क्या जाता है', '<p>हर ख़र्च लिखें।</p>'],
    ]);
    expect(hindi.quizzes[0]!.questions[0]!.options).toMatchObject([
      { content: 'पैसे की योजना', correct: true },
      { content: 'एक क़र्ज़', correct: false },
    ]);
    expect(hindi.image).toBe(
      ((await pageCall<LanguageHead>(translator, 'GET', `/api/staff/content/${courseId}/en`)).body as CourseDocument)
        .image,
    );
    await expectAccessible(translator, 'the translation view of a course');
    await screenshot(translator, 'story-translation-course-768');
    await translator.getByRole('button', { name: 'Submit Hindi for review' }).click();
    await translator.getByText('Hindi is in review: an editor looks at it before publishing.').waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();

    // The editor publishes Hindi, and Hindi only.
    await editor.goto(`/staff/content/${courseId}/hi`);
    await editor.getByRole('button', { name: 'Publish Hindi', exact: true }).click();
    expect(await dialog(editor).innerText()).toContain('Other languages do not change.');
    await editor.getByRole('button', { name: 'Publish now' }).click();
    await editor.getByText(/Version \d+, published/).waitFor();
    const item = await pageCall<{ languages: { lang: string; status: string }[] }>(
      editor,
      'GET',
      `/api/staff/content/${courseId}`,
    );
    expect(
      item.languages
        .filter((l) => l.status === 'published')
        .map((l) => l.lang)
        .sort(),
    ).toEqual(['en', 'hi']);
  });

  it('names each change for a person: an element by its place and title, never its key, and rich text as its words', async () => {
    const head = await pageCall<LanguageHead>(editor, 'GET', `/api/staff/content/${courseId}/en`);
    const body = structuredClone(head.body as CourseDocument);
    const lesson = body.chapters[0]!.lessons[1]!;
    lesson.content = '<p>Write down <strong>every</strong> expense, every day.</p>';
    await pageCall(editor, 'PUT', `/api/staff/content/${courseId}/en`, { baseVersion: head.version.number, body });

    // What publishing English changes: "Lesson 2: What goes out", its text compared as words.
    await editor.goto(`/staff/content/${courseId}/en`);
    await editor.getByRole('button', { name: 'Publish English', exact: true }).click();
    const change = dialog(editor).getByRole('row', { name: /Lesson 2: What goes out · text/ });
    await change.waitFor();
    const shown = await dialog(editor).innerText();
    expect(shown).not.toContain(lesson.key);
    expect(shown).not.toContain('<p>');
    expect(await change.locator('ins').allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringMatching(/every day/)]),
    );
    await dialog(editor).getByRole('button', { name: 'Cancel' }).click();

    // The Hindi page lists the field whose English changed the same way, its words without markup.
    await editor.goto(`/staff/content/${courseId}/hi`);
    const stale = editor.locator('.staff-stale li').filter({ hasText: 'Lesson 2: What goes out · text' });
    await stale.waitFor();
    const staleText = await stale.innerText();
    expect(staleText).not.toContain(lesson.key);
    expect(staleText).not.toContain('<p>');
    expect(staleText).toContain('every day');
  });

  it('lets a learner find the course in the Hindi catalogue and complete it', async () => {
    const { page, context, consoleErrors } = await phonePage(browser(), { language: 'hi' });
    await page.goto('/courses');
    const card = page.getByRole('link', { name: new RegExp(HINDI_TITLE) });
    await card.first().waitFor();
    await card.first().click();
    await page.getByRole('heading', { level: 1, name: HINDI_TITLE }).waitFor();
    const coursePath = new URL(page.url()).pathname;
    expect(coursePath).toMatch(/^\/courses\/hi\//);
    await expectAccessible(page, 'a new course’s page in Hindi');
    await page.getByRole('button', { name: 'नामांकन करें' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await signIn(page, newMobile(), { name: 'कमला देवी', labels: HI });
    await page.getByText('इस कोर्स में आपका नामांकन हो गया है').waitFor();
    expect(new URL(page.url()).pathname).toBe(coursePath);
    await page.getByRole('link', { name: 'सीखना जारी रखें' }).click();

    // Two lessons, the video, the quiz (answered right), and the summary.
    const quiz = quizWords('hi');
    const seen: string[] = [];
    for (let step = 0; step < 10; step++) {
      await page.locator('.view').first().waitFor();
      const url = page.url();
      if (url.includes('/lesson/')) {
        seen.push('lesson');
        await page.getByRole('button', { name: 'पूरा हुआ चिह्नित करें' }).click();
        await page.getByText('आपने यह पाठ पूरा कर लिया है।').waitFor();
      } else if (url.includes('/video/')) {
        seen.push('video');
        await finishVideo(page);
        await page.getByText('आपने यह वीडियो देख लिया है।').waitFor();
      } else if (url.includes('/quiz/')) {
        seen.push('quiz');
        await page.getByRole('button', { name: quiz.start }).click();
        expect(await page.locator('.quiz-player__option').nth(0).innerText()).toContain('पैसे की योजना');
        await page.locator('.quiz-player__option').nth(0).click();
        await page.getByRole('button', { name: quiz.submit, exact: true }).click();
        await page.getByText(/आप \d+% के साथ पास हो गए/).waitFor();
      } else if (url.endsWith('/summary')) {
        seen.push('summary');
        await page.getByText('आपने अपने पैसे की योजना बना ली।').waitFor();
        break;
      }
      const before = page.url();
      await page.getByRole('link', { name: /^अगला →/ }).click();
      await page.waitForURL((next) => next.href !== before);
    }
    expect(seen).toEqual(['lesson', 'lesson', 'video', 'quiz', 'summary']);
    await page.locator('.learning__toggle').click();
    await expect.poll(() => page.locator('.sidebar [data-testid="progress-value"]').textContent()).toBe('100.0%');
    await screenshot(page, 'story-hi-course-complete-360');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('tells a Tamil learner that the course exists in English and Hindi, and that the catalogue’s language is the whole site’s', async () => {
    const { page, context, consoleErrors } = await phonePage(browser(), { language: 'tm' });
    await page.goto('/courses');
    // The selector says what it changes.
    const select = page.locator('.lang-select').getByRole('combobox', { name: 'மொழி' });
    expect(await select.getAttribute('aria-describedby')).toBeTruthy();
    await page.getByText('பாடநெறிகளும் முழு தளமும் இந்த மொழிக்கு மாறும்.').waitFor();
    // The course has no Tamil version: it is named, not left out, with the languages it is in.
    const section = page.getByRole('region', { name: 'இன்னும் தமிழ் மொழியில் இல்லை' });
    const entry = section.getByRole('listitem').filter({ has: page.getByRole('heading', { name: COURSE_TITLE }) });
    await entry.waitFor();
    // Each link names its language, and the course for a screen reader.
    expect((await entry.getByRole('link').allInnerTexts()).map((text) => text.split(/\n|:/)[0]!.trim())).toEqual([
      'English',
      'हिन्दी',
    ]);
    await screenshot(page, 'courses-other-languages-tm-360');
    await entry.getByRole('link', { name: /हिन्दी/ }).click();
    await page.getByRole('heading', { level: 1, name: HINDI_TITLE }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/courses\/hi\//);
    await context.close();
    expect(consoleErrors).toEqual([]);
  });

  it('lets the editor publish a blog post that shows on /blogs at once', async () => {
    await editor.goto('/staff');
    await editor.getByRole('heading', { name: 'Translations', level: 1 }).waitFor();
    await editor.getByRole('button', { name: 'New item' }).click();
    await dialog(editor)
      .getByRole('radio', { name: /^Blog post/ })
      .check();
    await dialog(editor).getByLabel('Title', { exact: true }).fill(BLOG_TITLE);
    await dialog(editor).getByRole('button', { name: 'Create and open' }).click();
    await editor.waitForURL((url) => /^\/staff\/content\/[0-9a-f-]+\/en$/.test(url.pathname));
    const id = editor.url().split('/').at(-2)!;
    cleanUp.push(() => pageCall(editor, 'DELETE', `/api/staff/content/${id}`));

    await editor.getByRole('link', { name: /^(Edit|Start writing) English$/ }).click();
    await editor.getByRole('heading', { name: /Edit: .* · Blog · English/ }).waitFor();
    await expect.poll(() => editor.getByLabel('Title', { exact: true }).inputValue()).toBe(BLOG_TITLE);
    await editor.getByLabel('Author').fill(EDITOR_NAME);
    await editor.getByLabel('Reading time (minutes)').fill('2');
    await typeRich(
      editor,
      editor.getByRole('textbox', { name: 'Text of the post' }),
      'Count the change before you leave the counter.',
    );
    // The course's cover, chosen from the library as it is.
    await editor.getByRole('button', { name: 'Choose from the library: Picture' }).click();
    const picker = editor.getByRole('dialog', { name: 'Choose a picture' });
    await picker.getByRole('button', { name: new RegExp(COVER.replace('.', '\\.')) }).click();
    await picker.getByRole('button', { name: 'Use this picture' }).click();
    await picker.waitFor({ state: 'hidden' });
    await expect
      .poll(() => editor.getByLabel('Text alternative of the picture').inputValue())
      .toBe('A family counting coins at home');
    await waitSaved(editor);
    const saved = (await pageCall<LanguageHead>(editor, 'GET', `/api/staff/content/${id}/en`)).body as BlogDocument;
    expect(saved).toMatchObject({
      title: BLOG_TITLE,
      author: EDITOR_NAME,
      readTime: 2,
      description: '<p>Count the change before you leave the counter.</p>',
    });

    await editor.getByRole('link', { name: '← Back to the item' }).click();
    await editor.getByRole('button', { name: 'Publish English', exact: true }).click();
    await editor.getByRole('button', { name: 'Publish now' }).click();
    await editor.getByText(/Version \d+, published/).waitFor();
    const visitor = await phonePage(browser());
    await visitor.page.goto('/blogs');
    await visitor.page.getByRole('heading', { name: BLOG_TITLE }).waitFor();
    await visitor.context.close();
    expect(editorErrors).toEqual([]);
    blogId = id;
  });

  it('shows the post’s Hindi translation to a Hindi reader everywhere it appears, and English with a note to a Tamil one', async () => {
    // The Hindi version, written and published (the translation view itself is walked through for the course above).
    const english = (await pageCall<LanguageHead>(editor, 'GET', `/api/staff/content/${blogId}/en`))
      .body as BlogDocument;
    await pageCall(editor, 'PUT', `/api/staff/content/${blogId}/hi`, {
      baseVersion: 0,
      body: { ...english, title: BLOG_TITLE_HI, description: '<p>काउंटर छोड़ने से पहले छुट्टे पैसे गिन लें।</p>' },
    });
    await pageCall(editor, 'POST', `/api/staff/content/${blogId}/hi/publish`, {});

    // Rendered on the server: the list, the featured article and the post page, in Hindi.
    const hindi = await phonePage(browser(), { language: 'hi' });
    const served = await (await hindi.page.request.get('/blogs', { headers: { cookie: 'jgk_lang=hi' } })).text();
    expect(served).toContain(BLOG_TITLE_HI);
    await hindi.page.goto('/blogs');
    const featured = hindi.page.locator('.blog-featured');
    await featured.getByRole('link', { name: BLOG_TITLE_HI }).waitFor();
    expect(await hindi.page.getByText(BLOG_TITLE, { exact: true }).count()).toBe(0);
    await featured.getByRole('link', { name: BLOG_TITLE_HI }).click();
    await hindi.page.getByRole('heading', { level: 1, name: BLOG_TITLE_HI }).waitFor();
    expect(await hindi.page.locator('main').innerText()).toContain('काउंटर छोड़ने से पहले');
    expect(await hindi.page.locator('.fallback-note').count()).toBe(0);
    // Another post's "What to read next" names it in Hindi too.
    await hindi.page.goto('/blogs');
    await hindi.page.locator('.blog-row__title a').first().click();
    await hindi.page.locator('.read-next').getByRole('link', { name: BLOG_TITLE_HI }).waitFor();
    await screenshot(hindi.page, 'story-blog-hi-360');
    expect(hindi.consoleErrors).toEqual([]);
    await hindi.context.close();

    // Tamil has no version: the English post, marked as English, under the note.
    const tamil = await phonePage(browser(), { language: 'tm' });
    await tamil.page.goto('/blogs');
    const title = tamil.page.locator('.blog-featured').getByRole('link', { name: BLOG_TITLE });
    await title.waitFor();
    expect(await tamil.page.locator('.blog-featured__text').getAttribute('lang')).toBe('en');
    await title.click();
    await tamil.page.getByRole('heading', { level: 1, name: BLOG_TITLE }).waitFor();
    await tamil.page.locator('.fallback-note').waitFor();
    expect(
      await tamil.page
        .getByRole('heading', { level: 1, name: BLOG_TITLE })
        .evaluate((h) => h.closest('[lang]')?.getAttribute('lang')),
    ).toBe('en');
    await screenshot(tamil.page, 'story-blog-tm-fallback-360');
    await tamil.context.close();
  });

  it('shows an editor another editor’s save of the same lesson within seconds, and loses nothing', async () => {
    const lessonPath = `/staff/content/${courseId}/en/edit`;
    const head = () => pageCall<LanguageHead>(editor, 'GET', `/api/staff/content/${courseId}/en`);
    const before = await head();

    // Both open the same lesson.
    for (const page of [editor, admin]) {
      await page.goto(lessonPath);
      await page.getByRole('heading', { name: new RegExp(`Edit: ${COURSE_TITLE}`) }).waitFor();
      await page.getByRole('button', { name: 'Edit Lesson 1.2: What goes out' }).click();
    }
    // The admin saves first.
    const adminText = 'Write down every expense, even a cup of tea.';
    await typeRich(admin, admin.getByRole('textbox', { name: 'Lesson text' }), adminText);
    await waitSaved(admin);
    const theirs = await head();
    expect(theirs.version.number).toBe(before.version.number + 1);

    // The editor's open page takes the admin's text in by itself, and says who saved it (ADR 36).
    await expect
      .poll(() => editor.getByRole('textbox', { name: 'Lesson text' }).innerText(), { timeout: 15_000 })
      .toContain(adminText);
    await editor.getByText(`Vani Admin saved version ${theirs.version.number} meanwhile`, { exact: false }).waitFor();
    await screenshot(editor, 'story-taken-in-1280', { fullPage: false });

    // The editor writes on from there: a new version; the admin's stays in the history.
    const editorText = 'Write down every expense on the day you spend.';
    await typeRich(editor, editor.getByRole('textbox', { name: 'Lesson text' }), editorText);
    await waitSaved(editor);
    const after = await head();
    expect(after.version.number).toBe(theirs.version.number + 1);
    expect((after.body as CourseDocument).chapters[0]!.lessons[1]!.content).toBe(`<p>${editorText}</p>`);
    const kept = await pageCall<LanguageHead>(
      editor,
      'GET',
      `/api/staff/content/${courseId}/en/versions/${theirs.version.number}`,
    );
    expect((kept.body as CourseDocument).chapters[0]!.lessons[1]!.content).toBe(`<p>${adminText}</p>`);
    // And the history on the item's page shows both, each with who saved it.
    await editor.getByRole('link', { name: '← Back to the item' }).click();
    await editor.getByRole('heading', { name: 'History' }).waitFor();
    await editor.getByLabel(`Compare version ${theirs.version.number}`).check();
    await editor.getByLabel(`Compare version ${after.version.number}`).check();
    await editor
      .getByRole('heading', { name: `Version ${theirs.version.number} compared with version ${after.version.number}` })
      .waitFor();
    expect(await editor.getByRole('row').filter({ hasText: 'Vani Admin' }).count()).toBe(1);
    expect(await editor.getByRole('row').filter({ hasText: 'Vani Admin' }).innerText()).toContain(
      String(theirs.version.number),
    );
    expect(editorErrors).toEqual([]);
    expect(adminErrors).toEqual([]);
  });

  it('leaves the site as it found it: the course and the post deleted, off the Hindi catalogue and /blogs', async () => {
    while (cleanUp.length > 0) await cleanUp.pop()!();
    const { page, context } = await phonePage(browser(), { language: 'hi' });
    await page.goto('/courses');
    await page
      .getByRole('link', { name: /सीखना शुरू करें/ })
      .first()
      .waitFor();
    expect(await page.getByRole('link', { name: new RegExp(HINDI_TITLE) }).count()).toBe(0);
    await page.goto('/blogs');
    await page.locator('main h2, main h3').first().waitFor();
    expect(await page.getByText(BLOG_TITLE).count()).toBe(0);
    await context.close();
  });
});
