// Learning in a saved course with no network (ADR 42, 43), as a learner on a phone does it in Hindi:
// the course saved while online, then offline and the page reloaded, two lessons completed, a quiz
// taken ("will be scored when you are online") and the journal written, all kept sealed on the phone;
// back online, the phone's outbox is sent and the server's progress is the offline work, each event
// applied once; a journal changed meanwhile elsewhere is shown beside the one written offline for the
// learner to choose; the same batch sent again changes nothing; another learner signing in, and
// signing out, delete what was kept.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { OutboxAnswer } from '../../contract/outbox';
import type { ProgressRecord } from '../../contract/progress';
import { correctOptions, publishedCourse } from './course-content';
import { HI, expectAccessible, newMobile, pageCall, phonePage, screenshot, sharedBrowser, signIn } from './helpers';
import { quizWords } from './journey';

const browser = sharedBrowser();
const hiLearning = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../web/i18n/locales/hi/learning.json'), 'utf8'),
) as typeof import('../../web/i18n/locales/en/learning.json');
const away = hiLearning.offline.away;
const quiz = quizWords('hi');

/** The sealed store's records as IndexedDB holds them, their bytes read as text (none before the app makes it). */
function sealedRecords(page: Page): Promise<{ names: string[]; text: string }> {
  return page.evaluate(
    () =>
      new Promise<{ names: string[]; text: string }>((resolve) => {
        const none = { names: [], text: '' };
        const open = indexedDB.open('jgk-learner');
        // Not made yet: opening it here must not make it (the app makes it with its stores).
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve(none);
        open.onsuccess = () => {
          try {
            const store = open.result.transaction('sealed').objectStore('sealed');
            const keys = store.getAllKeys();
            const values = store.getAll();
            values.onsuccess = () => {
              const text = (values.result as { data: ArrayBuffer }[])
                .map((v) => new TextDecoder().decode(v.data))
                .join('\n');
              resolve({ names: (keys.result as string[]).sort(), text });
              open.result.close();
            };
          } catch {
            open.result.close();
            resolve(none);
          }
        };
      }),
  );
}

describe('learning in a saved course with no network', () => {
  it('keeps the work sealed on the phone and sends it once when the network returns', async () => {
    const { page, context, consoleErrors } = await phonePage(browser(), { language: 'hi' });
    await page.goto('/login');
    await signIn(page, newMobile(), { name: 'सीमा देवी', labels: HI });
    await page.waitForURL((url) => url.pathname === '/courses');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });

    const course = await publishedCourse('hi');
    const courseId = course.id;
    const chapter = course.chapters[0]!;
    const [first, second] = chapter.lessons;
    const courseQuiz = course.quizzes[0]!;
    await pageCall(page, 'POST', `/api/progress/hi/${courseId}`);

    // Saved while online: the pack, the learning views' code, and the learner's state, sealed.
    await page.goto(`/courses/hi/${courseId}`);
    const section = page.getByTestId('save-offline');
    await section.getByRole('button', { name: hiLearning.offline.save }).click();
    await section.getByText(/इस फ़ोन में सहेजा गया/).waitFor();
    await expect
      .poll(async () => (await sealedRecords(page)).names, { timeout: 15_000 })
      .toEqual(
        expect.arrayContaining(['owner', 'profile', 'session', `progress:hi:${courseId}`, `journal:hi:${courseId}`]),
      );
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const names = await caches.keys();
            const assets = names.find((name) => name.startsWith('jgk-assets'));
            if (!assets) return false;
            const kept = await (await caches.open(assets)).keys();
            return kept.some((request) => /\/assets\/learning-[^/]*\.js$/.test(new URL(request.url).pathname));
          }),
        { timeout: 15_000 },
      )
      .toBe(true);

    // No network, and the lesson opened by its address (never opened before): the app from the phone.
    await context.setOffline(true);
    const lesson = (id: string) => `/courses/hi/${courseId}/chapter/${chapter.id}/lesson/${id}`;
    await page.goto(lesson(first!.id));
    await page.getByText(away.offline).waitFor();
    await page.getByRole('button', { name: hiLearning.markComplete }).click();
    await page.getByText(hiLearning.lessonDone).waitFor();
    await page.getByText(away.waiting.replace('{{count}}', '1')).waitFor();
    await screenshot(page, 'learner-offline-lesson-hi-360');
    await expectAccessible(page, 'a lesson offline');

    await page.goto(lesson(second!.id));
    await page.getByRole('button', { name: hiLearning.markComplete }).click();
    await page.getByText(hiLearning.lessonDone).waitFor();
    await page.getByText(away.waiting.replace('{{count}}', '2')).waitFor();

    // The quiz, answered right: kept, to be scored when online.
    await page.goto(`/courses/hi/${courseId}/quiz/${courseQuiz.id}`);
    await page.getByRole('button', { name: quiz.start }).click();
    const answers = correctOptions('hi').get(courseQuiz.title)!;
    for (let q = 0; q < answers.length; q++) {
      for (const index of answers[q]!) await page.locator('.quiz-player__option').nth(index).click();
      if (q < answers.length - 1) await page.getByRole('button', { name: quiz.next, exact: true }).click();
    }
    await page.getByRole('button', { name: quiz.submit, exact: true }).click();
    await page.locator('.quiz-player__message').getByText(away.quizWaiting).waitFor();
    expect(await page.getByTestId('quiz-score').count()).toBe(0);

    // The journal, written and saved offline; still there after a reload, and sealed on the phone.
    const text = 'आज मैंने सीखा कि हर महीने थोड़ी बचत करनी चाहिए।';
    await page.goto(`/courses/hi/${courseId}/journal`);
    await page.getByLabel(hiLearning.journalLabel).fill(text);
    await page.getByRole('button', { name: hiLearning.save, exact: true }).click();
    await page.locator('.journal').getByText(away.journalKept).waitFor();
    await page.getByText(away.waiting.replace('{{count}}', '4')).waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel(hiLearning.journalLabel).inputValue()).toBe(text);
    const sealed = await sealedRecords(page);
    expect(sealed.names).toEqual(expect.arrayContaining(['outbox', `draft:hi:${courseId}`]));
    expect(sealed.text).not.toContain('बचत');
    expect(sealed.text).not.toContain(first!.id);
    await screenshot(page, 'learner-offline-journal-hi-360');

    // Meanwhile the journal is saved on another device (the API: the phone's lack of network does
    // not stop it), so the journal written offline arrives over a version that is no longer there.
    const elsewhere = 'लैपटॉप पर लिखा: अगले हफ़्ते बैंक जाना है।';
    expect(
      (await context.request.put(`/api/progress/hi/${courseId}/journal`, { data: { text: elsewhere } })).ok(),
    ).toBe(true);

    // A second tab open on the course: both hear the network return, one sends.
    const tab = await context.newPage();
    await tab.goto(lesson(second!.id));
    await tab.getByText(hiLearning.lessonDone).waitFor();

    // Back online: the outbox is sent, once (its batch kept here to send again).
    const batches: string[] = [];
    context.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/outbox') {
        batches.push(request.postData() ?? '');
      }
    });
    await context.setOffline(false);
    // The journal refused as changed elsewhere, with the reason; both texts shown, the learner keeps theirs.
    const choice = page.locator('.journal-choice');
    await choice.getByText(away.journalConflict).waitFor({ timeout: 20_000 });
    await page.getByTestId('offline-notice').getByText(away.chooseJournal).waitFor();
    await choice.getByText(elsewhere).waitFor();
    await choice.getByText(text).waitFor();
    await screenshot(page, 'learner-offline-journal-choice-hi-360');
    await choice.getByRole('button', { name: away.keepMine }).click();
    await page.getByTestId('offline-notice').waitFor({ state: 'detached' });
    expect(await choice.count()).toBe(0);
    await tab.getByTestId('offline-notice').waitFor({ state: 'detached' });
    expect(batches).toHaveLength(1);
    await tab.close();

    const progress = (
      await pageCall<{ progress: ProgressRecord }>(page, 'GET', `/api/progress/hi/${courseId}/progress`)
    ).progress;
    expect(progress.lessonId.split(',').sort()).toEqual(
      [`${chapter.id}::${first!.id}`, `${chapter.id}::${second!.id}`].sort(),
    );
    expect(progress.quizId.split(',')).toEqual([courseQuiz.id]);
    const journal = await pageCall<{ journal: { text: string } }>(page, 'GET', `/api/progress/hi/${courseId}/journal`);
    expect(journal.journal.text).toBe(text);
    const once = async () => {
      const data = await pageCall<{ quizAttempts: unknown[]; offlineChanges: unknown[] }>(
        page,
        'GET',
        '/api/user/me/export',
      );
      return { attempts: data.quizAttempts.length, changes: data.offlineChanges.length };
    };
    expect(await once()).toEqual({ attempts: 1, changes: 4 });

    // The same batch again: every event answered as applied before, and nothing changes.
    const again = await pageCall<OutboxAnswer>(page, 'POST', '/api/outbox', JSON.parse(batches[0]!));
    // A refusal is kept like any answer: the journal is refused the same way again.
    expect(again.results.map((r) => r.outcome)).toEqual([
      'alreadyApplied',
      'alreadyApplied',
      'alreadyApplied',
      'refused',
    ]);
    expect(await once()).toEqual({ attempts: 1, changes: 4 });
    expect(
      (await pageCall<{ progress: ProgressRecord }>(page, 'GET', `/api/progress/hi/${courseId}/progress`)).progress,
    ).toEqual(progress);

    // The quiz answered offline now shows its score.
    await page.goto(`/courses/hi/${courseId}/quiz/${courseQuiz.id}`);
    await page.getByTestId('quiz-offline').getByText(/100%/).waitFor();
    await screenshot(page, 'learner-offline-quiz-scored-hi-360');

    // The session ends without signing out (it expired) and another learner signs in on the phone:
    // opening the saved course deletes everything of the first learner before keeping theirs.
    await context.clearCookies();
    await page.goto('/login');
    await signIn(page, newMobile(), { name: 'राजू कुमार', labels: HI });
    await page.waitForURL((url) => url.pathname === '/courses');
    await page.goto(lesson(first!.id));
    await page.getByRole('button', { name: hiLearning.markComplete }).waitFor();
    await expect
      .poll(async () => (await sealedRecords(page)).names, { timeout: 15_000 })
      .toEqual(['owner', 'profile', `progress:hi:${courseId}`, 'session']);

    // Signing out deletes everything the phone kept of the learner, its key with it.
    await page.getByRole('button', { name: 'मेनू खोलें' }).click();
    await page.locator('#site-drawer').getByRole('button', { name: 'साइन आउट' }).click();
    // The page starts over signed out: a learning view sends to sign-in.
    await page.waitForURL((url) => url.pathname === '/login');
    await page.locator('html[data-ready]').waitFor({ state: 'attached' });
    expect(await page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name))).not.toContain(
      'jgk-learner',
    );

    // What failed offline was the network's absence, nothing of the app.
    expect(consoleErrors.filter((line) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR/.test(line))).toEqual(
      [],
    );
    await context.close();
  });
});
