// A quiz as a learner takes it: questions and options in order, under the per-language keys, with
// nothing that tells which options are correct.
import type { Db } from '../../db/client';
import type { LanguageCode } from '../../../contract/languages';
import { notFound } from '../../plugins/errors';
import { publishedCourseExists } from '../courses/repository';
import * as repo from './repository';

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
