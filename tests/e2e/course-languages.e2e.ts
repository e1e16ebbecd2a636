// Switching the interface language inside a course: the same course opens in the new language at
// the same page when it has that translation (the sample course has all ten), or the page says so.
import { describe, expect, it } from 'vitest';
import { messageBody } from '../../contract/messages';
import {
  baseUrl,
  expectAccessible,
  labelsOf,
  newMobile,
  phonePage,
  screenshot,
  sharedBrowser,
  signIn,
} from './helpers';
import { publishedCourse, type PublishedCourse } from './course-content';

const browser = sharedBrowser();

const COURSE_EN = '589b158f-a32d-582b-86c3-b069d3b60fb4';
const CHAPTER_EN = 'afdbd06f-6fd9-5e70-8813-8f185c4682c4';
const LESSON_EN = '7f3a121c-d5f2-55cb-8562-efdfd0ba49bc';

/** The sample course in a language, as the API gives it. */
async function courseIn(lang: string): Promise<PublishedCourse> {
  const counterpart = (await (await fetch(`${baseUrl()}/api/course/public/en/${COURSE_EN}/in/${lang}`)).json()) as {
    courseId: string;
  };
  const id = lang === 'en' ? COURSE_EN : counterpart.courseId;
  return publishedCourse(lang, id);
}

describe('switching language inside a course', () => {
  it('opens the same course page, then the same lesson, in the new language', async () => {
    const [hi, tm] = [await courseIn('hi'), await courseIn('tm')];
    const { page, context, consoleErrors } = await phonePage(browser());
    await page.goto(`/courses/en/${COURSE_EN}`);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('hi');
    await page.waitForURL((url) => url.pathname === `/courses/hi/${hi.id}`);
    await page.getByRole('heading', { name: hi.title, level: 1 }).waitFor();
    await screenshot(page, 'hi-course-after-switch');

    // A lesson: signed in, the same lesson of the same chapter in Tamil.
    await page.goto('/login');
    await signIn(page, newMobile(), { name: 'Lakshmi Switch', labels: labelsOf('hi') });
    await page.waitForURL((url) => url.pathname === '/courses');
    await page.goto(`/courses/hi/${hi.id}/chapter/${hi.chapters[0]!.id}/lesson/${hi.chapters[0]!.lessons[1]!.id}`);
    await page.getByRole('heading', { name: hi.chapters[0]!.lessons[1]!.title, level: 1 }).waitFor();
    await page.getByRole('combobox', { name: 'भाषा' }).selectOption('tm');
    await page.waitForURL(
      (url) =>
        url.pathname === `/courses/tm/${tm.id}/chapter/${tm.chapters[0]!.id}/lesson/${tm.chapters[0]!.lessons[1]!.id}`,
    );
    await page.getByRole('heading', { name: tm.chapters[0]!.lessons[1]!.title, level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ta');
    await screenshot(page, 'tm-lesson-after-switch');
    await expectAccessible(page, 'lesson after a language switch');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('says so when the course is not in the chosen language, and keeps it in its own', async () => {
    const { page, context } = await phonePage(browser());
    // Every sample course exists in all ten languages, so the server's answer for a course without
    // a translation (its API test: server/modules/courses/courses.test.ts) is given here for Odia.
    await context.route('**/api/course/public/en/*/in/od*', (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify(messageBody('courseNotInLanguage')),
      }),
    );
    await page.goto('/login');
    await signIn(page, newMobile(), { name: 'Odia Reader' });
    await page.waitForURL((url) => url.pathname === '/courses');
    await page.goto(`/courses/en/${COURSE_EN}/chapter/${CHAPTER_EN}/lesson/${LESSON_EN}`);
    await page.getByRole('heading', { name: 'Why you need a bank account', level: 1 }).waitFor();
    await page.getByRole('combobox', { name: 'Language' }).selectOption('od');
    const notice = page
      .getByRole('status')
      .filter({ hasText: 'ଏହି କୋର୍ସ ଏପର୍ଯ୍ୟନ୍ତ ଓଡ଼ିଆ ଭାଷାରେ ଉପଲବ୍ଧ ନାହିଁ, ତେଣୁ ଏହାକୁ English ଭାଷାରେ ଦେଖାଯାଉଛି।' });
    await notice.waitFor();
    expect(new URL(page.url()).pathname).toBe(`/courses/en/${COURSE_EN}/chapter/${CHAPTER_EN}/lesson/${LESSON_EN}`);
    await notice.getByRole('link', { name: 'ଓଡ଼ିଆ ଭାଷାରେ କୋର୍ସ' }).waitFor();
    await screenshot(page, 'od-lesson-not-translated');
    // Back to English: the note goes.
    await page.getByRole('combobox', { name: 'ଭାଷା' }).selectOption('en');
    await notice.waitFor({ state: 'detached' });
    await context.close();
  });
});
