// The one rule that scores a quiz: the server scores a learner's submission with it
// (server/modules/quizzes/scoring.ts, which first refuses answers naming anything outside the quiz),
// and the staff console's preview of a draft scores an editor's try in the browser with the same
// rule, so a quiz behaves in the preview as it will once published.
// A single-answer question is right only when exactly its one correct option is chosen; a
// multi-answer question only when exactly its set of correct options is chosen. An unanswered
// question is wrong.

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

export interface QuizScore {
  correctCount: number;
  questionCount: number;
  /** Percentage of questions answered right, rounded to a whole number. */
  score: number;
  passed: boolean;
  /** Every question of the quiz in order, for the learner to see what was right. */
  review: QuestionReview[];
}

/** Scores the options chosen per question id (questions not named are unanswered). */
export function scoreChosen(
  questions: QuestionKey[],
  passingCriteria: number,
  chosen: ReadonlyMap<string, ReadonlySet<string>>,
): QuizScore {
  const review = questions.map((question): QuestionReview => {
    const selected = chosen.get(question.id) ?? new Set<string>();
    const correctOptions = question.options.filter((o) => o.isCorrect).map((o) => o.id);
    // A broken single-answer question (not exactly one correct option) cannot be answered right.
    const answerable = question.type !== 'single' || correctOptions.length === 1;
    const correct =
      answerable &&
      selected.size > 0 &&
      selected.size === correctOptions.length &&
      correctOptions.every((id) => selected.has(id));
    return {
      questionId: question.id,
      correct,
      correctOptions,
      ...(question.explanation ? { explanation: question.explanation } : {}),
    };
  });
  const correctCount = review.filter((question) => question.correct).length;
  const questionCount = questions.length;
  // A quiz without questions has nothing to get wrong; it must not block its course from completing.
  const score = questionCount === 0 ? 100 : Math.round((100 * correctCount) / questionCount);
  return { correctCount, questionCount, score, passed: score >= passingCriteria, review };
}
