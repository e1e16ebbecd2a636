// Scores a quiz on the server. A single-answer question is right only when exactly its one correct
// option is chosen; a multi-answer question only when exactly its set of correct options is chosen.
// An unanswered question is wrong. Answers that name anything outside this quiz are refused, so a
// client can neither probe other quizzes nor pad its answers.
import { badRequest } from '../../plugins/errors';

export interface QuestionKey {
  id: string;
  type: string; // 'single' | 'multi'
  options: { id: string; isCorrect: boolean }[];
  /** Why the right answer is right, when the course gives it. */
  explanation?: string | null;
}

/** One question after submission: right or not, its correct options, and the explanation if any. */
export interface QuestionReview {
  questionId: string;
  correct: boolean;
  correctOptions: string[];
  explanation?: string;
}

export interface Answer {
  questionId: string;
  selectedOptions: string[];
}

export interface QuizScore {
  correctCount: number;
  questionCount: number;
  /** Percentage of questions answered right, rounded to a whole number. */
  score: number;
  passed: boolean;
  /** Every question of the quiz in order, for the learner to see what was right. */
  review: QuestionReview[];
}

export function scoreQuiz(questions: QuestionKey[], passingCriteria: number, answers: Answer[]): QuizScore {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const chosen = new Map<string, Set<string>>();
  for (const answer of answers) {
    const question = byId.get(answer.questionId);
    if (!question) throw badRequest('answerUnknownQuestion');
    if (chosen.has(answer.questionId)) throw badRequest('answerRepeated');
    const optionIds = new Set(question.options.map((o) => o.id));
    for (const optionId of answer.selectedOptions) {
      if (!optionIds.has(optionId)) throw badRequest('answerUnknownOption');
    }
    chosen.set(answer.questionId, new Set(answer.selectedOptions));
  }

  const review = questions.map((question): QuestionReview => {
    const selected = chosen.get(question.id) ?? new Set<string>();
    const correctOptions = question.options.filter((o) => o.isCorrect).map((o) => o.id);
    // A broken single-answer question (not exactly one correct option) cannot be answered right.
    const answerable = question.type !== 'single' || correctOptions.length === 1;
    const correct = answerable && selected.size > 0 && selected.size === correctOptions.length && correctOptions.every((id) => selected.has(id));
    return { questionId: question.id, correct, correctOptions, ...(question.explanation ? { explanation: question.explanation } : {}) };
  });
  const correctCount = review.filter((question) => question.correct).length;
  const questionCount = questions.length;
  // A quiz without questions has nothing to get wrong; it must not block its course from completing.
  const score = questionCount === 0 ? 100 : Math.round((100 * correctCount) / questionCount);
  return { correctCount, questionCount, score, passed: score >= passingCriteria, review };
}

export function resultMessage(result: Pick<QuizScore, 'score' | 'passed'>, passingCriteria: number, courseCompleted: boolean): string {
  if (result.passed) {
    const next = courseCompleted ? 'You have completed this course.' : 'Continue with the next chapter.';
    return `You passed with ${result.score}%. Well done! ${next}`;
  }
  return `You scored ${result.score}%. You need ${passingCriteria}% to pass. Review the lessons and try again.`;
}
