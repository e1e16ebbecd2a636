// The event quiz as its entrants meet it (issue 26, ADR 40), on the demo event the server opens at
// every local start: a newcomer on a phone in Hindi finds it from the cyber-safety page, signs in,
// enters and answers on the server's clock though the phone's runs three minutes fast; a second
// start is refused naming the first entry; a reload shows the same quiz; the entry is sent and then
// withdrawn, and the number cannot enter again. A minor in Tamil waits for a guardian, who agrees
// with the code sent to their own phone. A visitor on a desktop reads the event's page and the terms.
// The deadline and results are staff-event-quiz.e2e.ts (a short event needs the staff's API).
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { EntryView } from '../../contract/events';
import {
  desktopPage,
  expectAccessible,
  labelsOf,
  logSize,
  newMobile,
  otpFor,
  phonePage,
  screenshot,
  sharedBrowser,
  signIn,
  waitForAppOnNavigation,
} from './helpers';
import { pageAnswer as call, timerSeconds, wordsOf } from './event-journey';

const browser = sharedBrowser();
const EVENT = '/events/demo';
/** Every question's text in the order the quiz shows them, moving through it with Next. */
async function questionOrder(page: Page, next: string): Promise<string[]> {
  const texts: string[] = [];
  const jump = page.locator('.event-quiz__jump button');
  await jump.first().click();
  const count = await jump.count();
  for (let i = 0; i < count; i++) {
    texts.push((await page.locator('.quiz-player__legend').innerText()).trim());
    if (i < count - 1) await page.getByRole('button', { name: next, exact: true }).click();
  }
  return texts;
}

/** A phone whose clock runs three minutes ahead of the server's (a phone never set right). */
async function fastClock(context: BrowserContext) {
  await context.addInitScript(() => {
    const real = Date.now.bind(Date);
    Date.now = () => real() + 3 * 60_000;
  });
}

describe('the event quiz', () => {
  it('a newcomer on a phone in Hindi enters the demo event from the cyber-safety page and answers on the server’s clock; a second start is refused naming the first; the entry is sent, then withdrawn for good', async () => {
    const { page, context, consoleErrors } = await phonePage(browser(), { language: 'hi' });
    await fastClock(context);
    const t = wordsOf('hi', 'events');
    const tq = wordsOf('hi', 'quiz');
    const link = wordsOf('hi', 'event-link');
    const messages = wordsOf('hi', 'messages');

    // The cyber-safety page links to the event while it takes entries.
    await page.goto('/vicyberShield');
    await page
      .locator('.open-events')
      .getByRole('link', { name: link('takePart') })
      .click();
    await page.waitForURL((url) => url.pathname === EVENT);
    await page.getByRole('heading', { level: 1, name: 'साइबर सुरक्षा अभ्यास क्विज़' }).waitFor();
    // The rules as the server enforces them, with the event's own figures.
    const rules = page.locator('.event-rules li');
    await expect.poll(() => rules.allInnerTexts()).toContain(t('rules.grace_other', { count: 5 }));
    expect(await rules.allInnerTexts()).toContain(t('rules.oneEntry'));
    expect(await rules.allInnerTexts()).toContain(t('rules.withdraw'));

    // Entering needs the verified number: sign in (register), and back to the event.
    await page.getByRole('link', { name: t('enter.signInButton') }).click();
    await signIn(page, newMobile(), { name: 'Sunita Devi', labels: labelsOf('hi') });
    await page.waitForURL((url) => url.pathname === EVENT);

    // A second tab on the same phone, opened before the first start.
    const second = waitForAppOnNavigation(await context.newPage());
    await second.goto(EVENT);
    await second.getByLabel(t('start.age')).fill('31');

    await page.getByLabel(t('start.age')).fill('25');
    await page.getByRole('button', { name: t('start.button'), exact: true }).click();
    const timer = page.getByRole('timer');
    await timer.waitFor();
    expect(await page.evaluate(() => Date.now() - new Date().getTime())).toBeGreaterThanOrEqual(3 * 60_000 - 50);
    // Five minutes from the server's deadline, though the phone's clock is three minutes ahead
    // (read from the phone's clock alone, it would show two).
    const left = await timerSeconds(page);
    expect(left).toBeGreaterThan(240);
    expect(left).toBeLessThanOrEqual(300);
    const entryNumber = Number(/\d+/.exec(await page.locator('.event-quiz__entry').innerText())![0]);
    expect(await page.locator('.event-quiz__entry').innerText()).toBe(t('entryNumber', { number: entryNumber }));

    // The second tab's start is refused, naming the first entry; it then shows that entry.
    await second.getByRole('button', { name: t('start.button'), exact: true }).click();
    await expect
      .poll(() => second.getByTestId('event-notice').innerText())
      .toBe(messages('eventAlreadyEntered', { number: entryNumber }));
    await second.getByRole('timer').waitFor();
    await second.close();

    // The clock is a timer a screen reader reads when asked; what is said aloud does not change
    // with every second.
    expect(await timer.getAttribute('aria-live')).toBeNull();
    const said = await page.locator('.event-timer [role="status"]').innerText();
    const shown = await timer.innerText();
    await expect.poll(() => timer.innerText(), { timeout: 5_000 }).not.toBe(shown);
    const shownNext = await timer.innerText();
    await expect.poll(() => timer.innerText(), { timeout: 5_000 }).not.toBe(shownNext);
    expect(await page.locator('.event-timer [role="status"]').innerText()).toBe(said);

    // Each answer is sent as it is chosen.
    const order = await questionOrder(page, tq('next'));
    expect(order).toHaveLength(5);
    await page.locator('.event-quiz__jump button').first().click();
    for (let i = 0; i < order.length; i++) {
      await page.locator('.quiz-player__option').first().click();
      await expect.poll(() => page.locator('.event-save__text').innerText()).toBe(t('save.saved'));
      if (i < order.length - 1) await page.getByRole('button', { name: tq('next'), exact: true }).click();
    }
    await expect
      .poll(() => page.locator('.event-quiz__count').innerText())
      .toBe(t('quiz.answered', { answered: 5, total: 5 }));

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page, 'the running entry in Hindi');
    await screenshot(page, 'event-quiz-hi-360');

    // A reload shows the same quiz in the same order, the answers kept and the time still the server's.
    await page.reload();
    await timer.waitFor();
    expect(await questionOrder(page, tq('next'))).toEqual(order);
    await page.locator('.event-quiz__jump button').first().click();
    expect(await page.locator('.quiz-player__option input').first().isChecked()).toBe(true);
    const afterReload = await timerSeconds(page);
    expect(afterReload).toBeLessThanOrEqual(left);
    expect(afterReload).toBeGreaterThan(180);

    // Sent: what it holds, and the results to come.
    await page.getByRole('button', { name: t('quiz.submit'), exact: true }).click();
    const outcome = page.getByTestId('event-outcome');
    await outcome.getByRole('heading', { name: t('submitted.title') }).waitFor();
    expect(await outcome.innerText()).toContain(t('submitted.text', { number: entryNumber, answered: 5, total: 5 }));
    expect(await outcome.innerText()).toContain(t('pending'));

    // Withdrawal: asked once more, kept when the entrant says no, then erased.
    const withdraw = page.getByRole('button', { name: t('withdraw.button'), exact: true });
    await withdraw.click();
    const ask = page.getByRole('alertdialog');
    expect(await ask.innerText()).toContain(t('withdraw.ask', { number: entryNumber }));
    expect(await ask.innerText()).toContain(t('withdraw.what'));
    await ask.getByRole('button', { name: t('withdraw.keep') }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await call<{ entry: EntryView }>(page, 'GET', '/api/events/demo/entry')).toMatchObject({
      body: { entry: { state: 'submitted' } },
    });
    await withdraw.click();
    await screenshot(page, 'event-withdraw-ask-hi-360');
    await page.getByRole('button', { name: t('withdraw.confirm'), exact: true }).click();
    const withdrawn = page.getByTestId('event-withdrawn');
    await withdrawn.waitFor();
    expect(await withdrawn.innerText()).toContain(t('withdrawn.text', { number: entryNumber }));

    // The answers are gone, and the number cannot enter again.
    const after = await call<{ entry: EntryView }>(page, 'GET', '/api/events/demo/entry');
    expect(after.body.entry).toMatchObject({ state: 'withdrawn', number: entryNumber });
    expect(after.body.entry.questions.flatMap((q) => q.selected ?? [])).toEqual([]);
    const again = await call<{ code: string }>(page, 'POST', '/api/events/demo/entry', { lang: 'hi', age: 25 });
    expect(again).toMatchObject({ status: 409, body: { code: 'eventEntryWithdrawn' } });
    await page.reload();
    await withdrawn.waitFor();
    expect(await page.getByLabel(t('start.age')).count()).toBe(0);
    expect(consoleErrors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
  });

  it('a minor in Tamil waits for a guardian, who agrees with the code sent to their own phone, and the entry opens', async () => {
    const { page, consoleErrors } = await phonePage(browser(), { language: 'tm' });
    const t = wordsOf('tm', 'events');
    const consent = wordsOf('tm', 'guardian-consent');
    const messages = wordsOf('tm', 'messages');
    const minorLocal = newMobile();
    await page.goto('/login');
    await signIn(page, minorLocal, { name: 'Meena Kumari', labels: labelsOf('tm') });
    await page.waitForURL((url) => url.pathname === '/courses');
    await page.goto(EVENT);

    await page.getByLabel(t('start.age')).fill('15');
    await page.getByRole('button', { name: t('start.button'), exact: true }).click();
    await page.getByRole('heading', { name: t('guardian.title') }).waitFor();
    const entry = (await call<{ entry: EntryView }>(page, 'GET', '/api/events/demo/entry')).body.entry;
    expect(entry).toMatchObject({ state: 'awaiting_guardian', minor: true, startedAt: null, remainingSeconds: null });
    expect(await page.locator('.event-guardian').innerText()).toContain(t('guardian.text', { number: entry.number }));
    // No time runs while the entry waits.
    expect(await page.getByRole('timer').count()).toBe(0);

    const form = page.locator('#event-guardian-consent');
    await form.getByLabel(consent('guardianName'), { exact: true }).fill('Ramesh Patil');
    await form.getByLabel(consent('relationship'), { exact: true }).selectOption(consent('relationships.Father'));
    const number = form.getByLabel(consent('guardianMobile'), { exact: true });
    const send = form.getByRole('button', { name: consent('sendCode') });
    // The minor's own number is not a guardian's.
    await number.fill(minorLocal);
    await send.click();
    await expect.poll(() => form.getByTestId('consent-error').allInnerTexts()).toEqual([messages('guardianMobileOwn')]);

    const guardianLocal = newMobile();
    await number.fill(guardianLocal);
    const before = logSize();
    await send.click();
    const code = await otpFor(guardianLocal, before, 'event-consent');
    const codeField = form.getByLabel(consent('code'), { exact: true });
    await codeField.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page, 'a minor’s entry waiting for a guardian, in Tamil');
    await screenshot(page, 'event-guardian-tm-360');

    await codeField.fill(code === '000000' ? '000001' : '000000');
    await form.getByLabel(consent('iAgree')).check();
    await form.getByRole('button', { name: t('guardian.give') }).click();
    await expect
      .poll(() => form.getByTestId('consent-error').allInnerTexts())
      .toEqual([messages('wrongCode', { count: 4 })]);
    expect((await call<{ entry: EntryView }>(page, 'GET', '/api/events/demo/entry')).body.entry.state).toBe(
      'awaiting_guardian',
    );

    await codeField.fill(code);
    await form.getByRole('button', { name: t('guardian.give') }).click();
    // The entry opens and its time starts now: the whole limit is there.
    await page.getByRole('timer').waitFor();
    expect(await timerSeconds(page)).toBeGreaterThan(280);
    expect((await call<{ entry: EntryView }>(page, 'GET', '/api/events/demo/entry')).body.entry.state).toBe('open');
    await screenshot(page, 'event-quiz-tm-360');
    expect(consoleErrors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
  });

  it('a visitor on a desktop finds the event from the home page, reads its days, rules and terms in English, and an unknown event is not found', async () => {
    const { page, consoleErrors } = await desktopPage(browser());
    const t = wordsOf('en', 'events');
    await page.goto('/');
    await page.locator('.open-events').getByRole('link', { name: 'Take part' }).click();
    await page.waitForURL((url) => url.pathname === EVENT);
    await page.getByRole('heading', { level: 1, name: 'Cyber safety practice quiz' }).waitFor();
    expect(await page.locator('.event-days').innerText()).toContain(t('hours.allDay'));
    expect(await page.locator('.event-rules li').allInnerTexts()).toEqual(
      expect.arrayContaining([
        t('rules.oneEntry'),
        t('rules.timeAllDay', { time: '5 minutes' }),
        t('rules.grace_other', { count: 5 }),
        t('rules.minors', { age: 18 }),
        t('rules.withdraw'),
        t('rules.resultsFinal'),
      ]),
    );
    await page.getByRole('link', { name: t('enter.signInButton') }).waitFor();
    await expectAccessible(page, 'the event page for a visitor');
    await screenshot(page, 'event-page-en-1280');

    // The terms say how to withdraw, and the network's grace the server allows.
    await page.getByRole('link', { name: t('terms.link') }).click();
    await page.waitForURL((url) => url.pathname === '/vicybershieldtnc');
    expect(await page.locator('.legal').innerText()).toContain('up to 5 seconds after the time is up');
    await page.getByRole('tab', { name: 'Use of Phone Numbers and Data Privacy' }).click();
    // The tab's panel is drawn after the click: waited for, not read at once.
    await page.locator('.legal').getByText('press Withdraw my entry and confirm', { exact: false }).waitFor();

    const missing = await page.goto('/events/no-such-event');
    expect(missing?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: t('notFound.title') }).waitFor();
    expect(consoleErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);
  });
});
