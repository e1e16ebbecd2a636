// Quizzes with their questions and options, read in one ordered query. Only the answer keys (read
// for scoring, kept in memory by progress) select isCorrect and the explanations; the public read
// never does.
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { options, questions, quizzes } from '../../db/schema/courses';

export async function findQuiz(db: DbOrTx, courseId: string, quizId: string) {
  const [row] = await db
    .select({ id: quizzes.id, title: quizzes.title, order: quizzes.position, passingCriteria: quizzes.passingCriteria })
    .from(quizzes)
    .where(and(eq(quizzes.id, quizId), eq(quizzes.courseId, courseId)))
    .limit(1);
  return row ?? null;
}

/** Questions and options in order, as a learner sees them: no hint of which options are correct, no explanation. */
export async function publicQuestions(db: DbOrTx, quizId: string) {
  const rows = await db
    .select({
      questionId: questions.id,
      questionContent: questions.content,
      questionType: questions.type,
      questionOrder: questions.position,
      optionId: options.id,
      optionContent: options.content,
    })
    .from(questions)
    .leftJoin(options, eq(options.questionId, questions.id))
    .where(eq(questions.quizId, quizId))
    .orderBy(asc(questions.position), asc(questions.id), asc(options.position), asc(options.id));
  const out: {
    id: string;
    content: string;
    type: string;
    order: number;
    options: { id: string; content: string }[];
  }[] = [];
  for (const row of rows) {
    let question = out[out.length - 1];
    if (!question || question.id !== row.questionId) {
      question = {
        id: row.questionId,
        content: row.questionContent,
        type: row.questionType,
        order: row.questionOrder,
        options: [],
      };
      out.push(question);
    }
    if (row.optionId) question.options.push({ id: row.optionId, content: row.optionContent ?? '' });
  }
  return out;
}

/** Every quiz of a course with its pass mark and answer key (with each question's explanation), in one ordered query: for scoring on the server only. */
export async function courseAnswerKeys(db: DbOrTx, courseId: string) {
  const rows = await db
    .select({
      quizId: quizzes.id,
      passingCriteria: quizzes.passingCriteria,
      questionId: questions.id,
      questionType: questions.type,
      explanation: questions.explanation,
      optionId: options.id,
      isCorrect: options.isCorrect,
    })
    .from(quizzes)
    .leftJoin(questions, eq(questions.quizId, quizzes.id))
    .leftJoin(options, eq(options.questionId, questions.id))
    .where(eq(quizzes.courseId, courseId))
    .orderBy(
      asc(quizzes.position),
      asc(quizzes.id),
      asc(questions.position),
      asc(questions.id),
      asc(options.position),
      asc(options.id),
    );
  const out: {
    id: string;
    passingCriteria: number;
    questions: {
      id: string;
      type: string;
      explanation: string | null;
      options: { id: string; isCorrect: boolean }[];
    }[];
  }[] = [];
  for (const row of rows) {
    let quiz = out[out.length - 1];
    if (!quiz || quiz.id !== row.quizId) {
      quiz = { id: row.quizId, passingCriteria: row.passingCriteria, questions: [] };
      out.push(quiz);
    }
    if (!row.questionId) continue;
    let question = quiz.questions[quiz.questions.length - 1];
    if (!question || question.id !== row.questionId) {
      question = {
        id: row.questionId,
        type: row.questionType ?? 'single',
        explanation: row.explanation ?? null,
        options: [],
      };
      quiz.questions.push(question);
    }
    if (row.optionId) question.options.push({ id: row.optionId, isCorrect: row.isCorrect ?? false });
  }
  return out;
}
