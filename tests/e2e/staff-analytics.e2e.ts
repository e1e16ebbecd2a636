// The staff's analytics as an analyst meets them: a dozen learners sign up in Tamil and start the
// Tamil course; the analyst (granted from the command line) sets up the second factor and lands on the figures,
// refreshes them, reads them (whole weeks that have ended: this week's sign-ups are not in them yet),
// filters by language and by week, opens the course, and downloads a CSV file that parses. Small
// weeks are drawn as marked gaps with a legend. An editor and a learner are refused.
import fs from 'node:fs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { SafeCount } from '../../contract/analytics';
import { addDays } from '../../contract/analytics-rules';
import { learnerName } from '../../server/test/learner-names';
import { parseCsv } from '../../server/test/csv';
import { publishedCourse, type PublishedCourse } from './course-content';
import {
  baseUrl,
  desktopPage,
  expectAccessible,
  logSize,
  newMobile,
  otpFor,
  phonePage,
  screenshot,
  confirmAuthenticator,
  setUpAuthenticator,
  sharedBrowser,
  signIn,
} from './helpers';

const browser = sharedBrowser();
const SEEDED = 12;
let tamilCourse: PublishedCourse;
let learnerMobile = '';
/** When the analyst's last code was sent: the next waits out the server's cooldown (8 s in global-setup.ts). */
let analystCodeSentAt = 0;
let analystSecret = '';
const COOLDOWN_MS = 8_000;

async function api(path: string, init: { method?: string; body?: unknown; cookie?: string } = {}) {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return response;
}

/** A learner signs up with the site in Tamil, enrols in the Tamil course and finishes its first lesson. */
async function tamilLearner(index: number): Promise<string> {
  const mobile = newMobile();
  const before = logSize();
  const sent = await api('/api/user/send-otp', { method: 'POST', body: { mobile: `91${mobile}` } });
  expect(sent.status, await sent.clone().text()).toBe(404);
  const otp = await otpFor(mobile, before);
  const registered = await fetch(`${baseUrl()}/api/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: 'jgk_lang=tm' },
    body: JSON.stringify({ mobile: `91${mobile}`, otp, name: learnerName(500 + index) }),
  });
  expect(registered.status).toBe(200);
  const cookie = /sid=[^;]+/.exec(registered.headers.get('set-cookie') ?? '')![0];
  expect((await api(`/api/progress/tm/${tamilCourse.id}`, { method: 'POST', cookie })).status).toBe(201);
  const chapter = tamilCourse.chapters[0]!;
  const lesson = chapter.lessons[0]!;
  expect(
    (
      await api(`/api/progress/tm/${tamilCourse.id}/chapters/${chapter.id}/lessons/${lesson.id}/complete`, {
        method: 'POST',
        cookie,
      })
    ).status,
  ).toBe(200);
  return mobile;
}

/** The number a table cell shows ("1,234"), or NaN for "fewer than 10" and "withheld". */
const numberIn = (text: string) => Number(text.replace(/,/g, '').trim());

async function cellOf(page: Page, table: string, row: RegExp, column: number): Promise<string> {
  return page
    .getByRole('region', { name: table, exact: true })
    .getByRole('row', { name: row })
    .first()
    .getByRole('cell')
    .nth(column)
    .innerText();
}

beforeAll(async () => {
  tamilCourse = await publishedCourse('tm');
  for (let i = 0; i < SEEDED; i++) {
    const mobile = await tamilLearner(i);
    if (i === 0) learnerMobile = mobile;
  }
});

describe('the analytics', () => {
  it('shows an analyst the figures of the learners, with filters, a course’s detail and a CSV file', async () => {
    const { page, consoleErrors } = await desktopPage(browser());
    await page.goto('/login?redirect=%2Fstaff');
    analystCodeSentAt = Date.now();
    await signIn(page, inject('analystMobile'));
    // The programme's figures are behind the second factor too; then the console opens on them.
    analystSecret = await setUpAuthenticator(page);
    await page.waitForURL((url) => url.pathname === '/staff/analytics');
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Translations' }).count()).toBe(0);

    // Figures are of whole weeks that have ended (ADR 35): refreshed now, this week's sign-ups are
    // not in them yet, and no period picked can reach into this week.
    await page.getByRole('button', { name: 'Refresh now' }).click();
    await page.getByText(/Figures computed at/).waitFor();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    const thisMonday = addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
    const lastMonday = addDays(thisMonday, -7);
    const dateText = (day: string) =>
      new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${day}T00:00:00Z`),
      );
    await page.getByText(`${dateText(addDays(lastMonday, -84))} to ${dateText(addDays(thisMonday, -1))}.`).waitFor();
    const froms = await page
      .getByLabel('From')
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(froms[0]).toBe(lastMonday);
    expect(froms).toHaveLength(157);
    expect(froms.every((day) => day < thisMonday && new Date(`${day}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    const tos = await page
      .getByLabel('To')
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(tos.every((day) => day < thisMonday && new Date(`${day}T00:00:00Z`).getUTCDay() === 0)).toBe(true);
    expect(await page.getByLabel('Each step of a series').count()).toBe(0);
    // The series is the 13 weeks, and this week's dozen Tamil sign-ups are in none of them.
    const registrations = page.getByRole('region', { name: 'Learners registered', exact: true });
    expect(await registrations.locator('.analytics-point').count()).toBe(13);
    expect(numberIn(await page.locator('.analytics-total strong').first().innerText())).toBe(0);
    await expectAccessible(page, 'analytics');
    await screenshot(page, 'staff-analytics-1280');

    // Only the Tamil course language, and only last week: the address says whole weeks.
    await page.getByLabel('Course language').selectOption('tm');
    await page.getByLabel('From').selectOption(lastMonday);
    await page.getByLabel('To').selectOption(addDays(lastMonday, 6));
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(
      (url) =>
        url.searchParams.get('lang') === 'tm' &&
        url.searchParams.get('from') === lastMonday &&
        url.searchParams.get('to') === addDays(lastMonday, 6),
    );
    await page.getByText(`${dateText(lastMonday)} to ${dateText(addDays(lastMonday, 6))}.`).waitFor();
    await page.getByText('Nobody enrolled in a course in this period.').waitFor();

    // The CSV file of the courses: UTF-8 with a byte-order mark, one header, named by its weeks.
    const downloading = page.waitForEvent('download');
    await page.locator('section[aria-label="Courses"]').getByRole('link', { name: 'Download CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`analytics-courses-${lastMonday}-to-${addDays(lastMonday, 6)}.csv`);
    const bytes = fs.readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(bytes.subarray(3).toString('utf8'));
    expect(rows[0]).toEqual(['figure', 'group', 'count', 'from', 'to', 'language', 'course', 'computed_at']);

    // An address from before, of one day: said beside the fields, and the last weeks shown instead.
    await page.goto(`/staff/analytics?from=${today}&to=${today}&grain=day`);
    await page.getByRole('alert').filter({ hasText: 'only for whole weeks that have ended' }).waitFor();
    await page.getByText(`${dateText(addDays(lastMonday, -84))} to ${dateText(addDays(thisMonday, -1))}.`).waitFor();
    const refused = await page.evaluate(
      async (day) => (await fetch(`/api/staff/analytics/learners?from=${day}&to=${day}`)).json(),
      today,
    );
    expect(refused.code).toBe('analyticsPeriodInvalid');

    // The course's own figures: its funnel, where learners stop, its quizzes.
    await page.goto(`/staff/analytics/courses/${tamilCourse.id}`);
    // The course's own figures: its funnel, where learners stop, its quizzes.
    await page.getByRole('heading', { name: 'Where learners stop' }).waitFor();
    expect(numberIn(await cellOf(page, 'From enrolment to certificate', /Enrolled/, 1))).toBe(0);
    await page.getByRole('heading', { name: 'Quizzes' }).waitFor();
    await expectAccessible(page, 'course analytics');
    await screenshot(page, 'staff-course-analytics-1280');
    await page.setViewportSize({ width: 768, height: 1024 });
    await screenshot(page, 'staff-course-analytics-768');

    // An address of no course says so and leads back, rather than offering a retry that cannot help.
    await page.goto('/staff/analytics/courses/00000000-0000-4000-8000-000000000000');
    await page.getByRole('alert').filter({ hasText: 'There is no such course.' }).waitFor();
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await page.getByRole('alert').getByRole('link', { name: '← All figures' }).click();
    await page.waitForURL((url) => url.pathname === '/staff/analytics');
    expect(consoleErrors.filter((e) => !/status of (400|401|404)/.test(e))).toEqual([]);
  });

  it('draws weeks with fewer than ten learners, or withheld, as marked gaps with a legend, not as 0', async () => {
    const { page, consoleErrors } = await desktopPage(browser());
    await page.goto('/login?redirect=%2Fstaff%2Fanalytics');
    await page.waitForTimeout(Math.max(0, analystCodeSentAt + COOLDOWN_MS + 1_000 - Date.now()));
    analystCodeSentAt = Date.now();
    await signIn(page, inject('analystMobile'));
    await confirmAuthenticator(page, analystSecret);
    await page.waitForURL((url) => url.pathname === '/staff/analytics');
    // A pilot's small weeks: the figures as the server sends them, some weeks hidden.
    const counts: SafeCount[] = [12, null, 15, 'withheld', 0, 11, null, null, 14, 10, 0, 13, null];
    const hidden = counts.filter((count) => typeof count !== 'number').length;
    const monday = Date.parse('2026-08-03T00:00:00Z');
    const series = counts.map((count, i) => ({
      period: new Date(monday + i * 7 * 86_400_000).toISOString().slice(0, 10),
      count,
    }));
    await page.route('**/api/staff/analytics/learners?*', (route) =>
      route.fulfill({
        json: {
          frame: {
            from: series[0]!.period,
            to: '2026-11-01',
            lang: null,
            course: null,
            grain: 'week',
            computedAt: new Date().toISOString(),
            minGroup: 10,
          },
          registrations: { total: 'withheld', series },
          active: { series },
          breakdowns: Object.fromEntries(
            ['interfaceLanguage', 'courseLanguage', 'gender', 'ageBand', 'qualification', 'consent'].map((b) => [
              b,
              [{ key: 'unknown', count: 'withheld' }],
            ]),
          ),
        },
      }),
    );
    await page.goto('/staff/analytics?from=2026-08-03&to=2026-11-01');
    for (const width of [1280, 768]) {
      await page.setViewportSize({ width, height: 900 });
      const figure = page.getByRole('region', { name: 'Learners registered', exact: true });
      const chart = figure.locator('.analytics-chart');
      await chart.waitFor();
      // Each hidden week is a marked gap; no point, and no line, is drawn for it (not at 0 either).
      expect(await chart.locator('.analytics-gap').count()).toBe(hidden);
      expect(await chart.locator('.analytics-point').count()).toBe(counts.length - hidden);
      // The legend names the line and the gaps, in words, beside the chart.
      const legend = chart.locator('.analytics-legend');
      await expect.poll(() => legend.innerText()).toContain('Learners registered');
      const gapEntry = legend.getByText('Gap: fewer than 10 learners, or withheld', { exact: true });
      await gapEntry.waitFor();
      const box = (await gapEntry.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      const size = await gapEntry.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
      expect(size).toBeGreaterThanOrEqual(13);
      await figure.scrollIntoViewIfNeeded();
      fs.mkdirSync('/work/shots', { recursive: true });
      await page.screenshot({ path: `/work/shots/analytics-${width}.png`, fullPage: false });
    }
    await expectAccessible(page, 'analytics with gaps');
    expect(consoleErrors).toEqual([]);
  });

  it('reads on a phone', async () => {
    const { page } = await phonePage(browser());
    await page.goto('/login?redirect=%2Fstaff%2Fanalytics');
    await page.waitForTimeout(Math.max(0, analystCodeSentAt + COOLDOWN_MS + 1_000 - Date.now()));
    await signIn(page, inject('analystMobile'));
    await confirmAuthenticator(page, analystSecret);
    await page.waitForURL((url) => url.pathname === '/staff/analytics');
    await page.getByRole('heading', { name: 'Learners registered' }).waitFor();
    const overflow = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const wide = [...document.querySelectorAll('body *')].filter(
        (el) =>
          el.getBoundingClientRect().right > width + 1 &&
          !el.closest('.staff-table-scroll') &&
          getComputedStyle(el).position !== 'fixed' &&
          !el.closest('.notifications'),
      );
      return wide
        .slice(0, 8)
        .map((el) => `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`);
    });
    expect(overflow).toEqual([]);
    await screenshot(page, 'staff-analytics-360');
  });

  it('is refused to an editor and to a learner', async () => {
    const { page } = await desktopPage(browser());
    await page.goto('/login?redirect=%2Fstaff%2Fanalytics');
    await signIn(page, inject('editorMobile'));
    await setUpAuthenticator(page);
    await page.getByText('Your staff roles do not open this page.').waitFor();
    expect(await page.getByRole('link', { name: 'Analytics' }).count()).toBe(0);
    const status = await page.evaluate(async () => (await fetch('/api/staff/analytics/learners')).status);
    expect(status).toBe(403);

    const learner = await desktopPage(browser());
    await learner.page.goto('/login?redirect=%2Fstaff%2Fanalytics');
    await signIn(learner.page, learnerMobile);
    await learner.page.getByRole('heading', { name: 'This account is not on the staff' }).waitFor();
  });
});
