// The staff's analytics as an analyst meets them: a dozen learners sign up in Tamil and start the
// Tamil course; the analyst (granted from the command line) sets up the second factor and lands on the figures,
// refreshes them, reads them, filters by language and by date, opens the course, and downloads a CSV
// file that parses. An editor and a learner are refused.
import fs from 'node:fs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { learnerName } from '../../server/test/learner-names';
import { parseCsv } from '../../server/test/csv';
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
let tamilCourse: { id: string; title: string };
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
  const detail = (await (await api(`/api/course/public/tm/${tamilCourse.id}`)).json()) as {
    course_tm: { chapter_tms: { id: string; lesson_tms: { id: string }[] }[] };
  };
  const chapter = detail.course_tm.chapter_tms[0]!;
  const lesson = chapter.lesson_tms[0]!;
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
  const list = (await (await api('/api/course/public?lang=tm')).json()) as { courses: { id: string; title: string }[] };
  tamilCourse = list.courses[0]!;
  expect(tamilCourse).toBeDefined();
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

    // The figures were computed when the server started, before the learners came: refreshed now, they count them.
    await page.getByRole('button', { name: 'Refresh now' }).click();
    await expect
      .poll(async () => numberIn(await page.locator('.analytics-total strong').first().innerText()), {
        timeout: 15_000,
      })
      .toBeGreaterThanOrEqual(SEEDED);
    await page.getByText(/Figures computed at/).waitFor();
    // The site language of the Tamil sign-ups is counted. Learners of the other browser journeys
    // (the suite shares one server) may leave another site language with fewer than ten: then the
    // Tamil count may be the one withheld beside it, so that group cannot be worked out from the total.
    const tamil = await cellOf(page, 'Site language', /Tamil/, 1);
    if (tamil.trim() === 'withheld') {
      const counts = await page
        .getByRole('region', { name: 'Site language', exact: true })
        .getByRole('row')
        .allInnerTexts();
      expect(
        counts.some((row) => row.includes('fewer than 10')),
        counts.join(' | '),
      ).toBe(true);
    } else {
      expect(numberIn(tamil)).toBeGreaterThanOrEqual(SEEDED);
    }
    await expectAccessible(page, 'analytics');
    await screenshot(page, 'staff-analytics-1280');

    // Only the Tamil course language: the Tamil course has at least the dozen enrolments.
    await page.getByLabel('Course language').selectOption('tm');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL((url) => url.searchParams.get('lang') === 'tm');
    await expect
      .poll(async () => numberIn(await cellOf(page, 'Courses', new RegExp(tamilCourse.title), 1)))
      .toBeGreaterThanOrEqual(SEEDED);

    // Only today: the period says so.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    await page.getByLabel('From').fill(today);
    await page.getByLabel('To').fill(today);
    await page.getByLabel('Each step of a series').selectOption('day');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL((url) => url.searchParams.get('from') === today && url.searchParams.get('grain') === 'day');
    const todayText = new Intl.DateTimeFormat('en-IN', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${today}T00:00:00Z`));
    await page.getByText(`${todayText} to ${todayText}.`).waitFor();

    // The CSV file of the courses: UTF-8 with a byte-order mark, one header, the Tamil course's title in its script.
    const downloading = page.waitForEvent('download');
    await page.getByRole('region', { name: 'Courses', exact: true }).first().waitFor();
    await page.locator('section[aria-label="Courses"]').getByRole('link', { name: 'Download CSV' }).click();
    const file = await (await downloading).path();
    const bytes = fs.readFileSync(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(bytes.subarray(3).toString('utf8'));
    expect(rows[0]).toEqual(['figure', 'group', 'count', 'from', 'to', 'language', 'course', 'computed_at']);
    const enrolled = rows.find((row) => row[0] === 'learners enrolled' && row[1] === `${tamilCourse.title} (tm)`);
    expect(enrolled).toBeDefined();
    expect(numberIn(enrolled![2]!)).toBeGreaterThanOrEqual(SEEDED);
    expect(enrolled!.slice(3, 6)).toEqual([today, today, 'tm']);

    // The course's own figures: its funnel, where learners stop, its quizzes.
    await page.getByRole('link', { name: tamilCourse.title }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/staff/analytics/courses/'));
    await page.getByRole('heading', { name: 'Where learners stop' }).waitFor();
    expect(numberIn(await cellOf(page, 'From enrolment to certificate', /Enrolled/, 1))).toBeGreaterThanOrEqual(SEEDED);
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
