// A quiz as a learner takes it: questions and options in order, under the per-language keys, with
// nothing that tells which options are correct; and the scoring of a submission on the server.
//
// The module's surface for other modules (they call these, never quizzes' repository or routes):
// - courseAnswerKeys: the pass mark and answer key of each quiz of a course, kept in memory by progress
//   (handed back to scoreAnswers) and sent by the console's preview of a draft, which staff only
//   read and whose editors see the correct options in the course editor anyway
// - publicQuiz: a quiz as its public call answers it (the preview reads it in its transaction)
// - scoreAnswers: a submission scored against a quiz's key
// - resultMessage, Answer, QuizScore: what a learner is told, and the shapes of a submission
import type { DbOrTx } from '../../db/client';
import type { LanguageCode } from '../../../contract/languages';
import { notFound } from '../../plugins/errors';
import { publishedCourseExists } from '../courses/service';
import * as repo from './repository';
import { scoreQuiz, type Answer, type QuestionKey, type QuizScore } from './scoring';

export { resultMessage, type Answer, type QuizScore } from './scoring';

export async function publicQuiz(db: DbOrTx, lang: LanguageCode, courseId: string, quizId: string) {
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

/** A quiz's pass mark and answer key. */
export interface QuizKey {
  id: string;
  passingCriteria: number;
  questions: QuestionKey[];
}

/** The keys of every quiz of a course, by quiz id (one statement). */
export async function courseAnswerKeys(db: DbOrTx, courseId: string): Promise<Map<string, QuizKey>> {
  return new Map((await repo.courseAnswerKeys(db, courseId)).map((quiz) => [quiz.id, quiz]));
}

/** Scores the answers against the quiz's key; 400 for answers naming anything else. */
export function scoreAnswers(key: QuizKey, answers: Answer[]): QuizScore {
  return scoreQuiz(key.questions, key.passingCriteria, answers);
}
