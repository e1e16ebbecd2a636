// A quiz as a learner takes it: questions and options in order, under the per-language keys, with
// nothing that tells which options are correct; and the scoring of a submission on the server.
//
// The module's surface for other modules (they call these, never quizzes' repository or routes):
// - findQuiz: a quiz of a course with its pass mark, or null
// - scoreAnswers: a submission scored against the quiz's answer key (the key never leaves here)
// - resultMessage, Answer, QuizScore: what a learner is told, and the shapes of a submission
import type { Db, DbOrTx } from '../../db/client';
import type { LanguageCode } from '../../../contract/languages';
import { notFound } from '../../plugins/errors';
import { publishedCourseExists } from '../courses/service';
import * as repo from './repository';
import { scoreQuiz, type Answer, type QuizScore } from './scoring';

export { resultMessage, type Answer, type QuizScore } from './scoring';

export async function publicQuiz(db: Db, lang: LanguageCode, courseId: string, quizId: string) {
  if (!(await publishedCourseExists(db, lang, courseId))) throw notFound('courseNotFound');
  const quiz = await repo.findQuiz(db, courseId, quizId);
  if (!quiz) throw notFound('quizNotFound');
  const questions = await repo.publicQuestions(db, quizId);
  return {
    [`quiz_${lang}`]: {
      id: quiz.id,
      title: quiz.title,
      passingCriteria: quiz.passingCriteria,
      [`question_${lang}s`]: questions.map((q) => ({
        id: q.id,
        content: q.content,
        type: q.type,
        [`option_${lang}s`]: q.options.map((o) => ({ id: o.id, content: o.content })),
      })),
    },
  };
}

export function findQuiz(db: DbOrTx, courseId: string, quizId: string) {
  return repo.findQuiz(db, courseId, quizId);
}

/** Scores the answers against the quiz's key (one statement); 400 for answers naming anything else. */
export async function scoreAnswers(db: DbOrTx, quiz: { id: string; passingCriteria: number }, answers: Answer[]): Promise<QuizScore> {
  return scoreQuiz(await repo.answerKey(db, quiz.id), quiz.passingCriteria, answers);
}
