// The public sample quiz: five fixed cyber-safety questions (static sample content, not product
// data), scored here in the browser. Course quizzes use the same player with server scoring.
import { useMemo } from 'react';
import { useTranslation } from '../../../i18n/react';
import {
  QuizPlayer,
  type QuizAnswers,
  type QuizQuestion,
  type QuizResult,
} from '../../../components/quiz-player/quiz-player';

interface SampleQuestion {
  id: string;
  type: 'single' | 'multi';
  options: string[];
  correct: string[];
}

// Question and option text live in the 'quiz-demo' namespace under these ids.
const SAMPLE: SampleQuestion[] = [
  { id: 'q1', type: 'single', options: ['a', 'b', 'c'], correct: ['b'] },
  { id: 'q2', type: 'multi', options: ['a', 'b', 'c', 'd'], correct: ['a', 'b', 'c'] },
  { id: 'q3', type: 'single', options: ['a', 'b', 'c'], correct: ['b'] },
  { id: 'q4', type: 'single', options: ['a', 'b', 'c'], correct: ['c'] },
  { id: 'q5', type: 'multi', options: ['a', 'b', 'c', 'd'], correct: ['a', 'b'] },
];

/** A question counts when exactly its correct options are chosen. */
function isRight(q: SampleQuestion, answers: QuizAnswers): boolean {
  const chosen = [...(answers[q.id] ?? [])].sort();
  return chosen.length === q.correct.length && chosen.every((id, i) => id === q.correct[i]);
}

export function scoreSample(answers: QuizAnswers): number {
  return SAMPLE.filter((q) => isRight(q, answers)).length;
}

/** `headingLevel` 1 where the quiz is the page's main content (a learning view). */
export function QuizDemo({ headingLevel = 2 }: { headingLevel?: 1 | 2 } = {}) {
  const { t, i18n } = useTranslation('quiz-demo');
  const questions = useMemo<QuizQuestion[]>(
    () =>
      SAMPLE.map((q) => ({
        id: q.id,
        type: q.type,
        content: t(`questions.${q.id}.content`),
        options: q.options.map((o) => ({ id: o, content: t(`questions.${q.id}.options.${o}`) })),
      })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- t is bound to the language, but list the language too so a switch always rebuilds the text.
    [t, i18n.language],
  );

  const submit = async (answers: QuizAnswers): Promise<QuizResult> => {
    const score = scoreSample(answers);
    const total = SAMPLE.length;
    const message = score === total ? t('messages.perfect') : score >= 3 ? t('messages.good') : t('messages.tryAgain');
    const review = SAMPLE.map((q) => ({ questionId: q.id, correct: isRight(q, answers), correctOptions: q.correct }));
    return { score, total, message, passed: score >= 3, review };
  };

  return (
    <QuizPlayer
      title={t('quizTitle')}
      description={<p>{t('description')}</p>}
      questions={questions}
      onSubmit={submit}
      headingLevel={headingLevel}
    />
  );
}
