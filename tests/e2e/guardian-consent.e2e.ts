// A learner of 15 on a phone: learning waits for a parent's or guardian's consent, given through the
// form with a one-time password sent to the guardian's own number (ADR 18); raising the age in the
// profile does not lift the gate.
import { describe, expect, it } from 'vitest';
import { expectAccessible, logSize, newMobile, otpFor, phonePage, screenshot, sharedBrowser, signIn } from './helpers';

const browser = sharedBrowser();

describe('guardian consent', () => {
  it('a minor gives the guardian’s number, the guardian’s code records the consent, and learning opens', async () => {
    const { page, consoleErrors } = await phonePage(browser());
    const learnerLocal = newMobile();
    await page.goto('/login');
    await signIn(page, learnerLocal, { name: 'Meena Kumari' });
    await page.waitForURL((url) => url.pathname === '/courses');

    // The age is declared, then raised: the gate stays.
    const call = (method: string, url: string, body?: unknown) =>
      page.evaluate(
        async ([m, u, b]) => {
          const res = await fetch(u as string, {
            method: m as string,
            headers: b ? { 'content-type': 'application/json' } : {},
            body: b ? JSON.stringify(b) : undefined,
          });
          return res.status;
        },
        [method, url, body] as const,
      );
    expect(await call('PATCH', '/api/user/me', { age: 15 })).toBe(200);
    expect(await call('PATCH', '/api/user/me', { age: 18 })).toBe(200);
    expect(await call('GET', '/api/progress/en/stats')).toBe(403);

    await page.goto('/user-profile');
    const form = page.locator('#guardian-consent');
    await form.waitFor();
    const send = form.getByRole('button', { name: 'Send the code to their phone' });

    // Every missing field is named at once, beside it.
    await send.click();
    await expect
      .poll(() => form.getByTestId('consent-error').allTextContents())
      .toEqual([
        'Please enter the name of your parent or guardian',
        'Please choose how the parent or guardian is related to you',
        'Enter a valid phone number',
      ]);

    await form.getByLabel("Parent's or guardian's name", { exact: true }).fill('Ramesh Patil');
    await form.getByLabel('They are my', { exact: true }).selectOption('Father');
    const number = form.getByLabel("Parent's or guardian's own mobile number", { exact: true });
    await number.fill(learnerLocal);
    await send.click();
    await expect
      .poll(() => form.getByTestId('consent-error').allTextContents())
      .toEqual(['Enter your parent’s or guardian’s own mobile number, not yours']);

    const guardianLocal = newMobile();
    await number.fill(guardianLocal);
    const before = logSize();
    await send.click();
    await form
      .getByText('A one-time password has been sent to your parent’s or guardian’s phone. Please ask them for it.')
      .waitFor();
    await expect.poll(() => form.getByRole('button', { name: /^Send again in \d+ s$/ }).count()).toBe(1);
    const code = await otpFor(guardianLocal, before, 'guardian-consent');

    // The page fits the phone's width with both steps open.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page, 'the consent form with the code step');
    await screenshot(page, 'guardian-consent-code-step');

    const codeField = form.getByLabel('One-time password from their phone', { exact: true });
    const wrong = code === '000000' ? '000001' : '000000';
    await codeField.fill(wrong);
    await form.getByLabel('I am the parent or guardian and I agree').check();
    await form.getByRole('button', { name: 'Give consent and continue' }).click();
    await expect
      .poll(() => form.getByTestId('consent-error').allTextContents())
      .toEqual(['Incorrect one-time password. Tries left: 4.']);
    expect(await call('GET', '/api/progress/en/stats')).toBe(403);

    await codeField.fill(code);
    await form.getByRole('button', { name: 'Give consent and continue' }).click();
    await form.waitFor({ state: 'detached' });
    expect(await call('GET', '/api/progress/en/stats')).toBe(200);
    expect(consoleErrors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
  });
});
