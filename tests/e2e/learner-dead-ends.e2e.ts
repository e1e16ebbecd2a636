// Where a learner used to meet a dead end ("Something went wrong", a refusal without a way on),
// each page now says what is missing and offers the step that gives it.
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { finishCourseByApi } from './journey';
import {
  labelsOf,
  expectAccessible,
  logSize,
  newMobile,
  otpFor,
  phonePage,
  screenshot,
  sharedBrowser,
  signIn,
  type PhonePage,
} from './helpers';
import { publishedCourse } from './course-content';

const browser = sharedBrowser();

const COURSE_EN = '589b158f-a32d-582b-86c3-b069d3b60fb4';
const SOMETHING_WRONG = /Something went wrong/;

async function registeredLearner(name: string, options: { language?: string } = {}): Promise<PhonePage> {
  const session = await phonePage(browser(), options);
  await session.page.goto('/login');
  await signIn(session.page, newMobile(), { name, labels: labelsOf(options.language ?? 'en') });
  await session.page.waitForURL((url) => url.pathname === '/courses');
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

    // Consent given right there, with the code sent to the guardian's phone: the course can be joined at once.
    await consent.getByLabel("Parent's or guardian's name", { exact: true }).fill('Sunita Devi');
    await consent.getByLabel('They are my', { exact: true }).selectOption('Mother');
    const guardianLocal = newMobile();
    await consent.getByLabel("Parent's or guardian's own mobile number", { exact: true }).fill(guardianLocal);
    const before = logSize();
    await consent.getByRole('button', { name: 'Send the code to their phone' }).click();
    const code = await otpFor(guardianLocal, before, 'guardian-consent');
    await consent.getByLabel('One-time password from their phone', { exact: true }).fill(code);
    await consent.getByLabel('I am the parent or guardian and I agree').check();
    await consent.getByRole('button', { name: 'Give consent and continue' }).click();
    await page.getByRole('button', { name: 'Enroll' }).click();
    await page.getByText('Successfully Enrolled for this course').waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('a lesson of a course the learner has not joined', () => {
  const CHAPTER = 'afdbd06f-6fd9-5e70-8813-8f185c4682c4';
  const LESSON = '7f3a121c-d5f2-55cb-8562-efdfd0ba49bc';

  it('offers to enrol right there, and marks the lesson complete with it', async () => {
    const { page, context, consoleErrors } = await registeredLearner('Not Yet Enrolled');
    await page.goto(`/courses/en/${COURSE_EN}/chapter/${CHAPTER}/lesson/${LESSON}`);
    const offer = page.getByRole('region', { name: 'Enroll' });
    await offer.getByText('You have not enrolled in this course yet. Enroll so that your progress is kept.').waitFor();
    expect(await page.getByRole('button', { name: 'Mark as Complete', exact: true }).count()).toBe(0);
    await screenshot(page, 'en-lesson-not-enrolled');
    await expectAccessible(page, 'lesson of a course not joined');
    await offer.getByRole('button', { name: 'Enroll and mark as complete' }).click();
    await page.getByText('You have completed this lesson.').waitFor();
    await page.getByText('Successfully Enrolled for this course').waitFor();
    expect(await offer.count()).toBe(0);
    // The course counts it: 1 of 15 items.
    await page.goto(`/courses/en/${COURSE_EN}`);
    await expect.poll(() => page.getByTestId('progress-value').first().textContent()).toBe('6.7%');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('offers it on the journal too, which then opens, instead of "Something went wrong"', async () => {
    const { page, context, consoleErrors } = await registeredLearner('Journal Visitor');
    await page.goto(`/courses/en/${COURSE_EN}/journal`);
    const offer = page.getByRole('region', { name: 'Enroll' });
    await offer.getByText('You have not enrolled in this course yet.', { exact: false }).waitFor();
    expect(await page.getByText(SOMETHING_WRONG).count()).toBe(0);
    await offer.getByRole('button', { name: 'Enroll' }).click();
    await page.getByRole('textbox').waitFor();
    expect(await offer.count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('offers it in the learner’s language on a quiz too', async () => {
    const { page, context } = await registeredLearner('Quiz Visitor', { language: 'hi' });
    const course = await publishedCourse('hi');
    await page.goto(`/courses/hi/${course.id}/quiz/${course.quizzes[0]!.id}`);
    await page.getByText('आपने अभी इस कोर्स में नामांकन नहीं किया है।', { exact: false }).waitFor();
    await page.getByRole('region', { name: 'नामांकन करें' }).getByRole('button', { name: 'नामांकन करें' }).click();
    await page.getByText('इस कोर्स में आपका नामांकन हो गया है').waitFor();
    await screenshot(page, 'hi-quiz-enrolled-there');
    await context.close();
  });
});

describe('the guardian consent form', () => {
  it('names every field left out at once, beside each field', async () => {
    const { page, context, consoleErrors } = await registeredLearner('Hasty Minor');
    await setAge(page, 16);
    await page.goto('/courses');
    const consent = page.getByRole('region', { name: 'A parent or guardian must agree' });
    const send = consent.getByRole('button', { name: 'Send the code to their phone' });
    await send.click();
    const summary = consent.getByTestId('consent-error');
    await expect
      .poll(() => summary.allTextContents())
      .toEqual([
        'Please enter the name of your parent or guardian',
        'Please choose how the parent or guardian is related to you',
        'Enter a valid phone number',
      ]);
    // Each field says what it lacks, and the first one takes the focus.
    const name = consent.getByLabel("Parent's or guardian's name", { exact: true });
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await consent.getByLabel('They are my', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(
      await consent
        .getByLabel("Parent's or guardian's own mobile number", { exact: true })
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(await name.evaluate((element) => element === document.activeElement)).toBe(true);
    await screenshot(page, 'en-consent-all-missing');
    await expectAccessible(page, 'consent form with every field missing');

    await name.fill('Kamala');
    await send.click();
    await expect
      .poll(() => summary.allTextContents())
      .toEqual(['Please choose how the parent or guardian is related to you', 'Enter a valid phone number']);
    expect(await name.getAttribute('aria-invalid')).toBeNull();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('a catalogue that failed to load', () => {
  const failCourses = (route: Route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'serviceUnavailable', message: 'The service is briefly unavailable.' }),
    });

  it('says so with Try again when the courses do not arrive, and Try again brings them', async () => {
    const { page, context } = await phonePage(browser());
    await page.goto('/about');
    await context.route('**/api/course/public?*', failCourses);
    await page.locator('footer').getByRole('link', { name: 'Courses' }).click();
    await page.getByText('Something went wrong while loading this. Please try again.').waitFor({ timeout: 20_000 });
    await screenshot(page, 'en-catalogue-failed');
    await context.unroute('**/api/course/public?*', failCourses);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Money basics: bank, save, pay and stay safe' }).waitFor();
    await context.close();
  });

  it('says so with Try again when the page itself cannot be fetched (connection lost), instead of a blank screen', async () => {
    const { page, context } = await phonePage(browser());
    await page.goto('/about');
    await context.setOffline(true);
    await page.locator('footer').getByRole('link', { name: 'Courses' }).click();
    const failed = page
      .getByRole('alert')
      .filter({ hasText: 'This page could not be loaded. Please check your internet connection and try again.' });
    await failed.waitFor();
    // The header and footer stay, so the learner is not lost.
    await page.getByRole('banner').waitFor();
    await screenshot(page, 'en-page-failed');
    await context.setOffline(false);
    await failed.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'JGK Courses', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Money basics: bank, save, pay and stay safe' }).waitFor();
    await context.close();
  });

  it('never shows another language’s courses while the chosen language’s are on their way', async () => {
    const { page, context } = await phonePage(browser());
    await page.goto('/courses');
    await page.getByRole('heading', { name: 'Money basics: bank, save, pay and stay safe' }).waitFor();
    await context.route('**/api/course/public?*lang=hi*', failCourses);
    await page.locator('.lang-select').getByLabel('Language').selectOption('hi');
    await page.getByRole('heading', { name: 'JGK कोर्स', level: 1 }).waitFor();
    await page.getByRole('status').filter({ hasText: 'लोड हो रहा है…' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Money basics: bank, save, pay and stay safe' }).count()).toBe(0);
    await page.getByText('इसे लोड करते समय कुछ गड़बड़ हो गई। कृपया फिर से कोशिश करें।').waitFor({ timeout: 20_000 });
    expect(await page.getByRole('heading', { name: 'Money basics: bank, save, pay and stay safe' }).count()).toBe(0);
    await screenshot(page, 'hi-catalogue-failed');
    await context.close();
  });
});

describe('a finished course', () => {
  it('says so on the course page, ticks every chapter and quiz, and points to the certificate', async () => {
    const { page, context, consoleErrors } = await registeredLearner('Finished Learner');
    await finishCourseByApi(page, 'en', COURSE_EN);
    await page.goto(`/courses/en/${COURSE_EN}`);
    const finished = page.getByRole('region', { name: 'You have finished this course!' });
    await finished
      .getByText('You have finished every course in this language, so your certificate is ready.')
      .waitFor();
    await expect.poll(() => page.getByTestId('progress-value').first().textContent()).toBe('100.0%');
    // Every chapter ticked, and every quiz.
    const chapters = page.getByRole('tabpanel').getByRole('listitem');
    const count = await chapters.count();
    expect(count).toBe(6);
    expect(await chapters.filter({ hasText: 'completed' }).count()).toBe(count);
    await page.getByRole('link', { name: 'Review' }).waitFor();
    await screenshot(page, 'en-course-finished');
    await expectAccessible(page, 'finished course');
    await page.getByRole('tab', { name: /Quizzes/ }).click();
    expect(await page.getByRole('tabpanel').getByRole('listitem').filter({ hasText: 'completed' }).count()).toBe(2);

    // The certificate: its card on the profile, in view.
    await finished.getByRole('link', { name: 'Get your certificate' }).click();
    await page.waitForURL((url) => url.pathname === '/user-profile' && url.hash === '#certificate');
    const card = page.locator('#certificate');
    await card.getByText('You have completed all the courses. Download your certificate.').waitFor();
    await expect
      .poll(() =>
        card.evaluate(
          (element) =>
            element.getBoundingClientRect().top >= 0 && element.getBoundingClientRect().top < window.innerHeight,
        ),
      )
      .toBe(true);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('says so in Tamil', async () => {
    const { page, context } = await registeredLearner('Tamil Finisher', { language: 'tm' });
    const { id } = await publishedCourse('tm');
    await finishCourseByApi(page, 'tm', id);
    await page.goto(`/courses/tm/${id}`);
    const finished = page.getByRole('region', { name: 'இந்தப் பாடநெறியை முடித்துவிட்டீர்கள்!' });
    await finished.getByRole('link', { name: 'உங்கள் சான்றிதழைப் பெறுங்கள்' }).waitFor();
    await screenshot(page, 'tm-course-finished');
    await context.close();
  });
});

describe('a corrected name', () => {
  it('reaches the certificate: the same number, reissued in the corrected name, and the public check says so', async () => {
    const { page, context, consoleErrors } = await registeredLearner('Kshitij Srivastav');
    await finishCourseByApi(page, 'en', COURSE_EN);
    await page.goto('/user-profile');
    const first = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Certificate' }).click();
    await (await first).path();

    // The learner corrects the spelling, and downloads the certificate again.
    await page.getByLabel('Name', { exact: true }).fill('Kshitij Shrivastava');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('User Profile updated').waitFor();
    const second = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Certificate' }).click();
    await (await second).path();

    const data = (await (await page.request.get('/api/user/me/export')).json()) as {
      certificates: Array<{ number: string; learnerName: string; reissuedAt: string | null }>;
    };
    expect(data.certificates).toHaveLength(1);
    const certificate = data.certificates[0]!;
    expect(certificate.learnerName).toBe('Kshitij Shrivastava');

    await page.goto(`/certificates/verify/${certificate.number}`);
    await page.getByText('This certificate is genuine.').waitFor();
    expect(await page.getByTestId('certificate-name').textContent()).toBe('Kshitij Shrivastava');
    await page.getByTestId('certificate-reissued').waitFor();
    await page
      .getByText('The learner corrected their name, so this certificate was issued again under the same number')
      .waitFor();
    expect(await page.getByText('Kshitij Srivastav', { exact: true }).count()).toBe(0);
    await screenshot(page, 'en-certificate-reissued');
    await expectAccessible(page, 'verification of a reissued certificate');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
