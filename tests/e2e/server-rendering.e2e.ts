// The public pages, and a signed-in learner's lesson and quiz, as the server sends them: readable
// before (and without) any script, in the language the visitor chose, and taken over by the app
// without a console error.
import { describe, expect, it } from 'vitest';
import { baseUrl, newMobile, phonePage, sharedBrowser, signIn } from './helpers';

const browser = sharedBrowser();

const PAGES = [
  { path: '/', en: 'Taking India forward with financial literacy', hi: 'वित्तीय साक्षरता के साथ भारत को आगे ले जाना' },
  { path: '/courses', en: 'JGK Courses', hi: 'JGK कोर्स' },
  // A course page is in the course's own language, whatever the interface's.
  {
    path: '/courses/en/589b158f-a32d-582b-86c3-b069d3b60fb4',
    en: 'Money basics: bank, save, pay and stay safe',
    hi: 'Money basics: bank, save, pay and stay safe',
  },
  { path: '/blogs', en: 'Blogs', hi: 'ब्लॉग' },
  { path: '/about', en: 'About Us', hi: 'हमारे बारे में' },
  { path: '/vicyberShield', en: 'Vi CyberShield', hi: 'Vi CyberShield' },
];

describe('pages rendered on the server', () => {
  it.each(['en', 'hi'] as const)('reads without JavaScript (%s)', async (language) => {
    const context = await browser().newContext({
      javaScriptEnabled: false,
      viewport: { width: 360, height: 740 },
      baseURL: baseUrl(),
    });
    if (language !== 'en') await context.addCookies([{ name: 'jgk_lang', value: language, url: baseUrl() }]);
    const page = await context.newPage();
    for (const entry of PAGES) {
      await page.goto(entry.path);
      expect(await page.locator('h1').first().textContent(), entry.path).toBe(entry[language]);
      expect(await page.getAttribute('html', 'lang'), entry.path).toBe(language);
    }
    // Content from the database is in the HTML too: the cyber-safety helpline and the blog list.
    await page.goto('/vicyberShield');
    expect(await page.locator('main').textContent()).toContain('1930');
    await page.goto('/blogs');
    expect(await page.locator('main article h2').first().textContent()).toBeTruthy();
    expect(await page.locator('main .blog-row').count()).toBeGreaterThan(0);
    await context.close();
  });

  it("switches to the visitor's stored language once the app runs, and remembers it for the server", async () => {
    // Stored in the browser(), not yet in a cookie: the server writes English, the app then Hindi.
    const { page, consoleErrors, context } = await phonePage(browser(), { language: 'hi' });
    await page.goto('/about');
    await page.getByRole('heading', { level: 1, name: 'हमारे बारे में' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('hi');
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'jgk_lang')?.value).toBe('hi');
    // The next page comes from the server in Hindi already.
    const html = await (await page.request.get('/courses', { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('<html lang="hi"');
    expect(html).toMatch(/<h1[^>]*>JGK कोर्स<\/h1>/);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('hydrates every public page without a console error and then answers clicks', async () => {
    const { page, consoleErrors, context } = await phonePage(browser());
    for (const path of [
      '/',
      '/about',
      '/gallery',
      '/highlights',
      '/news',
      '/blogs',
      '/blogs?page=2',
      '/success-stories/all',
      '/courses',
      '/courses/en/589b158f-a32d-582b-86c3-b069d3b60fb4',
      '/vicyberShield',
      '/vicybershieldtnc',
      '/privacy-policy',
    ]) {
      await page.goto(path);
      expect(await page.locator('#root > *').count(), path).toBeGreaterThan(0);
    }
    // The menu button works: the page is the app's now, not only its HTML.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect.poll(() => page.locator('#site-drawer').isVisible()).toBe(true);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('answers an unknown or malformed blog or story address with "not found", not a retry', async () => {
    const { page, context } = await phonePage(browser());
    for (const [path, text] of [
      ['/blogs/not-an-id', 'This article could not be found.'],
      ['/blogs/00000000-0000-4000-8000-000000000000', 'This article could not be found.'],
      ['/success-stories/not-an-id', 'This story could not be found.'],
    ] as const) {
      await page.goto(path);
      await page.getByText(text).waitFor();
      expect(await page.getByRole('button', { name: 'Try again' }).count(), path).toBe(0);
    }
    await context.close();
  });

  it('opens a post by the address name its editor gave it, and answers a name nobody gave with 404', async () => {
    const { page, context, consoleErrors } = await phonePage(browser());
    const found = await page.goto('/blogs/atm-and-debit-card-safety');
    expect(found?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: /ATM/ }).waitFor();
    const missing = await page.goto('/blogs/no-such-post');
    expect(missing?.status()).toBe(404);
    await page.getByText('This article could not be found.').waitFor();
    await context.close();
    expect(consoleErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);
  });
});

describe("a learner's lesson and quiz rendered on the server", () => {
  const course = '589b158f-a32d-582b-86c3-b069d3b60fb4';
  const chapter = 'afdbd06f-6fd9-5e70-8813-8f185c4682c4';
  const lesson = '7f3a121c-d5f2-55cb-8562-efdfd0ba49bc';
  const quiz = '77fff139-5320-5411-a1ae-af6a625a6bcd';
  const lessonPath = `/courses/en/${course}/chapter/${chapter}/lesson/${lesson}`;
  const quizPath = `/courses/en/${course}/quiz/${quiz}`;

  it("are the same for every learner, read without JavaScript, hydrate without a console error, and fill in the learner's own without a shift", async () => {
    const { page, consoleErrors, context } = await phonePage(browser());
    await page.goto('/login');
    await signIn(page, newMobile(), { name: 'Meena Server' });
    await page.waitForURL((url) => url.pathname === '/courses');
    const api = async <T>(url: string) => (await (await page.request.get(url)).json()) as T;
    const lessonTitle = (
      await api<{ chapter_en: { lesson_ens: Array<{ id: string; title: string }> } }>(
        `/api/chapter/public/en/${course}/chapters/${chapter}`,
      )
    ).chapter_en.lesson_ens.find((l) => l.id === lesson)!.title;
    const quizTitle = (await api<{ quiz_en: { title: string } }>(`/api/quiz/public/en/${course}/quiz/${quiz}`)).quiz_en
      .title;

    // Rendered for every learner alike (ADR 39): nothing of this learner in it, so any cache that
    // keeps it per cookie may, and the learner's own reads are started by the page itself.
    for (const path of [lessonPath, quizPath]) {
      const answer = await page.request.get(path, { headers: { accept: 'text/html' } });
      expect(answer.headers()['cache-control'], path).toBe('no-cache');
      expect(answer.headers().vary, path).toMatch(/Cookie/);
      const html = await answer.text();
      expect(html, path).toContain('id="query-data" data-learner-data="follows"');
      expect(html, path).toContain(
        `<link rel="preload" as="fetch" crossorigin href="/api/progress/en/${course}/progress" />`,
      );
      expect(html, path).not.toContain('Meena Server');
    }
    // Signed out, the same address is the app that sends the visitor to sign in.
    const anonymous = await (await fetch(`${baseUrl()}${lessonPath}`, { headers: { accept: 'text/html' } })).text();
    expect(anonymous).toContain('<div id="root"></div>');

    const still = await browser().newContext({
      javaScriptEnabled: false,
      viewport: { width: 360, height: 740 },
      baseURL: baseUrl(),
      storageState: await context.storageState(),
    });
    const bare = await still.newPage();
    await bare.goto(lessonPath);
    expect(await bare.locator('h1').textContent()).toBe(lessonTitle);
    // The learner's own part waits for the browser: "Mark as complete" is there, not yet usable,
    // beside the course's contents (in the drawer, closed on a phone).
    expect(await bare.getByRole('button', { name: 'Mark as complete' }).isDisabled()).toBe(true);
    expect(await bare.locator('nav.sidebar a').count()).toBeGreaterThan(2);
    await bare.goto(quizPath);
    expect(await bare.locator('h1').textContent()).toBe(quizTitle);
    await still.close();

    // With its scripts the page is the app's: the learner enrols and completes the lesson there.
    await page.goto(lessonPath);
    expect(await page.locator('h1').textContent()).toBe(lessonTitle);
    await page.getByRole('button', { name: 'Enroll and mark as complete' }).click();
    await page.getByText('You have completed this lesson.').waitFor();
    // Opened again, the page is everyone's and the learner's progress is filled in by the browser.
    await page.goto(lessonPath);
    await page.getByText('You have completed this lesson.').waitFor();
    expect(await page.locator('nav.sidebar [data-done="true"]').count()).toBe(1);
    await page.goto(quizPath);
    await page.getByRole('button', { name: 'Start solving' }).waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
