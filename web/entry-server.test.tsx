// The server-side renderer with the real pages and translations, and API answers given here: what
// the HTML holds, which calls it makes, and that a failing call leaves the page to the browser.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LanguageCode } from '../contract/languages';
import { renderPage } from './entry-server';
import { apiAddress } from './lib/api-client';

const locales = path.join(import.meta.dirname, 'i18n/locales');

function namespaces(language: LanguageCode): Record<string, Record<string, unknown>> {
  const all: Record<string, Record<string, unknown>> = {};
  for (const file of fs.readdirSync(path.join(locales, 'en'))) {
    const own = path.join(locales, language, file);
    all[file.replace(/\.json$/, '')] = JSON.parse(
      fs.readFileSync(fs.existsSync(own) ? own : path.join(locales, 'en', file), 'utf8'),
    ) as Record<string, unknown>;
  }
  return all;
}

const blog = (n: number) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  title: `Post number ${n}`,
  description: `<p>Never share your <strong>UPI</strong> PIN &amp; OTP (${n}).</p>`,
  image: `uploads/blogs/${n}.svg`,
  author: 'Asha',
  createdAt: '2026-03-01T20:00:00.000Z',
  readTime: 3,
  lang: 'en' as const,
});

/** Answers from a table of addresses; records every call with the method it came with. */
function api(answers: Record<string, unknown>, status: Record<string, number> = {}) {
  const calls: string[] = [];
  const fetch = async (callPath: string, init: RequestInit) => {
    calls.push(`${init.method ?? 'GET'} ${callPath}`);
    const code = status[callPath] ?? (callPath in answers ? 200 : 404);
    const body = callPath in answers ? answers[callPath] : { message: 'Not found' };
    return new Response(JSON.stringify(body), { status: code, headers: { 'content-type': 'application/json' } });
  };
  return { calls, fetch };
}

// The addresses the renderer's calls are answered at, from the API's paths (checked against its document).
const sessionStatus = apiAddress('/api/user/session-status');
const recentPosts = apiAddress('/api/blog/public/recent', { query: { lang: 'en' } });

const anonymous = { [sessionStatus]: { user: null } };

const signedIn = { [sessionStatus]: { user: { role: 'user', name: 'Asha', active: true } } };

/** A signed-in learner's answers for a course of two lessons and a quiz, the first lesson done. */
function learnerAnswers() {
  const courseId = '10000000-0000-4000-8000-000000000001';
  const chapterId = '20000000-0000-4000-8000-000000000001';
  const lesson = (n: number) => ({
    id: `30000000-0000-4000-8000-00000000000${n}`,
    title: `Lesson number ${n}`,
    order: n,
    duration: 5,
  });
  const quizId = '40000000-0000-4000-8000-000000000001';
  const course = {
    id: courseId,
    slug: 'money-basics',
    lang: 'en',
    title: 'Money basics',
    description: 'Bank, save, pay.',
    image: 'uploads/courses/1.svg',
    document: null,
    chapterCount: 1,
    lessonCount: 2,
    quizCount: 1,
    courseVideoCount: 0,
    rating: 0,
    averageRating: 0,
    duration: 10,
    createdAt: '2026-03-01T00:00:00.000Z',
    summary: null,
    journal: null,
    videos: [],
    chapter_ens: [{ id: chapterId, title: 'Banking', order: 1, lesson_ens: [lesson(1), lesson(2)] }],
    quiz_ens: [{ id: quizId, title: 'Banking quiz', order: 1 }],
  };
  const answers = {
    ...signedIn,
    [apiAddress('/api/user/me')]: {
      user: {
        id: 'u1',
        name: 'Asha',
        mobile: '919876543210',
        email: null,
        age: 30,
        gender: null,
        qualification: null,
        role: 'user',
        active: true,
        minorUntil: null,
        consentRequired: false,
        guardianConsent: false,
        guardianConsentAt: null,
        guardianConsentMethod: null,
        guardianName: null,
        guardianRelationship: null,
        guardianMobile: null,
      },
    },
    [apiAddress('/api/course/public/{lang}/{courseId}', { path: { lang: 'en', courseId } })]: { course_en: course },
    [apiAddress('/api/chapter/public/{lang}/{courseId}/chapters/{chapterId}', {
      path: { lang: 'en', courseId, chapterId },
    })]: {
      chapter_en: {
        id: chapterId,
        title: 'Banking',
        order: 1,
        lesson_ens: [1, 2].map((n) => ({ ...lesson(n), content: `<p>What a bank does, part ${n}.</p>` })),
      },
    },
    [apiAddress('/api/quiz/public/{lang}/{courseId}/quiz/{quizId}', { path: { lang: 'en', courseId, quizId } })]: {
      quiz_en: {
        id: quizId,
        title: 'Banking quiz',
        passingCriteria: 60,
        question_ens: [
          {
            id: '50000000-0000-4000-8000-000000000001',
            content: 'Where is money kept safe?',
            type: 'single',
            option_ens: [{ id: '60000000-0000-4000-8000-000000000001', content: 'In a bank' }],
          },
        ],
      },
    },
    [apiAddress('/api/progress/{lang}/{courseId}/progress', { path: { lang: 'en', courseId } })]: {
      progress: {
        lessonId: `${chapterId}::${lesson(1).id}`,
        videoId: '',
        quizId: '',
        chapterId: '',
        percentage: 33.3,
        completed: false,
      },
    },
  };
  return {
    answers,
    lessonUrl: `/courses/en/${courseId}/chapter/${chapterId}/lesson/${lesson(2).id}`,
    quizUrl: `/courses/en/${courseId}/quiz/${quizId}`,
  };
}

describe('server-side rendering', () => {
  it('renders the cyber-safety page in Hindi with the header for an anonymous visitor, and the link to an open event', async () => {
    const openEvents = apiAddress('/api/events/public/{lang}', { path: { lang: 'hi' } });
    const event = (key: string, name: string, entriesOpenNow: boolean) => ({
      key,
      name,
      lang: 'hi',
      state: entriesOpenNow ? 'open' : 'scheduled',
      firstDay: '2026-11-01',
      lastDay: '2026-11-30',
      opensAt: '09:00',
      closesAt: '19:00',
      entriesOpenNow,
      nextOpening: null,
    });
    const { calls, fetch } = api({
      ...anonymous,
      [openEvents]: {
        events: [event('demo', 'साइबर सुरक्षा अभ्यास क्विज़', true), event('later', 'बाद का क्विज़', false)],
      },
    });
    const { html, queryState } = await renderPage({
      url: '/vicyberShield',
      language: 'hi',
      namespaces: namespaces('hi'),
      fetch,
    });
    const hindi = namespaces('hi');
    const signIn = (hindi.common as { nav: { signIn: string } }).nav.signIn;
    expect(html).toContain(signIn);
    expect(html).toContain('1930');
    expect(html).toContain('cybercrime.gov.in');
    expect(html).not.toMatch(/<script/);
    expect(html).not.toMatch(/\sstyle="/);
    expect(calls.sort()).toEqual([`GET ${openEvents}`, `GET ${sessionStatus}`].sort());
    expect(JSON.stringify(queryState)).toContain('"session"');
    // The event taking entries now is linked, in the visitor's language; one not open yet is not.
    expect(html).toContain('साइबर सुरक्षा अभ्यास क्विज़');
    expect(html).toContain('href="/events/demo"');
    expect(html).not.toContain('बाद का क्विज़');
  });

  it('shows no event link on the cyber-safety page while no event takes entries', async () => {
    const openEvents = apiAddress('/api/events/public/{lang}', { path: { lang: 'en' } });
    const { calls, fetch } = api({ ...anonymous, [openEvents]: { events: [] } });
    const { html } = await renderPage({ url: '/vicyberShield', language: 'en', namespaces: namespaces('en'), fetch });
    expect(calls).toContain(`GET ${openEvents}`);
    expect(html).not.toContain('open-events');
    expect(html).not.toContain('href="/events/');
  });

  it('renders an event not open yet in Hindi: its days and hours in IST, when entries open on India’s clock, its rules, and sign-in', async () => {
    const eventAnswer = apiAddress('/api/events/public/{lang}/{key}', { path: { lang: 'hi', key: 'mela' } });
    const { calls, fetch } = api({
      ...anonymous,
      [eventAnswer]: {
        event: {
          key: 'mela',
          name: 'मेला क्विज़',
          lang: 'hi',
          state: 'scheduled',
          firstDay: '2026-12-08',
          lastDay: '2026-12-11',
          opensAt: '09:00',
          closesAt: '19:00',
          entriesOpenNow: false,
          // 9:00 in India is 03:30 UTC.
          nextOpening: '2026-12-08T03:30:00.000Z',
          terms: 'पहला अनुच्छेद।\nदूसरा अनुच्छेद।',
          termsVersion: 'mela-1',
          timeLimitSeconds: 90,
          questionsPerEntry: 10,
          minorsAllowed: false,
          graceSeconds: 5,
          reviewHours: 48,
          resultsPublishedAt: null,
          resultsFinalAt: null,
        },
      },
    });
    const { html } = await renderPage({ url: '/events/mela', language: 'hi', namespaces: namespaces('hi'), fetch });
    const events = namespaces('hi').events as {
      hours: { range: string };
      rules: { grace_other: string; adultsOnly: string; results_other: string };
      status: { opensAt: string };
    };
    const fill = (text: string, values: Record<string, string | number>) =>
      text.replace(/{{(\w+)}}/g, (_, name: string) => String(values[name]));
    expect(html).toContain('मेला क्विज़');
    expect(html).toContain(fill(events.hours.range, { opens: '09:00', closes: '19:00' }));
    // The next opening on India's clock, whatever the server's own zone.
    expect(html).toContain('8 दिसंबर 2026 को 09:00 बजे');
    expect(html).toContain(fill(events.rules.grace_other, { count: 5 }));
    expect(html).toContain(fill(events.rules.adultsOnly, { age: 18 }));
    expect(html).toContain(fill(events.rules.results_other, { count: 48 }));
    // 90 seconds said as a minute and thirty seconds.
    expect(html).toContain('1 मिनट 30 सेकंड');
    // Entries are not open: no sign-in to enter, and the entrant's code is not asked for.
    expect(html).not.toContain((namespaces('hi').events as { enter: { signInButton: string } }).enter.signInButton);
    expect(calls.sort()).toEqual([`GET ${eventAnswer}`, `GET ${sessionStatus}`].sort());
  });

  it("fetches a page's data while rendering and writes it into the HTML", async () => {
    const recent = { response: [blog(1), blog(2), blog(3)] };
    const list = { response: { rows: [blog(2), blog(3)], count: 3 } };
    const postsAfterTheFirst = apiAddress('/api/blog/public', { query: { offset: 1, limit: 4, lang: 'en' } });
    const { calls, fetch } = api({ ...anonymous, [recentPosts]: recent, [postsAfterTheFirst]: list });
    const { html, queryState } = await renderPage({
      url: '/blogs',
      language: 'en',
      namespaces: namespaces('en'),
      fetch,
    });
    expect(html).toContain('Post number 1');
    expect(html).toContain('Post number 3');
    // Excerpts are plain text with entities decoded and inline tags joined, as in the browser.
    expect(html).toContain('Never share your UPI PIN &amp; OTP (2).');
    // Dated on India's clock: 20:00 UTC on 1 March is 2 March in India.
    expect(html).toContain('March 2, 2026');
    expect(calls.sort()).toEqual([`GET ${recentPosts}`, `GET ${postsAfterTheFirst}`, `GET ${sessionStatus}`].sort());
    const keys = queryState.queries.map((q) => JSON.stringify(q.queryKey));
    expect(keys).toEqual(expect.arrayContaining(['["session"]', '["blogs","en","recent"]', '["blogs","en","list",1]']));
  });

  it('shows a signed-in learner the profile link, from the session call', async () => {
    const { fetch } = api(signedIn);
    const { html } = await renderPage({ url: '/about', language: 'en', namespaces: namespaces('en'), fetch });
    const nav = (namespaces('en').common as { nav: { profile: string; signIn: string } }).nav;
    expect(html).toContain(nav.profile);
    expect(html).not.toContain(nav.signIn);
  });

  it("renders a signed-in learner's lesson with the course, the chapter and their progress, within its data passes", async () => {
    const learner = learnerAnswers();
    const { calls, fetch } = api(learner.answers);
    const { html, queryState } = await renderPage({
      url: learner.lessonUrl,
      language: 'en',
      namespaces: namespaces('en'),
      fetch,
    });
    // The lesson, the sidebar with the first lesson's check, and the way on.
    expect(html).toContain('<h1 id="view-title" class="view__title">Lesson number 2</h1>');
    expect(html).toContain('What a bank does, part 2.');
    expect(html).toContain('Banking quiz');
    expect(html).toContain('data-done="true"');
    expect(html).not.toContain('role="status"');
    // Every call once: the session with the public reads, then the learner's own.
    expect(calls.sort()).toEqual(
      Object.keys(learner.answers)
        .filter((call) => !call.includes('/quiz/'))
        .map((call) => `GET ${call}`)
        .sort(),
    );
    expect(queryState.queries.every((q) => q.state.status === 'success')).toBe(true);
  });

  it("renders a signed-in learner's quiz with its questions", async () => {
    const learner = learnerAnswers();
    const { calls, fetch } = api(learner.answers);
    const { html } = await renderPage({ url: learner.quizUrl, language: 'en', namespaces: namespaces('en'), fetch });
    expect(html).toContain('Banking quiz</h1>');
    expect(html).toContain('Lesson number 1');
    expect(calls).not.toContain(expect.stringContaining('/chapter/public/'));
    expect(calls).toHaveLength(5);
  });

  it("renders a lesson for any learner: the course's text, nobody's session, their own reads left for the browser", async () => {
    const learner = learnerAnswers();
    const { calls, fetch } = api(learner.answers);
    const { html, queryState, personalReads } = await renderPage({
      url: learner.lessonUrl,
      language: 'en',
      namespaces: namespaces('en'),
      fetch,
      forAnyLearner: true,
    });
    // The lesson and the sidebar, drawn past the sign-in and consent gates, as for a signed-in learner.
    expect(html).toContain('<h1 id="view-title" class="view__title">Lesson number 2</h1>');
    expect(html).toContain('What a bank does, part 2.');
    expect(html).toContain('Banking quiz');
    const nav = (namespaces('en').common as { nav: { profile: string; signIn: string } }).nav;
    expect(html).toContain(nav.profile);
    // Nothing of the learner: no check mark, and "Mark as complete" waits for their progress.
    expect(html).not.toContain('data-done="true"');
    expect(html).toMatch(/<button type="button" class="btn" disabled="">/);
    // Only the public reads were called; the session, the profile and the progress were not.
    expect(calls.sort()).toEqual(
      Object.keys(learner.answers)
        .filter((call) => !/\/quiz\/|\/user\/|\/progress\//.test(call))
        .map((call) => `GET ${call}`)
        .sort(),
    );
    const keys = queryState.queries.map((q) => String(q.queryKey[0]));
    expect(keys).not.toContain('session');
    expect(queryState.queries.every((q) => q.state.status === 'success')).toBe(true);
    expect(personalReads?.sort()).toEqual(
      [
        apiAddress('/api/user/me'),
        apiAddress('/api/progress/{lang}/{courseId}/progress', {
          path: { lang: 'en', courseId: '10000000-0000-4000-8000-000000000001' },
        }),
      ].sort(),
    );
  });

  it("renders a quiz for any learner with its questions, before the learner's progress is known", async () => {
    const learner = learnerAnswers();
    const { calls, fetch } = api(learner.answers);
    const { html } = await renderPage({
      url: learner.quizUrl,
      language: 'en',
      namespaces: namespaces('en'),
      fetch,
      forAnyLearner: true,
    });
    expect(html).toContain('Banking quiz</h1>');
    expect(html).not.toContain('role="status"');
    expect(calls.filter((call) => /\/user\/|\/progress\//.test(call))).toEqual([]);
  });

  it("asks for the posts in the reader's language and renders their translation", async () => {
    const hindiPost = { ...blog(1), title: 'पोस्ट संख्या 1', lang: 'hi' as const };
    const recent = apiAddress('/api/blog/public/recent', { query: { lang: 'hi' } });
    const list = apiAddress('/api/blog/public', { query: { offset: 1, limit: 4, lang: 'hi' } });
    const { calls, fetch } = api({
      ...anonymous,
      [recent]: { response: [hindiPost, blog(2)] },
      [list]: { response: { rows: [blog(2)], count: 2 } },
    });
    const { html } = await renderPage({ url: '/blogs', language: 'hi', namespaces: namespaces('hi'), fetch });
    expect(calls.sort()).toEqual([`GET ${recent}`, `GET ${list}`, `GET ${sessionStatus}`].sort());
    expect(html).toContain('पोस्ट संख्या 1');
    // The English post among Hindi ones is marked as English.
    expect(html).toMatch(/<h3 class="blog-row__title" lang="en">/);
  });

  it('answers "not found" for a post that does not exist, for the server to send a 404', async () => {
    const { fetch } = api(anonymous);
    const result = await renderPage({
      url: '/blogs/00000000-0000-4000-8000-000000000009',
      language: 'en',
      namespaces: namespaces('en'),
      fetch,
    });
    expect(result).toMatchObject({ notFound: true, html: '' });
    // A read the page is not about answering 404 says nothing of the page: not a 404, a render given up.
    const { fetch: listMissing } = api(anonymous);
    await expect(
      renderPage({ url: '/blogs', language: 'en', namespaces: namespaces('en'), fetch: listMissing }),
    ).rejects.toThrow(/failed/);
  });

  it('gives up when a call of the page fails, so the browser renders it', async () => {
    const { fetch } = api({ ...anonymous, [recentPosts]: { response: [] } }, { [recentPosts]: 500 });
    await expect(renderPage({ url: '/blogs', language: 'en', namespaces: namespaces('en'), fetch })).rejects.toThrow(
      /failed/,
    );
  });

  it('keeps concurrent renders apart: each answered by its own visitor', async () => {
    const signedIn = api({ [sessionStatus]: { user: { role: 'user', name: 'Ravi', active: true } } });
    const visitor = api(anonymous);
    const nav = (namespaces('en').common as { nav: { profile: string; signIn: string } }).nav;
    const [a, b] = await Promise.all([
      renderPage({ url: '/news', language: 'en', namespaces: namespaces('en'), fetch: signedIn.fetch }),
      renderPage({ url: '/news', language: 'en', namespaces: namespaces('en'), fetch: visitor.fetch }),
    ]);
    expect(a.html).toContain(nav.profile);
    expect(b.html).toContain(nav.signIn);
    expect(signedIn.calls).toHaveLength(1);
    expect(visitor.calls).toHaveLength(1);
  });
});
