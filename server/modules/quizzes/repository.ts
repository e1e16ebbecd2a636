// Quizzes with their questions and options, read in one ordered query. Only the scoring path asks
// for isCorrect and the explanations; the public read never selects them.
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { options, questions, quizzes } from '../../db/schema';

export async function findQuiz(db: DbOrTx, courseId: string, quizId: string) {
  const [row] = await db
    .select({ id: quizzes.id, title: quizzes.title, order: quizzes.position, passingCriteria: quizzes.passingCriteria })
    .from(quizzes)
    .where(and(eq(quizzes.id, quizId), eq(quizzes.courseId, courseId)))
    .limit(1);
  return row ?? null;
}

interface QuestionWithOptions<O> {
  id: string;
  content: string;
  type: string;
  order: number;
  options: O[];
}

/** Questions with their options in order; the answer key's columns only when `withKey`. */
async function questionRows(db: DbOrTx, quizId: string, withKey: boolean) {
  return db
    .select({
      questionId: questions.id,
      questionContent: questions.content,
      questionType: questions.type,
      questionOrder: questions.position,
      optionId: options.id,
      optionContent: options.content,
      ...(withKey ? { isCorrect: options.isCorrect, explanation: questions.explanation } : {}),
    })
    .from(questions)
    .leftJoin(options, eq(options.questionId, questions.id))
    .where(eq(questions.quizId, quizId))
    .orderBy(asc(questions.position), asc(questions.id), asc(options.position), asc(options.id));
}

type QuestionRow = Awaited<ReturnType<typeof questionRows>>[number] & { isCorrect?: boolean | null; explanation?: string | null };

function group<O>(rows: QuestionRow[], option: (row: QuestionRow) => O): (QuestionWithOptions<O> & { explanation: string | null })[] {
  const out: (QuestionWithOptions<O> & { explanation: string | null })[] = [];
  for (const row of rows) {
    let question = out[out.length - 1];
    if (!question || question.id !== row.questionId) {
      question = {
        id: row.questionId,
        content: row.questionContent,
        type: row.questionType,
        order: row.questionOrder,
        explanation: row.explanation ?? null,
        options: [],
      };
      out.push(question);
    }
    if (row.optionId) question.options.push(option(row));
  }
  return out;
}

/** Questions and options as a learner sees them: no hint of which options are correct, no explanation. */
export async function publicQuestions(db: DbOrTx, quizId: string) {
  const rows = await questionRows(db, quizId, false);
  return group(rows, (row) => ({ id: row.optionId!, content: row.optionContent ?? '' })).map(({ explanation: _, ...question }) => question);
}

/** The answer key with each question's explanation, for scoring on the server only. */
export async function answerKey(db: DbOrTx, quizId: string) {
  const rows = await questionRows(db, quizId, true);
  return group(rows, (row) => ({ id: row.optionId!, isCorrect: row.isCorrect ?? false }));
}
