// Scores a quiz on the server by the rule in contract/quiz-scoring.ts (the console's preview scores
// an editor's try with it too). Answers that name anything outside this quiz are refused, so a
// client can neither probe other quizzes nor pad its answers.
import { scoreChosen, type QuestionKey, type QuizScore } from '../../../contract/quiz-scoring';
import { badRequest } from '../../plugins/errors';

export type { QuestionKey, QuestionReview, QuizScore } from '../../../contract/quiz-scoring';

export interface Answer {
  questionId: string;
  selectedOptions: string[];
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

  return scoreChosen(questions, passingCriteria, chosen);
}

export function resultMessage(
  result: Pick<QuizScore, 'score' | 'passed'>,
  passingCriteria: number,
  courseCompleted: boolean,
): string {
  if (result.passed) {
    const next = courseCompleted ? 'You have completed this course.' : 'Continue with the next chapter.';
    return `You passed with ${result.score}%. Well done! ${next}`;
  }
  return `You scored ${result.score}%. You need ${passingCriteria}% to pass. Review the lessons and try again.`;
}
