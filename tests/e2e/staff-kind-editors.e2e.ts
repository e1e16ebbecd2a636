// The editors of the kinds besides courses, as staff use them: an editor writes a blog post, takes
// its picture from the media library (uploading it there, progress and all), is told at once that
// an emptied day cannot be saved, publishes the post and a visitor finds it on /blogs at once. A
// gallery title's pictures are added from the library and put in order; a Hindi translator on a
// tablet writes the Hindi title and the pictures' text alternatives in Devanagari, and can neither
// add, remove nor move a picture. A blog post is translated beside its English source: the Hindi
// written field by field and submitted for review; when the English changes, the changed field is
// marked with the change word by word, and confirming the Hindi still right clears the mark.
import sharp from 'sharp';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BlogDocument, GalleryDocument, LanguageHead, StoryDocument } from '../../contract/authoring';
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
const stamp = Date.now();
/** What the journey made, deleted once every test is done (as the editor), so the other journeys find the site as they expect. */
const cleanUp: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const remove of cleanUp.reverse()) await remove().catch(() => undefined);
});

const status = (page: Page) => page.locator('.ce-status');
const waitSaved = (page: Page) => expect.poll(() => status(page).innerText(), { timeout: 15_000 }).toMatch(/^Saved/);

/** A small PNG of one colour, different for each call. */
const png = (colour: string) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .png()
    .toBuffer();

let editor: Page | null = null;
let translator: Page | null = null;
let galleryId = '';

async function signedInEditor(): Promise<Page> {
  if (editor) return editor;
  const { page } = await desktopPage(browser());
  await page.goto('/login?redirect=%2Fstaff');
  await signIn(page, inject('kindsEditorMobile'));
  await setUpAuthenticator(page);
  await page.getByRole('heading', { name: 'Translations', level: 1 }).waitFor();
  editor = page;
  return page;
}

/** The Hindi translator, on a tablet, signed in once for the journey (a second code so soon would wait for the resend pause). */
async function signedInTranslator(next: string): Promise<Page> {
  if (translator) {
    await translator.goto(next);
    return translator;
  }
  const { page } = await desktopPage(browser());
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto(`/login?redirect=${encodeURIComponent(next)}`);
  await signIn(page, inject('kindsTranslatorMobile'));
  await setUpAuthenticator(page);
  translator = page;
  return page;
}

async function create<T>(page: Page, kind: string, slug: string, body: T): Promise<string> {
  const created = await pageCall<{ item: { id: string } }>(page, 'POST', '/api/staff/content', { kind, slug, body });
  const id = created.item.id;
  cleanUp.push(() => pageCall(page, 'DELETE', `/api/staff/content/${id}`));
  return id;
}

/** Opens the library's picker from a picture field, uploads a new picture into it, writes its English text alternative and uses it. */
async function uploadAndUse(page: Page, field: string, name: string, colour: string, alt: string) {
  await page.getByRole('button', { name: `Choose from the library: ${field}` }).click();
  const picker = page.getByRole('dialog', { name: 'Choose a picture' });
  await picker.getByLabel('Choose files').setInputFiles({ name, mimeType: 'image/png', buffer: await png(colour) });
  const chosen = picker.getByRole('form', { name: `Chosen: ${name}` });
  await chosen.waitFor({ timeout: 20_000 });
  await chosen.getByLabel('Text alternative in English').fill(alt);
  await chosen.getByRole('button', { name: 'Use this picture' }).click();
  await picker.waitFor({ state: 'hidden' });
}

describe('the editors of blog posts and gallery titles', () => {
  it('writes a blog post with a picture from the library, refuses an emptied day, and publishes it to /blogs at once', async () => {
    const page = await signedInEditor();
    const title = `Keep your UPI PIN to yourself ${stamp}`;
    const blank: BlogDocument = {
      title: '',
      author: '',
      date: '2026-11-20',
      readTime: 1,
      image: null,
      imageAlt: '',
      description: '',
    };
    const id = await create(page, 'blog', `upi-pin-${stamp}`, blank);
    const body = async () =>
      (await pageCall<LanguageHead>(page, 'GET', `/api/staff/content/${id}/en`)).body as BlogDocument;

    await page.goto(`/staff/content/${id}/en`);
    await page.getByRole('link', { name: 'Edit English' }).click();
    await page.waitForURL((url) => url.pathname === `/staff/content/${id}/en/edit`);
    await page.getByRole('heading', { name: /Edit: .* · Blog · English/ }).waitFor();
    expect(await page.getByText('No picture yet: one is needed before publishing').count()).toBe(1);

    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Author').fill('Bina Editor');
    await page.getByLabel('Reading time (minutes)').fill('3');
    const text = page.getByRole('textbox', { name: 'Text of the post' });
    await text.click();
    await page.keyboard.type('A bank never asks for your PIN on a call.');
    await uploadAndUse(page, 'Picture', `pin-${stamp}.png`, '#2a6f97', 'A phone asking for a PIN');
    // The picker's text alternative fills the post's empty one.
    await expect
      .poll(() => page.getByLabel('Text alternative of the picture').inputValue())
      .toBe('A phone asking for a PIN');
    await waitSaved(page);
    const saved = await body();
    expect(saved).toMatchObject({
      title,
      author: 'Bina Editor',
      readTime: 3,
      imageAlt: 'A phone asking for a PIN',
      description: '<p>A bank never asks for your PIN on a call.</p>',
    });
    expect(saved.image).toMatch(/^uploads\//);
    expect(await page.locator('.ce-image__thumb').getAttribute('src')).toBe(`/${saved.image}`);

    // An emptied day is said at once, kept as it is, and nothing is sent until it is put right.
    await page.getByLabel('Day of the post').fill('');
    await expect
      .poll(() => status(page).innerText())
      .toMatch(/^Not saved: 1 field holds something that cannot be saved/);
    await page.getByLabel('Day of the post').fill('2026-11-21');
    await waitSaved(page);
    expect((await body()).date).toBe('2026-11-21');
    await expectAccessible(page, 'blog editor');
    await screenshot(page, 'staff-blog-editor-1280');

    // Published from its page, the post is on /blogs for a visitor at once.
    await page.getByRole('link', { name: '← Back to the item' }).click();
    await page.getByRole('button', { name: 'Publish English', exact: true }).click();
    await page.getByRole('button', { name: 'Publish now' }).click();
    await page.getByText(/Version \d+, published/).waitFor();
    const visitor = await phonePage(browser());
    await visitor.page.goto('/blogs');
    await visitor.page.getByRole('heading', { name: title }).waitFor();
    await visitor.context.close();
  });

  it('fits a success story’s editor on a tablet: the highlight box small, its words beside it, nothing off screen', async () => {
    const page = await signedInEditor();
    const blank: StoryDocument = {
      authorName: `Lakshmi ${stamp}`,
      date: '2026-11-20',
      image: null,
      imageAlt: '',
      isHighlighted: false,
      description: '',
    };
    const id = await create(page, 'story', `lakshmi-${stamp}`, blank);
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto(`/staff/content/${id}/en/edit`);
    const highlight = page.getByRole('checkbox', { name: 'Highlight on the home page' });
    await highlight.check();
    await waitSaved(page);
    const box = (await highlight.boundingBox())!;
    const words = (await page.locator('.staff-check', { has: highlight }).boundingBox())!;
    expect(box.width).toBeLessThan(32);
    expect(box.x - words.x).toBeLessThan(8);
    expect(words.height).toBeLessThan(80);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
    await expectAccessible(page, 'story editor at 768 px');
    await screenshot(page, 'staff-story-editor-768');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('arranges a gallery title’s pictures, and a Hindi translator writes their Hindi text alternatives only', async () => {
    const page = await signedInEditor();
    const blank: GalleryDocument = { title: `Village fair ${stamp}`, position: 9000, images: [] };
    galleryId = await create(page, 'gallery', `village-fair-${stamp}`, blank);
    const body = async (lang: string) =>
      (await pageCall<LanguageHead>(page, 'GET', `/api/staff/content/${galleryId}/${lang}`)).body as GalleryDocument;

    await page.goto(`/staff/content/${galleryId}/en/edit`);
    await page.getByRole('heading', { name: /Edit: .* · Gallery title · English/ }).waitFor();
    await page.getByText('No pictures yet.').waitFor();
    await page.getByRole('button', { name: 'Add a picture from the library' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose a picture' });
    await picker
      .getByLabel('Choose files')
      .setInputFiles({ name: `stall-${stamp}.png`, mimeType: 'image/png', buffer: await png('#bb3e03') });
    await picker.getByRole('form', { name: `Chosen: stall-${stamp}.png` }).waitFor({ timeout: 20_000 });
    await picker.getByLabel('Text alternative in English').fill('A stall selling bangles');
    await picker.getByRole('button', { name: 'Use this picture' }).click();
    await picker.waitFor({ state: 'hidden' });
    // The second picture is the post's, chosen from the library as it is.
    await page.getByRole('button', { name: 'Add a picture from the library' }).click();
    await picker.getByRole('button', { name: new RegExp(`pin-${stamp}\\.png`) }).click();
    await picker.getByRole('button', { name: 'Use this picture' }).click();
    await picker.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Pictures (2 of at most 500)' }).waitFor();
    await page.getByRole('button', { name: 'Move up: Picture 2: A phone asking for a PIN' }).click();
    await waitSaved(page);
    const english = await body('en');
    expect(english.images.map((image) => image.alt)).toEqual(['A phone asking for a PIN', 'A stall selling bangles']);
    const keys = english.images.map((image) => image.key);
    expect(keys.every((key) => typeof key === 'string' && key.length > 0)).toBe(true);
    await expectAccessible(page, 'gallery editor');

    // The Hindi translator, on a tablet: the words and text alternatives only.
    const tablet = await signedInTranslator(`/staff/content/${galleryId}/hi/edit`);
    await tablet.getByRole('heading', { name: /Edit: .* · Gallery title · Hindi/ }).waitFor();
    await tablet.getByText(/^You may change the text in your language/).waitFor();
    expect(await tablet.getByRole('button', { name: 'Add a picture from the library' }).count()).toBe(0);
    expect(await tablet.getByRole('button', { name: /^Move (up|down):/ }).count()).toBe(0);
    expect(await tablet.getByRole('button', { name: /^Remove / }).count()).toBe(0);
    expect(await tablet.getByRole('button', { name: /^Choose from the library/ }).count()).toBe(0);
    await tablet.getByLabel('Title of the gallery').fill('गाँव का मेला');
    await tablet.getByLabel('Text alternative of picture 1').fill('पिन माँगता हुआ फ़ोन');
    await tablet.getByLabel('Text alternative of picture 2').fill('चूड़ियों की दुकान');
    await waitSaved(tablet);
    const hindi = await body('hi');
    expect(hindi).toMatchObject({ title: 'गाँव का मेला', position: 9000 });
    expect(hindi.images.map((image) => [image.key, image.alt])).toEqual([
      [keys[0], 'पिन माँगता हुआ फ़ोन'],
      [keys[1], 'चूड़ियों की दुकान'],
    ]);
    await expectAccessible(tablet, 'gallery editor, translator');
    await screenshot(tablet, 'staff-gallery-editor-translator-768');
  });

  it('translates a post beside its English source, submits it for review, and marks a field whose source changed until confirmed', async () => {
    const page = await signedInEditor();
    const english: BlogDocument = {
      title: `Fake lottery calls ${stamp}`,
      author: 'Bina Editor',
      date: '2026-11-22',
      readTime: 2,
      image: null,
      imageAlt: 'A phone ringing',
      description: '<p>No lottery asks you to pay first.</p>',
    };
    const id = await create(page, 'blog', `fake-lottery-${stamp}`, english);
    const hindiBody = async () =>
      (await pageCall<LanguageHead>(page, 'GET', `/api/staff/content/${id}/hi`)).body as BlogDocument;

    const tablet = await signedInTranslator(`/staff/content/${id}/hi`);
    await tablet.getByRole('link', { name: 'Translate Hindi beside English' }).click();
    await tablet.waitForURL((url) => url.pathname === `/staff/content/${id}/hi/translate`);
    await tablet.getByRole('heading', { name: /^Translate: Fake lottery calls/ }).waitFor();
    await tablet.getByRole('heading', { name: 'English beside Hindi' }).waitFor();
    await tablet.getByText('0 of 4 fields written.').waitFor();
    const post = tablet.getByRole('group', { name: 'Blog' });
    expect(await post.getByText(english.title).count()).toBe(1);
    expect(await post.getByText('Not yet in Hindi').count()).toBe(4);
    await post.getByLabel('Title in Hindi').fill('नकली लॉटरी कॉल');
    await post.getByLabel('Author in Hindi').fill('बीना संपादक');
    await post.getByLabel('Text alternative of the picture in Hindi').fill('बजता हुआ फ़ोन');
    await post.getByRole('textbox', { name: 'Text of the post in Hindi' }).click();
    await tablet.keyboard.type('कोई भी लॉटरी पहले पैसे नहीं माँगती।');
    await tablet.getByText('4 of 4 fields written.').waitFor();
    await waitSaved(tablet);
    expect(await hindiBody()).toMatchObject({
      title: 'नकली लॉटरी कॉल',
      author: 'बीना संपादक',
      imageAlt: 'बजता हुआ फ़ोन',
      description: '<p>कोई भी लॉटरी पहले पैसे नहीं माँगती।</p>',
      date: english.date,
    });
    await expectAccessible(tablet, 'translation view');
    await screenshot(tablet, 'staff-translation-768');
    await tablet.getByRole('button', { name: 'Submit Hindi for review' }).click();
    await tablet.getByText('Hindi is in review: an editor looks at it before publishing.').waitFor();

    // The English title changes: the Hindi title is marked, with the change word by word, and only it needs work.
    const head = await pageCall<LanguageHead>(page, 'GET', `/api/staff/content/${id}/en`);
    await pageCall(page, 'PUT', `/api/staff/content/${id}/en`, {
      baseVersion: head.version.number,
      body: { ...english, title: `Fake lottery and prize calls ${stamp}` },
    });
    await tablet.reload();
    await tablet.getByText("1 field's source changed since it was translated.").waitFor();
    await tablet.getByLabel('Only fields that need work (empty or changed)').check();
    expect(await tablet.locator('.tr-row').count()).toBe(1);
    const row = tablet.locator('.tr-row--stale');
    expect(await row.getByText('Changed in English since translated').count()).toBe(1);
    expect(await row.locator('ins').innerText()).toContain('and prize');
    await row.getByLabel('The translation is still right for the changed source').check();
    await waitSaved(tablet);
    await tablet.getByText('No field needs work: every one is written and up to date.').waitFor();
    const stale = await pageCall<{ fields: unknown[] }>(page, 'GET', `/api/staff/content/${id}/hi/stale`);
    expect(stale.fields).toEqual([]);
  });
});
