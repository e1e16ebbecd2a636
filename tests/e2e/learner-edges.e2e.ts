// The learner area's other paths on a phone: a returning learner, a wrong code, the resend
// countdown, guarded routes, an unknown route or course, a chapter, quiz, video or lesson address
// that names none, the course page's width in Tamil, a bad email, the certificate refused early,
// and the journey in Hindi.
import { describe, expect, it } from 'vitest';
import { HI, expectAccessible, newMobile, otpFor, phonePage, screenshot, sharedBrowser, signIn } from './helpers';
import { completeCourse } from './journey';
import { publishedCourse } from './course-content';

const browser = sharedBrowser();

const COURSE_EN = '589b158f-a32d-582b-86c3-b069d3b60fb4';

async function registeredLearner(name: string) {
  const session = await phonePage(browser());
  const mobile = newMobile();
  await session.page.goto('/login');
  await signIn(session.page, mobile, { name });
  await session.page.waitForURL((url) => url.pathname === '/courses');
  return { ...session, mobile };
}

describe('signed out', () => {
  it('sends every protected route to sign-in, with the way back to the courses when it is about courses', async () => {
    const { page, consoleErrors, context } = await phonePage(browser());
    const base = `/courses/en/${COURSE_EN}`;
    const routes = [
      `${base}/journal`,
      `${base}/summary`,
      `${base}/chapter/afdbd06f-6fd9-5e70-8813-8f185c4682c4`,
      `${base}/chapter/afdbd06f-6fd9-5e70-8813-8f185c4682c4/lesson/7f3a121c-d5f2-55cb-8562-efdfd0ba49bc`,
      `${base}/quiz/77fff139-5320-5411-a1ae-af6a625a6bcd`,
      `${base}/quiz_demo/77fff139-5320-5411-a1ae-af6a625a6bcd`,
      `${base}/video/8b0597ee-6ce9-5a94-8de1-341fa06c81e0`,
    ];
    for (const route of routes) {
      await page.goto(route);
      await page.waitForURL((url) => url.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('redirect'), route).toBe('/courses');
    }
    await page.goto('/user-profile');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).search).toBe('');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('replaces an unknown route by the home page', async () => {
    const { page, context } = await phonePage(browser());
    await page.goto('/no/such/page');
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('fits a course page to a phone in the language with the widest tabs', async () => {
    const { page, context } = await phonePage(browser(), { language: 'tm' });
    await page.goto(`/courses/tm/${(await publishedCourse('tm')).id}`);
    await page.getByRole('tab').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await context.close();
  });

  it('replaces a course address that names no course by the home page, as an unknown one', async () => {
    const { page, context } = await phonePage(browser());
    // A well-formed id of no course (404), then an id that is not one at all (400 from the API).
    for (const address of ['/courses/en/00000000-0000-4000-8000-000000000000', '/courses/en/not-a-course']) {
      await page.goto('/about');
      await page.goto(address);
      await page.waitForURL((url) => url.pathname === '/');
    }
    await context.close();
  });
});

describe('sign-in', () => {
  it('shows the phone hint, refuses a wrong code with the server message, and counts down before a resend', async () => {
    const { page, consoleErrors, context } = await phonePage(browser());
    await page.goto('/login');
    await page.getByLabel('Mobile number').fill('98765');
    await page.getByText('Invalid number').waitFor();
    const mobile = newMobile();
    await page.getByLabel('Mobile number').fill(mobile);
    await page.getByText('Valid number').waitFor();
    await page.getByRole('button', { name: 'Request OTP' }).click();
    await page.getByLabel('Your name').waitFor();
    const code = await otpFor(mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('Digit 1 of 6').fill(wrong);
    await page.getByLabel('Your name').fill('Wrong Code');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.getByText(/Incorrect one-time password\. Tries left: \d\./).waitFor();
    await screenshot(page, 'en-login-wrong-code');
    await expectAccessible(page, 'login with an error');

    // The server's cooldown is still running: the button counts down and stays disabled.
    const countdown = page.getByRole('button', { name: /^Resend OTP in \d+ s$/ });
    await countdown.waitFor();
    expect(await countdown.isDisabled()).toBe(true);
    const first = Number(/(\d+)/.exec((await countdown.textContent()) ?? '')?.[1]);
    await page.waitForTimeout(2100);
    const later = Number(
      /(\d+)/.exec((await page.getByRole('button', { name: /^Resend OTP in/ }).textContent()) ?? '')?.[1],
    );
    expect(later).toBeLessThan(first);
    await screenshot(page, 'en-login-resend-countdown');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('brings a returning learner back to their progress, and Continue learning to the next lesson', async () => {
    const first = await registeredLearner('Ravi Returning');
    await first.page.goto(`/courses/en/${COURSE_EN}`);
    await first.page.getByRole('button', { name: 'Enroll' }).click();
    await first.page.getByText('Successfully Enrolled for this course').waitFor();
    await first.page.getByRole('link', { name: 'Continue learning' }).click();
    await first.page.getByRole('button', { name: 'Mark as Complete' }).click();
    await first.page.getByText('You have completed this lesson.').waitFor();
    await first.context.close();
    // The server's resend cooldown for this number (set short for the journeys) has to pass.
    await new Promise((r) => setTimeout(r, 9000));

    const { page, consoleErrors, context } = await phonePage(browser());
    await page.goto('/login?redirect=/courses');
    await signIn(page, first.mobile);
    await page.waitForURL((url) => url.pathname === '/courses');
    await page.getByText('Welcome back, Ravi Returning! Continue learning').waitFor();
    // 1 of 15 items (12 lessons, 1 video, 2 quizzes).
    await expect.poll(() => page.locator('.welcome [data-testid="progress-value"]').textContent()).toBe('6.7%');
    await screenshot(page, 'en-catalogue-welcome-back');
    await expectAccessible(page, 'catalogue with progress');
    // Continue learning goes on from where the learner stopped: the lesson after the one completed.
    await page.goto(`/courses/en/${COURSE_EN}`);
    await page.getByRole('link', { name: 'Continue learning' }).click();
    await page.getByRole('heading', { level: 1, name: 'Pradhan Mantri Jan Dhan Yojana' }).waitFor();
    await page.getByRole('button', { name: 'Mark as Complete' }).waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('ignores a redirect to another site', async () => {
    const { page, context } = await phonePage(browser());
    const mobile = newMobile();
    await page.goto('/login?redirect=//evil.example/');
    await signIn(page, mobile, { name: 'Safe Redirect' });
    await page.waitForURL((url) => url.pathname === '/');
    expect(new URL(page.url()).host).toBe(new URL(page.url()).host);
    expect(page.url()).not.toContain('evil');
    await context.close();
  });
});

describe('a slow network', () => {
  it('draws a course, a lesson and a quiz without moving what is on screen as their data arrives', async () => {
    const { page, consoleErrors, context } = await registeredLearner('Sunita Steady');
    const base = `/courses/en/${COURSE_EN}`;
    await page.goto(base);
    await page.getByRole('button', { name: 'Enroll' }).click();
    await page.getByText('Successfully Enrolled for this course').waitFor();
    // Every call answers late, each after the other, as on a slow mobile network; the page's
    // layout shifts (the browser's own measure, the one Lighthouse scores) are added up from the
    // first paint.
    await context.route('**/api/**', async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await context.addInitScript(() => {
      const w = window as unknown as { shifted: number };
      w.shifted = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
          if (!entry.hadRecentInput) w.shifted += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const views = [
      { url: base, ready: page.getByRole('link', { name: 'Continue learning' }) },
      {
        url: `${base}/chapter/afdbd06f-6fd9-5e70-8813-8f185c4682c4/lesson/7f3a121c-d5f2-55cb-8562-efdfd0ba49bc`,
        ready: page.getByRole('button', { name: 'Mark as Complete' }),
      },
      { url: `${base}/quiz/77fff139-5320-5411-a1ae-af6a625a6bcd`, ready: page.getByRole('heading', { level: 1 }) },
    ];
    for (const view of views) {
      await page.goto(view.url);
      await view.ready.waitFor();
      await page.waitForLoadState('networkidle');
      const shifted = await page.evaluate(() => (window as unknown as { shifted: number }).shifted);
      expect(shifted, view.url).toBeLessThan(0.05);
    }
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('signed in, an address that names nothing', () => {
  it('goes home from a chapter or quiz that is not one (typed or followed), to the course from a video and to the chapter from a lesson that is not in it', async () => {
    const { page, consoleErrors, context } = await registeredLearner('Meena Addresses');
    const base = `/courses/en/${COURSE_EN}`;
    const chapter = `${base}/chapter/afdbd06f-6fd9-5e70-8813-8f185c4682c4`;
    const cases = [
      { address: `${base}/chapter/not-a-chapter`, lands: '/' },
      { address: `${base}/chapter/00000000-0000-4000-8000-000000000000`, lands: '/' },
      { address: `${base}/quiz/not-a-quiz`, lands: '/' },
      { address: `${base}/quiz/00000000-0000-4000-8000-000000000000`, lands: '/' },
      { address: `${base}/video/not-a-video`, lands: base },
      { address: `${chapter}/lesson/not-a-lesson`, lands: chapter },
    ];
    for (const { address, lands } of cases) {
      // Typed into the address bar (the page comes from the server), then followed inside the app.
      await page.goto(address);
      await page.waitForURL((url) => url.pathname === lands);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await page.getByText('Something went wrong').count(), address).toBe(0);
      await page.goto('/about');
      await page.evaluate((to) => {
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, address);
      await page.waitForURL((url) => url.pathname === lands);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await page.getByText('Something went wrong').count(), address).toBe(0);
    }
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('profile', () => {
  it('refuses a bad email, keeps what was typed, and saves a good one', async () => {
    const { page, consoleErrors, context } = await registeredLearner('Meena Profile');
    await page.goto('/user-profile');
    await page.getByRole('heading', { name: 'Meena Profile' }).waitFor();
    await screenshot(page, 'en-profile');
    await expectAccessible(page, 'profile');
    await page.getByLabel('Email', { exact: true }).fill('meena-at-example');
    await page.getByLabel('Age', { exact: true }).fill('34');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Unable to update').waitFor();
    await page.getByText('Enter a valid email address').waitFor();
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe('meena-at-example');
    expect(await page.getByLabel('Age', { exact: true }).inputValue()).toBe('34');
    await screenshot(page, 'en-profile-bad-email');
    await page.getByLabel('Email', { exact: true }).fill('meena@example.org');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('User Profile updated').waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('refuses the certificate before the courses are complete', async () => {
    const { page, consoleErrors, context } = await registeredLearner('Early Certificate');
    await page.goto('/user-profile');
    await page.getByRole('button', { name: 'Download Certificate' }).click();
    await page.getByText('You have not completed all the courses to get the certificate.').waitFor();
    await screenshot(page, 'en-profile-certificate-refused');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('in Hindi', () => {
  it('goes through the same journey with Hindi interface text', async () => {
    const { page, consoleErrors, context } = await phonePage(browser(), { language: 'hi' });
    await page.goto('/courses');
    await page.getByRole('heading', { name: 'JGK कोर्स', level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
    await screenshot(page, 'hi-catalogue');
    await expectAccessible(page, 'Hindi catalogue');
    await page
      .getByRole('link', { name: /सीखना शुरू करें/ })
      .first()
      .click();
    const coursePath = new URL(page.url()).pathname;
    await page.getByRole('button', { name: 'नामांकन करें' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/login' && url.searchParams.get('redirect') === `${coursePath}?enrol=1`,
    );
    await page.getByRole('heading', { name: 'साइन इन करें' }).waitFor();
    await screenshot(page, 'hi-login');
    await signIn(page, newMobile(), { name: 'सीता देवी', labels: HI });
    // Sign-up finishes what was started: back on the course, enrolled.
    await page.getByText('इस कोर्स में आपका नामांकन हो गया है').waitFor();
    expect(new URL(page.url()).pathname).toBe(coursePath);
    await screenshot(page, 'hi-course');
    await page.getByRole('link', { name: 'सीखना जारी रखें' }).click();
    await completeCourse(
      page,
      'hi',
      {
        markComplete: 'पूरा हुआ चिह्नित करें',
        lessonDone: 'आपने यह पाठ पूरा कर लिया है।',
        next: /^अगला →/,
        videoDone: 'आपने यह वीडियो देख लिया है।',
        startQuiz: await quizText(page, 'start'),
        quizNext: await quizText(page, 'next'),
        submit: await quizText(page, 'submit'),
        retake: await quizText(page, 'retake'),
        passed: /आप \d+% के साथ पास हो गए/,
        failed: /आपके 0% आए/,
        save: 'सहेजें',
        journalSaved: 'आपके विचार सहेज लिए गए हैं',
      },
      'hi',
    );
    await page.goto('/user-profile');
    await expect.poll(() => page.getByTestId('completion').textContent()).toBe('100%');
    await page.getByRole('button', { name: 'प्रमाणपत्र डाउनलोड करें' }).waitFor();
    await screenshot(page, 'hi-profile');
    await expectAccessible(page, 'Hindi profile');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

/** The shared quiz player's words in Hindi, from its own translation file. */
async function quizText(_page: unknown, key: string): Promise<string> {
  const fs = await import('node:fs');
  const path = await import('node:path');
  const file = path.resolve(import.meta.dirname, '../../web/i18n/locales/hi/quiz.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>)[key]!;
}
