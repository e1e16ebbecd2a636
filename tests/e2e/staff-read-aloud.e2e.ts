// Read aloud (issue 28, ADR 41): a Tamil translator on a tablet records sentences in the console's
// Voices page, hears them back and saves them; a learner on a phone hears a lesson in Tamil and a
// question with its options in Hindi read sentence by sentence, the sentence being spoken
// highlighted, at the speed chosen, with nothing of the voices loaded before Listen; a text with no
// voice yet, a voice of an older text and a file that cannot be played each said so. The first
// voices are recordings an editor uploads through the API (the journeys' servers make no synthetic
// voices: ADR 41).
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { CourseDocument, LanguageHead } from '../../contract/authoring';
import type { NeedsVoiceList } from '../../contract/read-aloud';
import { wav } from '../../server/modules/read-aloud/recording-test-files';
import { comparedText } from '../../web/features/read-aloud/player/sentence-spans';
import {
  desktopPage,
  expectAccessible,
  labelsOf,
  newMobile,
  pageCall,
  phonePage,
  screenshot,
  setUpAuthenticator,
  sharedBrowser,
  signIn,
} from './helpers';
import { quizWords } from './journey';
import { publishedCourse } from './course-content';

const browser = sharedBrowser();
/** Each recorded sentence lasts this long (a recording's sentences share its length evenly). */
const SENTENCE_SECONDS = 1.5;

type Text = NeedsVoiceList['texts'][number];

/** The sample course's ids in a language: its first chapter's first lesson, and its first quiz. */
async function courseOf(lang: string) {
  const course = await publishedCourse(lang);
  const chapter = course.chapters[0]!;
  return { id: course.id, chapterId: chapter.id, lessonId: chapter.lessons[0]!.id, quizId: course.quizzes[0]!.id };
}

/** Uploads a recording of a text's first `count` sentences, as the console's Voice view does. */
async function record(page: Page, text: Text, lang: string, count: number) {
  const file = wav(count * SENTENCE_SECONDS, 16_000, 1).toString('base64');
  const params = new URLSearchParams({ part: text.part, firstSentence: '0', sentenceCount: String(count) });
  const status = await page.evaluate(
    async ([url, base64]) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const body = new FormData();
      body.append('file', new Blob([bytes], { type: 'audio/wav' }), 'take-1.wav');
      return (await fetch(url, { method: 'POST', body })).status;
    },
    [`/api/staff/read-aloud/${text.itemId}/${lang}/recordings?${params}`, file] as const,
  );
  expect(status).toBe(201);
}

/** The text the page highlights as spoken, or null when nothing is. */
const highlighted = (page: Page) =>
  page.evaluate(() => {
    const highlight = CSS.highlights.get('read-aloud');
    const range = highlight ? [...highlight][0] : undefined;
    return range instanceof Range ? range.toString() : null;
  });

/** Waits until the highlighted text is `sentence` (compared by its letters, as the player finds it). */
async function waitForSpoken(page: Page, sentence: string) {
  await expect
    .poll(async () => comparedText((await highlighted(page)) ?? ''), { timeout: 15_000 })
    .toBe(comparedText(sentence));
}

async function learner(lang: string, options: { withoutServiceWorker?: boolean } = {}) {
  const session = await phonePage(browser(), { language: lang, ...options });
  await session.page.goto('/login');
  await signIn(session.page, newMobile(), { name: 'Listening Learner', labels: labelsOf(lang) });
  await session.page.waitForURL((url) => url.pathname === '/courses');
  return session;
}

/** The editor's console, kept signed in from the first journey to the English edit. */
let editor: { page: Page; context: BrowserContext };
afterAll(async () => editor?.context.close());
let tamilLesson: Text;
let hindiQuestion: Text;
let hindiOptions: Text[];

describe('read aloud', () => {
  it('lets an editor record voices for a Tamil lesson and a Hindi question with its options', async () => {
    const { page, context } = await desktopPage(browser());
    editor = { page, context };
    await page.goto('/login?redirect=%2Fstaff');
    await signIn(page, inject('voiceEditorMobile'));
    await setUpAuthenticator(page);
    const tamil = await pageCall<NeedsVoiceList>(page, 'GET', '/api/staff/read-aloud/needs-voice/tm');
    tamilLesson = tamil.texts.find((text) => /^lessons\[[^\]]+\]\.content$/.test(text.part))!;
    expect(tamilLesson.sentences.length).toBeGreaterThan(2);
    await record(page, tamilLesson, 'tm', 3);

    const hindi = await pageCall<NeedsVoiceList>(page, 'GET', '/api/staff/read-aloud/needs-voice/hi');
    hindiQuestion = hindi.texts.find((text) => /^quizzes\[[^\]]+\]\.questions\[[^\]]+\]\.content$/.test(text.part))!;
    hindiOptions = hindi.texts.filter((text) =>
      text.part.startsWith(hindiQuestion.part.replace(/content$/, 'options[')),
    );
    expect(hindiOptions.length).toBeGreaterThan(1);
    await record(page, hindiQuestion, 'hi', hindiQuestion.sentences.length);
    for (const option of hindiOptions.slice(0, 2)) await record(page, option, 'hi', option.sentences.length);
    // The recorded sentences no longer need a voice.
    const after = await pageCall<NeedsVoiceList>(page, 'GET', '/api/staff/read-aloud/needs-voice/tm');
    const lessonAfter = after.texts.find((text) => text.part === tamilLesson.part)!;
    expect(lessonAfter.unrecorded.filter((index) => index < 4)).toEqual([3]);
  });

  it('lets a Tamil translator on a tablet record two more sentences of the lesson in the console, hear them back and save them', async () => {
    const { page, context, consoleErrors } = await desktopPage(browser());
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto('/login?redirect=%2Fstaff%2Fvoices%3Flang%3Dtm');
    await signIn(page, inject('voiceTranslatorMobile'));
    await setUpAuthenticator(page);
    await page.getByRole('heading', { name: 'Voices', level: 1 }).waitFor();
    // A translator records in their languages only.
    expect(await page.getByLabel('Language').locator('option').allTextContents()).toEqual([
      'हिन्दी (Hindi)',
      'தமிழ் (Tamil)',
    ]);
    const card = page.locator('.voice-text').filter({ hasText: tamilLesson.part });
    // Each text is closed at first, saying how many of its sentences have no recording.
    await card
      .locator('summary')
      .getByText(`${tamilLesson.sentences.length - 3} of ${tamilLesson.sentences.length} sentences not recorded`)
      .waitFor();
    await card.locator('summary').click();
    const rows = card.locator('.voice-sentence');
    expect(await rows.nth(0).locator('.voice-sentence__state').innerText()).toBe('Recorded');
    expect(await rows.nth(3).locator('.voice-sentence__state').innerText()).toBe('Not recorded');
    for (const index of [3, 4]) {
      const row = rows.nth(index);
      await row.getByRole('button', { name: `Record (sentence ${index + 1})` }).click();
      await row.getByRole('button', { name: 'Start recording' }).click();
      await row.getByText(/Recording… \d+ s/).waitFor();
      await page.waitForTimeout(SENTENCE_SECONDS * 1000);
      await row.getByRole('button', { name: 'Stop' }).click();
      // Heard back before it is saved.
      const take = row.locator('audio');
      await take.waitFor();
      expect(await take.evaluate((audio: HTMLAudioElement) => audio.src.startsWith('blob:'))).toBe(true);
      if (index === 3) await screenshot(page, 'voices-recorded-take-768', { fullPage: false });
      await row.getByRole('button', { name: 'Save' }).click();
      await page.getByText(`Saved. Learners now hear your recording of sentence ${index + 1}.`).waitFor();
      await expect.poll(() => row.locator('.voice-sentence__state').innerText()).toBe('Recorded');
    }
    await expectAccessible(page, 'the Voices page');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('reads a Tamil lesson sentence by sentence on a phone, highlighted and followed, at the speed chosen, loading nothing before Listen', async () => {
    const { page, context, consoleErrors } = await learner('tm');
    const course = await courseOf('tm');
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/read-aloud/') || url.pathname.endsWith('.opus')) asked.push(url.pathname);
    });
    await page.goto(`/courses/tm/${course.id}/chapter/${course.chapterId}/lesson/${course.lessonId}`);
    await page.locator('.lesson__content').waitFor();
    await page.waitForLoadState('networkidle');
    expect(asked, 'nothing of the voices is loaded before Listen').toEqual([]);

    await page.getByRole('button', { name: 'கேளுங்கள்', exact: true }).click();
    const bar = page.getByRole('region', { name: 'உரக்கப் படித்தல்' });
    await bar.waitFor();
    await waitForSpoken(page, tamilLesson.sentences[0]!);
    expect(asked.some((path) => path.endsWith('.opus'))).toBe(true);
    // The button that started it now pauses it.
    await page.locator('.view').getByRole('button', { name: 'இடைநிறுத்து' }).waitFor();
    await bar.getByRole('button', { name: '1.25×' }).click();
    expect(await bar.getByRole('button', { name: '1.25×' }).getAttribute('aria-pressed')).toBe('true');
    expect(await bar.getByRole('button', { name: '1×' }).getAttribute('aria-pressed')).toBe('false');
    await waitForSpoken(page, tamilLesson.sentences[1]!);
    await screenshot(page, 'read-aloud-lesson-tm-360', { fullPage: false });
    await expectAccessible(page, 'a Tamil lesson read aloud');

    await bar.getByRole('button', { name: 'இடைநிறுத்து' }).click();
    await bar.getByRole('button', { name: 'தொடருங்கள்' }).waitFor();
    const paused = await highlighted(page);
    await page.waitForTimeout(SENTENCE_SECONDS * 1000);
    expect(await highlighted(page), 'nothing moves while paused').toBe(paused);
    await bar.getByRole('button', { name: 'தொடருங்கள்' }).click();
    await waitForSpoken(page, tamilLesson.sentences[2]!);
    // The translator's recordings, made in the console, follow the editor's.
    await waitForSpoken(page, tamilLesson.sentences[3]!);
    await waitForSpoken(page, tamilLesson.sentences[4]!);
    // Past the recorded sentences there is no voice yet (no engine in the journeys): the reading ends.
    await bar.waitFor({ state: 'detached', timeout: 15_000 });
    expect(await highlighted(page)).toBeNull();
    // The speed chosen is kept for the next visit.
    expect(await page.evaluate(() => localStorage.getItem('jgk_listen_rate'))).toBe('1.25');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('saves the voices with the course on the phone, where they answer with no network', async () => {
    const { page, context, consoleErrors } = await learner('tm');
    const course = await courseOf('tm');
    await page.goto(`/courses/tm/${course.id}`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
    const section = page.getByTestId('save-offline');
    const voices = section.getByLabel(/உரக்கப் படிக்கும் குரல்களையும் சேமிக்கவும் \(மேலும் .+\)/);
    expect(await voices.isChecked()).toBe(true);
    await section.getByRole('button', { name: 'இணையமின்றிப் பயன்படுத்தச் சேமிக்கவும்' }).click();
    await section.getByText(/இந்தத் தொலைபேசியில் சேமிக்கப்பட்டது/).waitFor();
    const kept = await page.evaluate(async () => {
      const names = (await caches.keys()).filter((name) => name.startsWith('jgk-pack:'));
      const requests = (await Promise.all(names.map(async (name) => (await caches.open(name)).keys()))).flat();
      return requests.map((request) => new URL(request.url).pathname);
    });
    expect(kept.some((path) => path.endsWith('.opus'))).toBe(true);
    expect(kept).toContain(`/api/read-aloud/courses/${course.id}`);

    // With no network, the phone answers the voices' list and files itself (learning in a saved
    // course's views with no network is the next step of ADR 42; the player then finds them here).
    await context.setOffline(true);
    const answered = await page.evaluate(
      async ([list, file]) => Promise.all([list, file].map(async (url) => (await fetch(url)).status)),
      [`/api/read-aloud/courses/${course.id}?lang=tm`, kept.find((path) => path.endsWith('.opus'))!] as const,
    );
    expect(answered).toEqual([200, 200]);
    await context.setOffline(false);
    // What failed offline was the learner's own calls, nothing of the course or its voices.
    expect(consoleErrors.filter((text) => !/ERR_INTERNET_DISCONNECTED/.test(text))).toEqual([]);
    await context.close();
  });

  it('reads a Hindi question and then its options, or one option alone, and says when a text has no voice', async () => {
    const { page, context, consoleErrors } = await learner('hi');
    const course = await courseOf('hi');
    await page.goto(`/courses/hi/${course.id}/chapter/${course.chapterId}/lesson/${course.lessonId}`);
    // The Hindi lesson has no recording, and the journeys' server makes no synthetic voice.
    await page.getByRole('button', { name: 'सुनें', exact: true }).click();
    await page.locator('.listen__note').getByText('इस पाठ के लिए अभी आवाज़ नहीं है।').waitFor();
    expect(await page.locator('.read-aloud-bar').count()).toBe(0);

    await page.goto(`/courses/hi/${course.id}/quiz/${course.quizId}`);
    await page.getByRole('button', { name: quizWords('hi').start }).click();
    const question = page.locator('.quiz-player__question');
    await question.getByRole('button', { name: 'सुनें', exact: true }).click();
    await waitForSpoken(page, hindiQuestion.sentences[0]!);
    await waitForSpoken(page, hindiOptions[0]!.sentences[0]!);
    await waitForSpoken(page, hindiOptions[1]!.sentences[0]!);
    await screenshot(page, 'read-aloud-question-hi-360', { fullPage: false });
    await page.locator('.read-aloud-bar').waitFor({ state: 'detached', timeout: 15_000 });

    // An option's own button reads that option alone, and choosing the option still works beside it.
    const secondOption = page.locator('.quiz-player__option-row').nth(1);
    await secondOption.getByRole('button', { name: 'यह उत्तर सुनें' }).click();
    await waitForSpoken(page, hindiOptions[1]!.sentences[0]!);
    await secondOption.locator('label').click();
    expect(await secondOption.locator('input').isChecked()).toBe(true);
    await page.locator('.read-aloud-bar').waitFor({ state: 'detached', timeout: 15_000 });
    await expectAccessible(page, 'a Hindi question with its Listen buttons');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('marks the Hindi voice of a question stale once its English is edited and the Hindi follows: the console shows what changed, the learner is told before it plays', async () => {
    const [quizSlug, questionSlug] = [...hindiQuestion.part.matchAll(/\[([^\]]+)\]/g)].map((match) => match[1]!);
    const questionOf = (doc: CourseDocument) =>
      doc.quizzes.find((quiz) => quiz.key === quizSlug)!.questions.find((question) => question.key === questionSlug)!;
    const edit = async (lang: string, change: (text: string) => string) => {
      const url = `/api/staff/content/${hindiQuestion.itemId}/${lang}`;
      const head = await pageCall<LanguageHead>(editor.page, 'GET', url);
      const body = structuredClone(head.body) as CourseDocument;
      questionOf(body).content = change(questionOf(body).content);
      await pageCall(editor.page, 'PUT', url, { baseVersion: head.version.number, body });
      await pageCall(editor.page, 'POST', `${url}/publish`, {});
    };
    // The English changes; the Hindi recording still speaks the Hindi as published.
    await edit('en', (text) => `${text} (Think before you answer.)`);
    const beforeHindi = await pageCall<NeedsVoiceList>(editor.page, 'GET', '/api/staff/read-aloud/needs-voice/hi');
    expect(beforeHindi.texts.find((text) => text.part === hindiQuestion.part)).toBeUndefined();
    // The Hindi follows the English: the recording now speaks an older text.
    await edit('hi', (text) => `सोचकर बताइए: ${text}`);
    const afterHindi = await pageCall<NeedsVoiceList>(editor.page, 'GET', '/api/staff/read-aloud/needs-voice/hi');
    const stale = afterHindi.texts.find((text) => text.part === hindiQuestion.part)!;
    expect(stale.staleRecordings).toHaveLength(1);
    expect(stale.staleRecordings[0]!.after).toContain('सोचकर बताइए');

    await editor.page.goto('/staff/voices?lang=hi');
    const card = editor.page.locator('.voice-text').filter({ hasText: hindiQuestion.part });
    await card.locator('summary').click();
    await card.getByText('The text of sentence 1 changed since it was recorded.', { exact: false }).waitFor();
    await card.locator('ins').filter({ hasText: 'सोचकर' }).first().waitFor();
    await screenshot(editor.page, 'voices-stale-recording-1280', { fullPage: false });

    const { page, context } = await learner('hi');
    const course = await courseOf('hi');
    await page.goto(`/courses/hi/${course.id}/quiz/${course.quizId}`);
    await page.getByRole('button', { name: quizWords('hi').start }).click();
    await page.locator('.quiz-player__question').getByRole('button', { name: 'सुनें', exact: true }).click();
    const bar = page.getByRole('region', { name: 'पढ़कर सुनाना' });
    await bar.getByText('यह आवाज़ पाठ का पुराना रूप पढ़ती है', { exact: false }).waitFor();
    // The old recording plays over the sentence as it reads now, marked as the text shown.
    const shown = await page.locator('.quiz-player__legend').innerText();
    expect(shown).toContain('सोचकर बताइए');
    await waitForSpoken(page, shown);
    await bar.getByRole('button', { name: 'बंद करें' }).click();
    await bar.waitFor({ state: 'detached' });
    await context.close();
  });

  it('says so when a voice cannot be played', async () => {
    const { page, context } = await learner('hi', { withoutServiceWorker: true });
    const course = await courseOf('hi');
    await page.goto(`/courses/hi/${course.id}/quiz/${course.quizId}`);
    await page.getByRole('button', { name: quizWords('hi').start }).click();
    const bar = page.getByRole('region', { name: 'पढ़कर सुनाना' });
    // The file does not arrive: the bar says so, and closes.
    await page.route('**/*.opus', (route) => route.abort('internetdisconnected'));
    await page.locator('.quiz-player__option-row').first().getByRole('button', { name: 'यह उत्तर सुनें' }).click();
    await bar.getByRole('alert').getByText('आवाज़ नहीं चल सकी।', { exact: false }).waitFor();
    await bar.getByRole('button', { name: 'बंद करें' }).click();
    await bar.waitFor({ state: 'detached' });
    await context.close();
  });
});
