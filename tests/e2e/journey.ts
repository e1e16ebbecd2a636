// The whole course as a learner goes through it, step by step, shared by the English and Hindi
// journeys: every lesson, the video, each quiz (the first failed once, then retaken), the journal.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { correctOptions } from './course-content';
import { expectAccessible, screenshot } from './helpers';

export interface JourneyText {
  markComplete: string;
  lessonDone: string;
  next: RegExp;
  videoDone: string;
  startQuiz: string;
  quizNext: string;
  submit: string;
  retake: string;
  passed: RegExp;
  failed: RegExp;
  save: string;
  journalSaved: string;
}

/** Plays a video page's video to its end (or, where the headless build cannot decode it, sends its end). */
export async function finishVideo(page: Page) {
  // A real end of playback where the headless build decodes the file; otherwise the same event.
  await page.evaluate(async () => {
    const video = document.querySelector('video')!;
    video.muted = true;
    const ended = new Promise<boolean>((resolve) => {
      video.addEventListener('ended', () => resolve(true), { once: true });
      setTimeout(() => resolve(false), 8000);
    });
    try {
      await new Promise<void>((resolve, reject) => {
        if (video.readyState >= 1) resolve();
        video.addEventListener('loadedmetadata', () => resolve(), { once: true });
        video.addEventListener('error', () => reject(new Error('cannot decode')), { once: true });
        video.load();
      });
      video.currentTime = Math.max(0, video.duration - 0.3);
      await video.play();
      if (await ended) return;
    } catch {
      // falls through to the event
    }
    video.dispatchEvent(new Event('ended'));
  });
}

async function takeQuiz(page: Page, lang: string, t: JourneyText, answers: number[][] | null) {
  await page.getByRole('button', { name: t.startQuiz }).click();
  const total = answers?.length ?? (await page.locator('.quiz-player__dot').count());
  for (let q = 0; q < total; q++) {
    for (const index of answers?.[q] ?? []) await page.locator('.quiz-player__option').nth(index).click();
    if (q < total - 1) await page.getByRole('button', { name: t.quizNext, exact: true }).click();
  }
  await page.getByRole('button', { name: t.submit, exact: true }).click();
  // Left unanswered on purpose: the quiz asks first.
  if (!answers)
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: quizWords(lang).submitAnyway })
      .click();
}

/** The quiz player's words in a language, from its translation file. */
export function quizWords(lang: string): Record<string, string> {
  return JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, `../../web/i18n/locales/${lang}/quiz.json`), 'utf8'),
  ) as Record<string, string>;
}

export async function completeCourse(page: Page, lang: string, t: JourneyText, shots: string) {
  const answers = correctOptions(lang);
  let quizzesSeen = 0;
  for (let step = 0; step < 40; step++) {
    await page
      .locator('.view')
      .first()
      .waitFor()
      .catch(async (error: unknown) => {
        await screenshot(page, `${shots}-failure`);
        throw error;
      });
    const url = page.url();
    if (url.includes('/lesson/')) {
      if (step === 0) {
        await screenshot(page, `${shots}-lesson`);
        await expectAccessible(page, 'lesson');
      }
      await page.getByRole('button', { name: t.markComplete }).click();
      await page.getByText(t.lessonDone).waitFor();
    } else if (url.includes('/video/')) {
      await screenshot(page, `${shots}-video`);
      await expectAccessible(page, 'video');
      await finishVideo(page);
      await page.getByText(t.videoDone).waitFor();
    } else if (url.includes('/quiz/')) {
      await page.getByRole('button', { name: t.startQuiz }).waitFor();
      const title = (await page.locator('.quiz-player__title').textContent())?.trim() ?? '';
      const right = answers.get(title);
      expect(right, `answers for quiz "${title}"`).toBeDefined();
      if (quizzesSeen === 0) {
        await screenshot(page, `${shots}-quiz-intro`);
        await takeQuiz(page, lang, t, null);
        await page.getByText(t.failed).waitFor();
        await screenshot(page, `${shots}-quiz-failed`);
        await page.getByRole('button', { name: t.retake }).click();
      }
      await takeQuiz(page, lang, t, right!);
      await page.getByText(t.passed).waitFor();
      if (quizzesSeen === 0) {
        await screenshot(page, `${shots}-quiz-passed`);
        await expectAccessible(page, 'quiz result');
      }
      quizzesSeen += 1;
    } else if (url.endsWith('/journal')) {
      await page.locator('textarea').fill('I will save a little every week and never share my UPI PIN.');
      await page.getByRole('button', { name: t.save, exact: true }).click();
      await page.getByText(t.journalSaved).first().waitFor();
      await screenshot(page, `${shots}-journal`);
      await expectAccessible(page, 'journal');
    } else if (url.endsWith('/summary')) {
      await screenshot(page, `${shots}-summary`);
      await expectAccessible(page, 'summary');
      return;
    }
    const before = page.url();
    await page.getByRole('link', { name: t.next }).click();
    await page.waitForURL((next) => next.href !== before);
  }
  throw new Error('the course did not end at its summary');
}

/**
 * Enrols the signed-in learner of the page in a course and completes all of it through the API,
 * as the learning views would (for tests about what comes after; the journeys above go through
 * every view).
 */
export async function finishCourseByApi(page: Page, lang: string, courseId: string): Promise<void> {
  const answers = Object.fromEntries(correctOptions(lang));
  const failures = await page.evaluate(
    async ({ lang, courseId, answers }) => {
      const problems: string[] = [];
      const call = async (method: string, path: string, body?: unknown) => {
        const response = await fetch(path, {
          method,
          headers: body ? { 'content-type': 'application/json' } : {},
          body: body ? JSON.stringify(body) : undefined,
        });
        if (!response.ok) problems.push(`${method} ${path}: ${response.status}`);
        return response.json() as Promise<Record<string, unknown>>;
      };
      const base = `/api/progress/${lang}/${courseId}`;
      await call('POST', base);
      const detail = await call('GET', `/api/course/public/${lang}/${courseId}`);
      const course = detail[`course_${lang}`] as Record<string, unknown>;
      for (const chapter of course[`chapter_${lang}s`] as Array<Record<string, unknown>>) {
        for (const lesson of chapter[`lesson_${lang}s`] as Array<{ id: string }>) {
          await call('POST', `${base}/chapters/${chapter.id as string}/lessons/${lesson.id}/complete`);
        }
      }
      for (const video of (course.videos as Array<{ id: string }> | undefined) ?? [])
        await call('POST', `${base}/videos/${video.id}/complete`);
      for (const listed of course[`quiz_${lang}s`] as Array<{ id: string }>) {
        const quiz = (await call('GET', `/api/quiz/public/${lang}/${courseId}/quiz/${listed.id}`))[
          `quiz_${lang}`
        ] as Record<string, unknown>;
        const questions = quiz[`question_${lang}s`] as Array<Record<string, unknown>>;
        const right = answers[quiz.title as string] ?? [];
        await call('POST', `${base}/quiz/${listed.id}/complete`, {
          answers: questions.map((question, q) => ({
            questionId: question.id,
            selectedOptions: (right[q] ?? []).map(
              (index) => (question[`option_${lang}s`] as Array<{ id: string }>)[index]!.id,
            ),
          })),
        });
      }
      return problems;
    },
    { lang, courseId, answers },
  );
  expect(failures).toEqual([]);
}
