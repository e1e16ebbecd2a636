// A new learner's whole journey on a phone (360x740): from the catalogue to the certificate.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseUrl, expectAccessible, newMobile, phonePage, screenshot, sharedBrowser, signIn } from './helpers';
import { completeCourse } from './journey';

const browser = sharedBrowser();

describe('a new learner on a phone', () => {
  it('finds a course, registers, completes it and downloads the certificate', async () => {
    const { page, consoleErrors, context } = await phonePage(browser());
    const mobile = newMobile();
    const name = 'Asha Devi Kumari';

    await page.goto('/');
    await page.goto('/courses');
    await page
      .getByRole('link', { name: /Start Learning/ })
      .first()
      .waitFor();
    await screenshot(page, 'en-catalogue');
    await expectAccessible(page, 'catalogue');
    await page
      .getByRole('link', { name: /Start Learning/ })
      .first()
      .click();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Enroll' }).waitFor();
    await screenshot(page, 'en-course-signed-out');
    await expectAccessible(page, 'course detail');

    // Enrolling without a session leads to sign-in, which comes back to the course and enrols.
    const coursePath = new URL(page.url()).pathname;
    await page.getByRole('button', { name: 'Enroll' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/login' && url.searchParams.get('redirect') === `${coursePath}?enrol=1`,
    );
    await screenshot(page, 'en-login');
    await expectAccessible(page, 'login');
    await signIn(page, mobile, { name, email: 'asha@example.org' });
    await page.getByText('Successfully Enrolled for this course').waitFor();
    expect(new URL(page.url()).pathname).toBe(coursePath);
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect.poll(() => page.getByTestId('progress-value').first().textContent()).toBe('0.0%');
    await screenshot(page, 'en-course-enrolled');
    await expectAccessible(page, 'course detail, enrolled');
    await page.getByRole('link', { name: 'Continue learning' }).click();

    await completeCourse(
      page,
      'en',
      {
        markComplete: 'Mark as Complete',
        lessonDone: 'You have completed this lesson.',
        next: /^Next →/,
        videoDone: 'You have watched this video.',
        startQuiz: 'Start solving',
        quizNext: 'Next',
        submit: 'Submit',
        retake: 'Retake',
        passed: /You passed with \d+%/,
        failed: /You scored 0%/,
        save: 'Save',
        journalSaved: 'Your reflection has been saved',
      },
      'en',
    );

    // The sidebar drawer shows the whole course complete.
    await page.getByRole('button', { name: 'Show course contents' }).click();
    await expect.poll(() => page.locator('.sidebar [data-testid="progress-value"]').textContent()).toBe('100.0%');
    await screenshot(page, 'en-sidebar-complete');
    await expectAccessible(page, 'sidebar');

    await page.goto('/user-profile');
    await expect.poll(() => page.getByTestId('completion').textContent()).toBe('100%');
    await screenshot(page, 'en-profile-complete');
    await expectAccessible(page, 'profile');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Certificate' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Certificate.pdf');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'jgk-cert-')), 'Certificate.pdf');
    await download.saveAs(file);
    expect(fs.readFileSync(file).subarray(0, 4).toString('latin1')).toBe('%PDF');

    // The name is drawn as shaped glyphs; the text layer (when present) and the public check
    // behind the certificate's number both have to show it.
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    const number = /JGK-\d{4}-[2-9A-HJ-NP-Z]{8}/.exec(text)?.[0];
    expect(number, 'certificate number in the PDF text').toBeDefined();
    const verified = (await (await fetch(`${baseUrl()}/api/certificates/verify/${number}`)).json()) as {
      learnerName: string;
    };
    expect(verified.learnerName).toBe(name);
    await page.goto(`/certificates/verify/${number}`);
    await expect.poll(() => page.getByTestId('certificate-name').textContent()).toBe(name);
    await screenshot(page, 'en-certificate-verify');
    await expectAccessible(page, 'certificate check');

    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
