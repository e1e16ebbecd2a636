// An event quiz's deadline and results as its entrants meet them (issue 26, ADR 40), on a short
// event an editor makes through the staff's API (the console's Events section is its own work): two
// entrants on phones in Hindi start it; at the deadline the page left open sends its entry by
// itself, and a phone that was off finds its entry closed by the server, with an answer sent after
// the deadline kept and not counted. One entrant gives her district on her profile. The editor
// closes the event and publishes the results: the entrant sees the score, the rank and the
// explanations; the public leaderboard shows first names, and the district of the entrant who gave
// one (nothing for the other), and says it is provisional; a disqualification during the review
// shows its reason, and the visitor's leaderboard shows the new ranking at once.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { EntryView, StaffEvent } from '../../contract/events';
import { ANSWER_GRACE_SECONDS, EVENT_LIMITS, IST_OFFSET_MINUTES } from '../../contract/event-rules';
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
  type PhonePage,
} from './helpers';
import { pageAnswer as call, timerSeconds, wordsOf } from './event-journey';

const browser = sharedBrowser();
const t = wordsOf('hi', 'events');
const tq = wordsOf('hi', 'quiz');
const tp = wordsOf('hi', 'profile');
const tm = wordsOf('hi', 'messages');
/** The district Asha gives on her profile; Bina gives none. */
const DISTRICT = 'वाराणसी';

/** The pool: two questions, each with one right option, in English and Hindi. */
const QUESTIONS = [
  {
    en: {
      content: 'Which of these is safe to tell a caller?',
      options: ['Your OTP', 'Your first name', 'Your card PIN'],
      explanation: 'A first name opens no account; an OTP or a PIN does.',
    },
    hi: {
      content: 'इनमें से क्या किसी कॉल करने वाले को बताना सुरक्षित है?',
      options: ['आपका OTP', 'आपका पहला नाम', 'आपके कार्ड का PIN'],
      explanation: 'पहले नाम से कोई खाता नहीं खुलता; OTP या PIN से खुलता है।',
    },
    right: 1,
  },
  {
    en: {
      content: 'Where do you report an online fraud at once?',
      options: ['On a social media post', 'To the caller who asked for money', 'At 1930'],
      explanation: '1930 is the national helpline for cyber fraud.',
    },
    hi: {
      content: 'ऑनलाइन धोखाधड़ी की शिकायत तुरंत कहाँ करें?',
      options: ['सोशल मीडिया पोस्ट पर', 'पैसे माँगने वाले कॉलर से', '1930 पर'],
      explanation: '1930 साइबर धोखाधड़ी की राष्ट्रीय हेल्पलाइन है।',
    },
    right: 2,
  },
] as const;

/** Today in India, YYYY-MM-DD. */
const todayInIndia = () => new Date(Date.now() + IST_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);

/** A newcomer on a phone in Hindi, signed in from the event's page and back on it. */
async function entrant(address: string, name: string): Promise<PhonePage> {
  const session = await phonePage(browser(), { language: 'hi' });
  const { page } = session;
  await page.goto(address);
  await page.getByRole('link', { name: t('enter.signInButton') }).click();
  await signIn(page, newMobile(), { name, labels: labelsOf('hi') });
  await page.waitForURL((url) => url.pathname === address);
  return session;
}

/** Starts the entry and answers the pool's first question with the option given (the second is left). */
async function startAndAnswer(page: Page, option: number): Promise<EntryView> {
  await page.getByLabel(t('start.age')).fill('30');
  await page.getByRole('button', { name: t('start.button'), exact: true }).click();
  await page.getByRole('timer').waitFor();
  const first = QUESTIONS[0].hi;
  const jump = page.locator('.event-quiz__jump button');
  for (let i = 0; i < (await jump.count()); i++) {
    await jump.nth(i).click();
    if ((await page.locator('.quiz-player__legend').innerText()).trim() !== first.content) continue;
    await page.locator('.quiz-player__option').filter({ hasText: first.options[option] }).click();
    await expect.poll(() => page.locator('.event-save__text').innerText()).toBe(t('save.saved'));
  }
  return (await call<{ entry: EntryView }>(page, 'GET', `/api/events/${key}/entry`)).body.entry;
}

const key = `short-${Date.now() % 1_000_000}`;
const address = `/events/${key}`;
let editor: Page;
let event: StaffEvent;
let asha: PhonePage;
let bina: PhonePage;
let ashaEntry: EntryView;
let binaEntry: EntryView;

describe('an event quiz’s deadline and results', () => {
  it('an editor makes a short event through the staff’s API and opens it', async () => {
    ({ page: editor } = await desktopPage(browser()));
    await editor.goto('/login?redirect=%2Fstaff');
    await signIn(editor, inject('eventQuizEditorMobile'));
    await setUpAuthenticator(editor);
    const today = todayInIndia();
    ({ event } = await pageCall<{ event: StaffEvent }>(editor, 'POST', '/api/staff/events', {
      key,
      firstDay: today,
      lastDay: today,
      opensAt: '00:00',
      closesAt: '24:00',
      timeLimitSeconds: EVENT_LIMITS.timeLimitSecondsMin,
      questionsPerEntry: QUESTIONS.length,
      minorsAllowed: false,
      termsVersion: 'short-1',
      reviewHours: 1,
      texts: {
        en: { name: 'Thirty-second quiz', terms: 'A short quiz to try the deadline.' },
        hi: { name: 'तीस सेकंड का क्विज़', terms: 'समय-सीमा आज़माने के लिए एक छोटा क्विज़।' },
      },
    }));
    for (const question of QUESTIONS) {
      await pageCall(editor, 'POST', `/api/staff/events/${event.id}/questions`, {
        type: 'single',
        optionCount: question.en.options.length,
        correct: [question.right],
        texts: { en: question.en, hi: question.hi },
      });
    }
    ({ event } = await pageCall<{ event: StaffEvent }>(editor, 'POST', `/api/staff/events/${event.id}/schedule`));
    expect(event.state).toBe('open');
  });

  it('at the deadline the page left open sends its entry by itself, and a phone that was off finds it closed by the server, its late answer kept and not counted', async () => {
    asha = await entrant(address, 'Asha Kumari');
    bina = await entrant(address, 'Bina Devi');
    await asha.page.getByRole('heading', { level: 1, name: 'तीस सेकंड का क्विज़' }).waitFor();
    // The event takes only adults, and says so before the start.
    expect(await asha.page.locator('.event-card').innerText()).toContain(t('start.adultsOnly', { age: 18 }));

    ashaEntry = await startAndAnswer(asha.page, QUESTIONS[0].right);
    expect(await timerSeconds(asha.page)).toBeLessThanOrEqual(EVENT_LIMITS.timeLimitSecondsMin);
    binaEntry = await startAndAnswer(bina.page, 0);
    // Bina's phone goes off.
    await bina.page.close();

    // Asha's page counts down to nothing and sends the entry itself.
    const outcome = asha.page.getByTestId('event-outcome');
    await outcome.getByRole('heading', { name: t('submitted.title') }).waitFor({ timeout: 60_000 });
    expect(await outcome.innerText()).toContain(
      t('submitted.text', { number: ashaEntry.number, answered: 1, total: 2 }),
    );

    // Past Bina's deadline and its grace, an answer still reaches the server: kept, marked late.
    const pastGrace = Date.parse(binaEntry.deadline!) + (ANSWER_GRACE_SECONDS + 1) * 1000;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, pastGrace - Date.now())));
    const page = await bina.context.newPage();
    await page.goto(address);
    const second = binaEntry.questions.find((q) => q.content === QUESTIONS[1].hi.content)!;
    const late = await call<{ late: boolean }>(page, 'POST', `/api/events/${key}/entry/answers`, {
      questionId: second.id,
      selected: [second.options[0]!.id],
    });
    expect(late).toMatchObject({ status: 200, body: { late: true } });
    await page.reload();
    const closed = page.getByTestId('event-outcome');
    await closed.getByRole('heading', { name: t('closedByServer.title') }).waitFor();
    expect(await closed.innerText()).toContain(
      t('closedByServer.text', { number: binaEntry.number, answered: 1, total: 2 }),
    );
    expect(await closed.innerText()).toContain(t('lateNote_one', { count: 1 }));
    bina.page = page;
  });

  it('the results are published: the entrant sees score, rank and explanations; the leaderboard shows first names and a district given, provisional; a disqualification shows its reason', async () => {
    // Asha gives her district on her profile, in Hindi; Bina gives none.
    await asha.page.goto('/user-profile');
    const district = asha.page.getByLabel(tp('district'), { exact: true });
    await district.fill(DISTRICT);
    await asha.page.getByRole('button', { name: tp('save') }).click();
    await asha.page.getByText(tm('profileUpdated')).first().waitFor();
    await asha.page.goto(address);

    await pageCall(editor, 'POST', `/api/staff/events/${event.id}/close`);
    await pageCall(editor, 'POST', `/api/staff/events/${event.id}/results/publish`);

    const { page } = asha;
    await page.reload();
    await expect.poll(() => page.getByTestId('event-score').innerText()).toBe(tq('score', { score: 1, total: 2 }));
    expect(await page.getByTestId('event-rank').innerText()).toBe(t('results.rank', { rank: 1 }));
    const review = page.getByTestId('quiz-review-item');
    expect(await review.count()).toBe(2);
    const reviewText = (await review.allInnerTexts()).join('\n');
    for (const question of QUESTIONS) expect(reviewText).toContain(question.hi.explanation);
    // Provisional until the review period ends (the moment is written in Hindi).
    const [provisional] = t('results.provisional', { when: '\u0000' }).split('\u0000');
    expect(await page.locator('.event-facts').innerText()).toContain(provisional);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page, 'an entrant’s results in Hindi');
    await screenshot(page, 'event-results-hi-360');

    // The public leaderboard: rank, first name and the district given, never a number or a full
    // name; provisional.
    const visitor = await desktopPage(browser());
    await visitor.page.goto(`${address}/leaderboard`);
    const rows = visitor.page.locator('.event-board tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.allInnerTexts()).toEqual([
      expect.stringMatching(new RegExp(`^1\\s+Asha\\s+${DISTRICT}$`)),
      expect.stringMatching(/^2\s+Bina\s/),
    ]);
    // Bina gave no district: her row says so to a screen reader, and shows no district.
    const binaDistrict = rows.nth(1).locator('td').nth(2);
    expect(await binaDistrict.textContent()).toBe('–Not given');
    expect(await rows.nth(1).innerText()).not.toContain(DISTRICT);
    const board = await visitor.page.locator('main').innerText();
    expect(board).not.toContain('Kumari');
    expect(board).not.toMatch(/\d{10}/);
    expect(await visitor.page.locator('.event-board__state--provisional').count()).toBe(1);
    await expectAccessible(visitor.page, 'the leaderboard');
    await screenshot(visitor.page, 'event-leaderboard-en-1280');

    // Disqualified during the review, with a reason the entrant sees; the leaderboard is ranked again.
    const reason = 'Answers came from two phones at once.';
    await pageCall(editor, 'POST', `/api/staff/events/${event.id}/entries/${binaEntry.number}/disqualify`, { reason });
    await bina.page.reload();
    const outcome = bina.page.getByTestId('event-outcome');
    await outcome.getByRole('heading', { name: t('disqualified.title') }).waitFor();
    expect(await outcome.innerText()).toContain(t('disqualified.text', { number: binaEntry.number, reason }));
    // A visitor's page is kept (ADR 39), but a disqualification is announced to every instance:
    // the next read shows the new ranking, not one ten seconds later.
    await expect
      .poll(
        async () => {
          await visitor.page.reload();
          return rows.allInnerTexts();
        },
        { timeout: 3_000, interval: 500 },
      )
      .toEqual([expect.stringMatching(new RegExp(`^1\\s+Asha\\s+${DISTRICT}$`))]);
    for (const session of [asha, bina, visitor]) {
      expect(session.consoleErrors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
    }
  });
});
