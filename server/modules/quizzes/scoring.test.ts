import { describe, expect, it } from 'vitest';
import { HttpError } from '../../plugins/errors';
import { resultMessage, scoreQuiz, type QuestionKey } from './scoring';

const single: QuestionKey = {
  id: 's',
  type: 'single',
  options: [
    { id: 's1', isCorrect: true },
    { id: 's2', isCorrect: false },
  ],
};
const multi: QuestionKey = {
  id: 'm',
  type: 'multi',
  options: [
    { id: 'm1', isCorrect: true },
    { id: 'm2', isCorrect: false },
    { id: 'm3', isCorrect: true },
  ],
};
const third: QuestionKey = {
  id: 't',
  type: 'single',
  options: [
    { id: 't1', isCorrect: false },
    { id: 't2', isCorrect: true },
  ],
};

describe('scoreQuiz', () => {
  it('rounds the score to a whole percentage and compares it with the pass mark', () => {
    const result = scoreQuiz([single, multi, third], 67, [
      { questionId: 's', selectedOptions: ['s1'] },
      { questionId: 'm', selectedOptions: ['m1', 'm3'] },
    ]);
    expect(result).toMatchObject({ correctCount: 2, questionCount: 3, score: 67, passed: true });
    expect(
      scoreQuiz([single, multi, third], 68, [
        { questionId: 's', selectedOptions: ['s1'] },
        { questionId: 'm', selectedOptions: ['m3', 'm1'] },
      ]).passed,
    ).toBe(false);
    expect(scoreQuiz([single, multi, third], 0, [{ questionId: 's', selectedOptions: ['s1'] }]).score).toBe(33);
  });

  it('reviews every question in order: right or not, its correct options, and its explanation when there is one', () => {
    const explained: QuestionKey = { ...third, explanation: 'Only t2 is right.' };
    const { review } = scoreQuiz([single, multi, explained], 50, [
      { questionId: 'm', selectedOptions: ['m1'] },
      { questionId: 's', selectedOptions: ['s1'] },
    ]);
    expect(review).toEqual([
      { questionId: 's', correct: true, correctOptions: ['s1'] },
      { questionId: 'm', correct: false, correctOptions: ['m1', 'm3'] },
      { questionId: 't', correct: false, correctOptions: ['t2'], explanation: 'Only t2 is right.' },
    ]);
  });

  it('treats a repeated option as chosen once', () => {
    expect(scoreQuiz([single], 50, [{ questionId: 's', selectedOptions: ['s1', 's1'] }]).correctCount).toBe(1);
  });

  it('counts a single question with more than one correct option in the key as never right', () => {
    const broken: QuestionKey = {
      id: 'b',
      type: 'single',
      options: [
        { id: 'b1', isCorrect: true },
        { id: 'b2', isCorrect: true },
      ],
    };
    expect(scoreQuiz([broken], 50, [{ questionId: 'b', selectedOptions: ['b1', 'b2'] }]).correctCount).toBe(0);
  });

  it('gives a quiz without questions 100 so it cannot block a course', () => {
    expect(scoreQuiz([], 60, [])).toEqual({ correctCount: 0, questionCount: 0, score: 100, passed: true, review: [] });
  });

  it('refuses unknown questions and options with a 400', () => {
    const attempt = (answers: { questionId: string; selectedOptions: string[] }[]) => {
      try {
        scoreQuiz([single, multi], 50, answers);
        return null;
      } catch (error) {
        return error instanceof HttpError ? error.statusCode : 'other';
      }
    };
    expect(attempt([{ questionId: 'x', selectedOptions: [] }])).toBe(400);
    expect(attempt([{ questionId: 's', selectedOptions: ['m1'] }])).toBe(400);
    expect(
      attempt([
        { questionId: 's', selectedOptions: [] },
        { questionId: 's', selectedOptions: [] },
      ]),
    ).toBe(400);
    expect(attempt([{ questionId: 's', selectedOptions: ['s2'] }])).toBeNull();
  });
});

describe('resultMessage', () => {
  it('says pass or fail and what to do next', () => {
    expect(resultMessage({ score: 80, passed: true }, 60, false)).toBe(
      'You passed with 80%. Well done! Continue with the next chapter.',
    );
    expect(resultMessage({ score: 40, passed: false }, 60, false)).toBe(
      'You scored 40%. You need 60% to pass. Review the lessons and try again.',
    );
    expect(resultMessage({ score: 100, passed: true }, 60, true)).toContain('completed this course');
  });
});
