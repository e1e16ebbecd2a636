// After a course quiz is submitted, each question shows whether it was right, the right option(s)
// and the course's explanation; before that, nothing of the answers reaches the browser.
// Submitting with questions left unanswered asks first.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { expectAccessible, labelsOf, newMobile, phonePage, screenshot, sharedBrowser, signIn } from './helpers';
import { quizWords } from './journey';
import { publishedCourse } from './course-content';

const browser = sharedBrowser();

interface ContentQuestion {
  content: string;
  explanation?: string;
  options: Array<{ content: string; correct?: boolean }>;
}

/** The sample course's first quiz as written in the content file (the browser never sees the key). */
function firstQuiz(lang: string): { title: string; questions: ContentQuestion[] } {
  const file = path.resolve(import.meta.dirname, '../../sample-content/courses/money-basics', `${lang}.yaml`);
  return (parse(fs.readFileSync(file, 'utf8')) as { quizzes: Array<{ title: string; questions: ContentQuestion[] }> })
    .quizzes[0]!;
}

async function openFirstQuiz(page: Page, lang: string) {
  const course = await publishedCourse(lang);
  const [courseId, quizId] = [course.id, course.quizzes[0]!.id];
  await page.goto(`/courses/${lang}/${courseId}`);
  await page.locator('.course__enrol').click();
  await page.locator('.course__enrol').waitFor({ state: 'detached' });
  await page.goto(`/courses/${lang}/${courseId}/quiz/${quizId}`);
}

async function learner(lang: string) {
  const session = await phonePage(browser(), { language: lang });
  await session.page.goto('/login');
  await signIn(session.page, newMobile(), { name: 'Quiz Learner', labels: labelsOf(lang) });
  await session.page.waitForURL((url) => url.pathname === '/courses');
  return session;
}

const option = (page: Page, text: string) => page.locator('.quiz-player__option').filter({ hasText: text });

describe('a course quiz', () => {
  it('asks before submitting unanswered questions, then shows each question right or wrong, the right answer and why', async () => {
    const quiz = firstQuiz('en');
    const words = quizWords('en');
    const { page, context, consoleErrors } = await learner('en');
    // Everything the API sends until the quiz is submitted.
    const bodies: string[] = [];
    let submitted = false;
    page.on('response', async (response) => {
      if (!submitted && new URL(response.url()).pathname.startsWith('/api/'))
        bodies.push(await response.text().catch(() => ''));
    });
    await openFirstQuiz(page, 'en');
    await page.getByRole('heading', { name: quiz.title, level: 1 }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    await page.getByRole('button', { name: words.start }).click();
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);

    // Question 1 right, question 2 half right, the rest left open.
    const right1 = quiz.questions[0]!.options.find((o) => o.correct)!.content;
    await option(page, right1).click();
    await page.getByRole('button', { name: words.next, exact: true }).click();
    const right2 = quiz.questions[1]!.options.filter((o) => o.correct).map((o) => o.content);
    await option(page, right2[0]!).click();
    for (let i = 2; i < quiz.questions.length; i++)
      await page.getByRole('button', { name: words.next, exact: true }).click();
    await page.getByRole('button', { name: words.submit, exact: true }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Questions without an answer: 3').waitFor();
    await confirm
      .getByText('Question numbers: 3, 4, 5. A question without an answer counts as wrong. Submit anyway?')
      .waitFor();
    await screenshot(page, 'en-quiz-unanswered');
    await expectAccessible(page, 'quiz asking before submitting');
    await confirm.getByRole('button', { name: 'Go to question 3' }).click();
    await page.getByRole('heading', { name: 'Question 3 of 5' }).waitFor();
    await option(page, quiz.questions[2]!.options.find((o) => !o.correct)!.content).click();
    await page.getByRole('button', { name: words.next, exact: true }).click();
    await page.getByRole('button', { name: words.next, exact: true }).click();
    await page.getByRole('button', { name: words.submit, exact: true }).click();
    await confirm.getByText('Questions without an answer: 2').waitFor();

    // Nothing of the key or the explanations reached the browser before submitting.
    for (const question of quiz.questions) {
      if (question.explanation) expect(bodies.join('\n')).not.toContain(question.explanation);
    }
    expect(bodies.join('\n')).not.toMatch(/"correct|explanation/);
    submitted = true;
    await confirm.getByRole('button', { name: 'Submit anyway' }).click();

    await page.getByRole('heading', { name: 'Your result' }).waitFor();
    const items = page.getByTestId('quiz-review-item');
    expect(await items.count()).toBe(5);
    const verdict = (n: number) => items.nth(n).locator('.quiz-review__verdict').textContent();
    expect(await verdict(0)).toBe('✓ Right');
    await items.nth(0).getByText(quiz.questions[0]!.explanation!).waitFor();
    // Half right is wrong: the right answers are all listed.
    expect(await verdict(1)).toBe('✗ Wrong');
    expect(await items.nth(1).getByTestId('quiz-review-correct').getByRole('listitem').allTextContents()).toEqual(
      right2,
    );
    await items.nth(1).getByText(quiz.questions[1]!.explanation!).waitFor();
    await items.nth(3).getByText('No answer').waitFor();
    await items
      .nth(3)
      .getByText(quiz.questions[3]!.options.find((o) => o.correct)!.content)
      .waitFor();
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    await screenshot(page, 'en-quiz-review');
    await expectAccessible(page, 'quiz review');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('explains in Hindi, and says right and wrong in Tamil (whose course gives no explanations yet)', async () => {
    for (const lang of ['hi', 'tm']) {
      const quiz = firstQuiz(lang);
      const words = quizWords(lang);
      const { page, context } = await learner(lang);
      await openFirstQuiz(page, lang);
      await page.getByRole('button', { name: words.start }).click();
      await option(page, quiz.questions[0]!.options.find((o) => o.correct)!.content).click();
      for (let i = 1; i < quiz.questions.length; i++)
        await page.getByRole('button', { name: words.next, exact: true }).click();
      await page.getByRole('button', { name: words.submit, exact: true }).click();
      await page.getByRole('button', { name: words.submitAnyway }).click();
      const items = page.getByTestId('quiz-review-item');
      await items.first().waitFor();
      expect(await items.nth(0).locator('.quiz-review__verdict').textContent()).toBe(`✓ ${words.right}`);
      expect(await items.nth(1).locator('.quiz-review__verdict').textContent()).toBe(`✗ ${words.wrong}`);
      if (quiz.questions[0]!.explanation) await items.nth(0).getByText(quiz.questions[0]!.explanation).waitFor();
      await screenshot(page, `${lang}-quiz-review`);
      await context.close();
    }
  });
});
