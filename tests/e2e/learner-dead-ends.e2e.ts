// Where a learner used to meet a dead end ("Something went wrong", a refusal without a way on),
// each page now says what is missing and offers the step that gives it.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, newMobile, phonePage, screenshot, sharedBrowser, signIn, type PhonePage } from './helpers';

const browser = sharedBrowser();

const COURSE_EN = '589b158f-a32d-582b-86c3-b069d3b60fb4';
const SOMETHING_WRONG = /Something went wrong/;

async function registeredLearner(name: string, options: { language?: string } = {}): Promise<PhonePage> {
  const session = await phonePage(browser(), options);
  await session.page.goto('/login');
  await signIn(session.page, newMobile(), { name });
  await session.page.waitForURL((url) => url.pathname === '/');
  return session;
}

async function setAge(page: Page, age: number) {
  await page.goto('/user-profile');
  await page.getByLabel('Age', { exact: true }).fill(String(age));
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('User Profile updated').waitFor();
}

describe('a learner under 18 without a guardian’s consent', () => {
  it('is told that consent is missing and offered the consent step on the profile, the catalogue and the course page', async () => {
    const { page, context, consoleErrors } = await registeredLearner('Young Learner');
    await setAge(page, 15);

    // The profile: the form, and where the figures would be, the reason and a way to the form.
    await page.reload();
    await page.getByRole('heading', { name: 'A parent or guardian must agree', level: 2 }).waitFor();
    const statsNote = page.getByTestId('stats-consent');
    await statsNote.getByText('A parent or guardian must agree before a learner under 18 can start learning').waitFor();
    expect(await page.getByText(SOMETHING_WRONG).count()).toBe(0);
    await statsNote.getByRole('link', { name: 'Go to the consent form' }).click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#guardian-consent');
    await screenshot(page, 'en-profile-minor');
    await expectAccessible(page, 'profile of a minor');

    // The catalogue and the course page: the consent step instead of an error.
    await page.goto('/courses');
    await page.getByRole('heading', { name: 'A parent or guardian must agree', level: 2 }).waitFor();
    expect(await page.getByText(SOMETHING_WRONG).count()).toBe(0);
    await page.goto(`/courses/en/${COURSE_EN}`);
    const consent = page.getByRole('region', { name: 'A parent or guardian must agree' });
    await consent.waitFor();
    expect(await page.getByText(SOMETHING_WRONG).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await screenshot(page, 'en-course-minor');
    await expectAccessible(page, 'course page of a minor');

    // Consent given right there: the course can be joined at once.
    await consent.getByLabel("Parent's or guardian's name").fill('Sunita Devi');
    await consent.getByLabel('They are my').selectOption('Mother');
    await consent.getByLabel('I am the parent or guardian and I agree').check();
    await consent.getByRole('button', { name: 'Give consent and continue' }).click();
    await page.getByRole('button', { name: 'Enroll' }).click();
    await page.getByText('Successfully Enrolled for this course').waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
