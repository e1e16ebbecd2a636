// Signing in on a phone as a learner meets it: the number field, the resend countdown, the wait
// after the code, and coming back to what the learner had started.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  labelsOf,
  logSince,
  logSize,
  newMobile,
  otpFor,
  phonePage,
  screenshot,
  sharedBrowser,
  signIn,
} from './helpers';
import { publishedCourse } from './course-content';

const browser = sharedBrowser();

/** The page's own chunk, as the build's page manifest names it. */
function pageChunk(name: string): string {
  const manifest = JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, '../../dist/web/.vite/pages.json'), 'utf8'),
  ) as {
    pages: Array<{ name: string; scripts: string[] }>;
  };
  return manifest.pages.find((page) => page.name === name)!.scripts[0]!;
}

const messagesOf = (lang: string) =>
  JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, `../../web/i18n/locales/${lang}/messages.json`), 'utf8'),
  ) as Record<string, string>;

describe('the mobile number field', () => {
  it('keeps only digits, and refuses a number no Indian mobile has before any SMS is sent', async () => {
    const { page, consoleErrors, context } = await phonePage(browser());
    await page.goto('/login');
    const field = page.getByLabel('Mobile number');
    await field.pressSequentially('12a34-5 678(90)');
    expect(await field.inputValue()).toBe('1234567890');
    await page.getByText('This is not a mobile number: Indian mobile numbers start with 6, 7, 8 or 9.').waitFor();
    const before = logSize();
    await page.getByRole('button', { name: 'Request OTP' }).click();
    await page
      .getByRole('alert')
      .getByText(/start with 6, 7, 8 or 9/)
      .waitFor();
    await screenshot(page, 'en-login-not-a-mobile');
    // Nothing reached the server's SMS provider.
    await page.waitForTimeout(500);
    expect(logSince(before)).not.toMatch(/One-time password for/);

    // A pasted full number loses its +91 and spaces; a mobile is accepted.
    await field.fill('+91 98765 43210');
    expect(await field.inputValue()).toBe('9876543210');
    await page.getByText('Valid number').waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('says why in Hindi and Tamil', async () => {
    for (const lang of ['hi', 'tm']) {
      const { page, context } = await phonePage(browser(), { language: lang });
      await page.goto('/login');
      await page.locator('input[type="tel"]').fill('5876543210');
      await page.getByText(messagesOf(lang).notAMobile!).waitFor();
      await screenshot(page, `${lang}-login-not-a-mobile`);
      await context.close();
    }
  });
});

describe('resending the code', () => {
  it('counts down from the first code on, and again after each resend, so no tap is refused', async () => {
    const { page, consoleErrors, context } = await phonePage(browser());
    await page.goto('/login');
    const mobile = newMobile();
    await page.getByLabel('Mobile number').fill(mobile);
    await page.getByRole('button', { name: 'Request OTP' }).click();
    await page.getByLabel('Your name').waitFor();
    // Right after the first code: a countdown, not an active button (the server's cooldown is 8 s here).
    const countdown = page.getByRole('button', { name: /^Resend OTP in \d+ s$/ });
    await countdown.waitFor({ timeout: 1000 });
    expect(await countdown.isDisabled()).toBe(true);
    await screenshot(page, 'en-login-first-countdown');
    const resend = page.getByRole('button', { name: 'Resend OTP', exact: true });
    await resend.waitFor({ timeout: 12_000 });
    const before = logSize();
    await resend.click();
    await page.getByText('A new one-time password has been sent to your phone').waitFor();
    await otpFor(mobile, before);
    await countdown.waitFor({ timeout: 1000 });
    expect(await page.getByText(/Please wait \d+ seconds/).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('a tab that comes back while the code is on its way', () => {
  it('opens at the code boxes again (the tab was reloaded or discarded while the SMS was read), and Change number forgets it', async () => {
    const { page, consoleErrors, context } = await phonePage(browser());
    const codeBox = page.getByLabel('Digit 1 of 6');
    const countdown = page.getByRole('button', { name: /^Resend OTP in \d+ s$/ });

    // Change number: the tab no longer waits for that code.
    await page.goto('/login');
    await page.getByLabel('Mobile number').fill(newMobile());
    await page.getByRole('button', { name: 'Request OTP' }).click();
    await codeBox.waitFor();
    await page.getByRole('button', { name: 'Change number' }).click();
    await page.reload();
    await page.getByRole('button', { name: 'Request OTP' }).waitFor();
    expect(await codeBox.count()).toBe(0);

    // A new learner asks for a code, and the page is reloaded before it is typed.
    const mobile = newMobile();
    await page.getByLabel('Mobile number').fill(mobile);
    const before = logSize();
    await page.getByRole('button', { name: 'Request OTP' }).click();
    await page.getByLabel('Your name').waitFor();
    await page.reload();
    await codeBox.waitFor();
    await page.getByLabel('Your name').waitFor();
    expect(await page.getByLabel('Mobile number').inputValue()).toBe(mobile);
    // What is left of the server's cooldown, not a Request OTP it would refuse.
    await countdown.waitFor({ timeout: 1000 });
    await screenshot(page, 'en-login-code-kept');
    await codeBox.fill(await otpFor(mobile, before));
    await page.getByLabel('Your name').fill('Lata Waiting');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/courses');
    await page.goto('/user-profile');
    await page.getByRole('heading', { name: 'Lata Waiting' }).waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('after the code is accepted', () => {
  it('goes on at once: the next page was fetched while the code was typed, no second call asks who signed in, and the wait shows', async () => {
    const { page, context, consoleErrors } = await phonePage(browser());
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.goto('/login?redirect=/courses');
    const mobile = newMobile();
    await page.getByLabel('Mobile number').fill(mobile);
    const before = logSize();
    await page.getByRole('button', { name: 'Request OTP' }).click();
    await page.getByLabel('Your name').waitFor();
    // The catalogue's chunk arrives while the learner reads the SMS.
    await expect.poll(() => requests.includes(pageChunk('courses'))).toBe(true);
    await page.getByLabel('Digit 1 of 6').fill(await otpFor(mobile, before));
    await page.getByLabel('Your name').fill('Quick Start');

    // A slow network, so the wait for the answer can be seen.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 800,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const fromRegister = requests.length;
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    const busy = page.getByRole('button', { name: 'Creating your account…' });
    await busy.waitFor();
    expect(await busy.getAttribute('aria-busy')).toBe('true');
    await screenshot(page, 'en-login-registering');
    await page.waitForURL((url) => url.pathname === '/courses');
    await page.getByRole('heading', { name: 'JGK Courses', level: 1 }).waitFor();
    const after = requests.slice(fromRegister);
    expect(after[0]).toBe('/api/user/register');
    expect(after).not.toContain('/api/user/session-status');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('shows a progress bar while a page takes more than a moment to come', async () => {
    const { page, context, consoleErrors } = await phonePage(browser(), { withoutServiceWorker: true });
    await page.goto('/about');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 1500,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    // The footer's link to a page whose chunk is not loaded yet.
    await page.locator('footer').getByRole('link', { name: 'Gallery' }).click();
    const bar = page.getByRole('progressbar');
    await bar.waitFor();
    await screenshot(page, 'en-navigation-progress', { fullPage: false });
    await page.getByRole('heading', { name: 'Gallery', level: 1 }).waitFor({ timeout: 20_000 });
    await bar.waitFor({ state: 'detached' });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('signing in after pressing Enroll', () => {
  it('returns a returning learner to the course and completes the enrolment, in Tamil', async () => {
    // A learner who registered earlier, on another visit.
    const mobile = newMobile();
    const first = await phonePage(browser());
    await first.page.goto('/login');
    await signIn(first.page, mobile, { name: 'Meena Returning' });
    await first.page.waitForURL((url) => url.pathname === '/courses');
    await first.context.close();
    // The server's resend cooldown for this number (set short for the journeys) has to pass.
    await new Promise((r) => setTimeout(r, 9000));

    const { page, context, consoleErrors } = await phonePage(browser(), { language: 'tm' });
    const coursePath = `/courses/tm/${(await publishedCourse('tm')).id}`;
    await page.goto(coursePath);
    const learning = JSON.parse(
      fs.readFileSync(path.resolve(import.meta.dirname, '../../web/i18n/locales/tm/learning.json'), 'utf8'),
    ) as Record<string, string>;
    await page.getByRole('button', { name: learning.enroll! }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await signIn(page, mobile, { labels: labelsOf('tm') });
    await page.getByText(messagesOf('tm').enrolled!).waitFor();
    expect(new URL(page.url()).pathname).toBe(coursePath);
    await page.getByRole('link', { name: learning.continueLearning! }).waitFor();
    await screenshot(page, 'tm-course-enrolled-after-sign-in');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('where signing in leads', () => {
  it('moves the focus to the first code box once the code is sent, in Hindi too', async () => {
    for (const lang of ['en', 'hi']) {
      const { page, context } = await phonePage(browser(), { language: lang });
      const labels = labelsOf(lang);
      await page.goto('/login');
      await page.getByLabel(labels.phone).fill(newMobile());
      await page.getByRole('button', { name: labels.requestOtp }).click();
      await page.getByLabel(labels.name).waitFor();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? ''))
        .toMatch(typeof labels.digit1 === 'string' ? new RegExp(`^${labels.digit1}$`) : labels.digit1);
      await context.close();
    }
  });

  it('takes a new learner on to the courses, and Get started, once signed in, to the courses again, not home', async () => {
    const { page, context, consoleErrors } = await phonePage(browser());
    await page.goto('/');
    // Get started opens /login in a new tab, as the specification says.
    const [signUpTab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: 'Get Started' }).click(),
    ]);
    await signUpTab.waitForURL((url) => url.pathname === '/login');
    await signIn(signUpTab, newMobile(), { name: 'Kavita New' });
    await signUpTab.waitForURL((url) => url.pathname === '/courses');
    await signUpTab
      .getByRole('link', { name: /start learning/i })
      .first()
      .waitFor();
    // Signed in, Get started again: the new tab goes on to the courses, not another home page.
    await page.reload();
    const [again] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: 'Get Started' }).click(),
    ]);
    await again.waitForURL((url) => url.pathname === '/courses');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
