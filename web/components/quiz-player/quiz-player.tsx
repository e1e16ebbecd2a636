// The quiz as the learner sees it: intro -> questions -> result. Presentational only: the caller
// gives the questions and decides the score (the public demo scores locally, a course quiz asks
// the server), so the same screens serve both. Its words are in the 'quiz' namespace.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import './quiz-player.css';

export interface QuizOption {
  id: string;
  content: string;
}

export interface QuizQuestion {
  id: string;
  content: string;
  type: 'single' | 'multi';
  options: QuizOption[];
}

/** Chosen option ids per question id. */
export type QuizAnswers = Record<string, string[]>;

export interface QuizResult {
  /** Points scored; shown as "score of total" when total is given, else as a percentage. */
  score: number;
  total?: number;
  message: string;
  passed?: boolean;
}

export interface QuizPlayerProps {
  title: string;
  /** Shown on the intro view above the Start button. */
  description?: ReactNode;
  questions: QuizQuestion[];
  onSubmit: (answers: QuizAnswers) => Promise<QuizResult>;
  /** Renders question and option text; plain text by default (a course quiz may pass sanitised HTML). */
  renderContent?: (content: string) => ReactNode;
  /** Told when the learner starts again, e.g. to reset server state. */
  onRetake?: () => void;
}

type View = 'intro' | 'questions' | 'result';

const plain = (content: string) => content;

export function QuizPlayer({ title, description, questions, onSubmit, renderContent = plain, onRetake }: QuizPlayerProps) {
  const { t } = useTranslation('quiz');
  const [view, setView] = useState<View>('intro');
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<QuizAnswers>({});
  const [result, setResult] = useState<QuizResult>();
  const [submitting, setSubmitting] = useState(false);
  // The reason a submission failed (the server's message when the caller gives one); answers are kept.
  const [failed, setFailed] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // After the learner moves (start, next, previous, submit, retake) the new view's heading takes
  // the focus, so a screen reader announces it and Tab continues from the top of the new content.
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [view, index]);

  const go = (nextView: View, nextIndex = 0) => {
    moved.current = true;
    setView(nextView);
    setIndex(nextIndex);
  };

  const question = questions[index];
  const last = questions.length - 1;
  const answeredCount = questions.filter((q) => (answers[q.id]?.length ?? 0) > 0).length;

  const choose = (q: QuizQuestion, optionId: string) => {
    setAnswers((current) => {
      const chosen = current[q.id] ?? [];
      if (q.type === 'single') return { ...current, [q.id]: [optionId] };
      return { ...current, [q.id]: chosen.includes(optionId) ? chosen.filter((id) => id !== optionId) : [...chosen, optionId] };
    });
  };

  const submit = async () => {
    setSubmitting(true);
    setFailed(null);
    try {
      const outcome = await onSubmit(answers);
      setResult(outcome);
      go('result');
    } catch (error) {
      setFailed(error instanceof Error && error.message ? error.message : t('submitFailed'));
    } finally {
      setSubmitting(false);
    }
  };

  const retake = () => {
    setAnswers({});
    setResult(undefined);
    setFailed(null);
    onRetake?.();
    go('intro');
  };

  if (view === 'intro' || !question) {
    return (
      <section className="quiz-player" aria-labelledby="quiz-heading">
        <h2 id="quiz-heading" ref={headingRef} tabIndex={-1} className="quiz-player__title">
          {title}
        </h2>
        {description && <div className="quiz-player__description">{description}</div>}
        <p className="quiz-player__count">{t('questionCount', { count: questions.length })}</p>
        <button type="button" className="btn" disabled={questions.length === 0} onClick={() => go('questions', 0)}>
          {t('start')}
        </button>
      </section>
    );
  }

  if (view === 'result' && result) {
    const scoreText =
      result.total !== undefined ? t('score', { score: result.score, total: result.total }) : t('scorePercent', { score: result.score });
    return (
      <section className="quiz-player" aria-labelledby="quiz-heading">
        <h2 id="quiz-heading" ref={headingRef} tabIndex={-1} className="quiz-player__title">
          {t('resultTitle')}
        </h2>
        <p className={`quiz-player__score${result.passed === false ? ' quiz-player__score--low' : ''}`} data-testid="quiz-score">
          {scoreText}
        </p>
        <p className="quiz-player__message">{result.message}</p>
        <button type="button" className="btn" onClick={retake}>
          {t('retake')}
        </button>
      </section>
    );
  }

  const chosen = answers[question.id] ?? [];
  const inputType = question.type === 'single' ? 'radio' : 'checkbox';
  return (
    <section className="quiz-player" aria-labelledby="quiz-heading">
      <ol className="quiz-player__progress" aria-label={t('progressLabel', { answered: answeredCount, total: questions.length })}>
        {questions.map((q, i) => {
          const answered = (answers[q.id]?.length ?? 0) > 0;
          const state = i === index ? t('current') : answered ? t('answered') : t('notAnswered');
          return (
            <li
              key={q.id}
              className={`quiz-player__dot${answered ? ' quiz-player__dot--answered' : ''}${i === index ? ' quiz-player__dot--current' : ''}`}
              aria-current={i === index ? 'step' : undefined}
            >
              <span aria-hidden="true">{i + 1}</span>
              <span className="visually-hidden">{t('dotLabel', { number: i + 1, state })}</span>
            </li>
          );
        })}
      </ol>
      <h2 id="quiz-heading" ref={headingRef} tabIndex={-1} className="quiz-player__step">
        {t('questionOf', { number: index + 1, total: questions.length })}
      </h2>
      <fieldset className="quiz-player__question" key={question.id}>
        <legend className="quiz-player__legend">{renderContent(question.content)}</legend>
        <p className="quiz-player__hint">{question.type === 'single' ? t('chooseOne') : t('chooseMany')}</p>
        <div className="quiz-player__options">
          {question.options.map((option) => {
            const id = `quiz-${question.id}-${option.id}`;
            const checked = chosen.includes(option.id);
            return (
              <label key={option.id} htmlFor={id} className={`quiz-player__option${checked ? ' quiz-player__option--checked' : ''}`}>
                <input
                  id={id}
                  type={inputType}
                  name={`quiz-${question.id}`}
                  value={option.id}
                  checked={checked}
                  onChange={() => choose(question, option.id)}
                />
                <span>{renderContent(option.content)}</span>
              </label>
            );
          })}
        </div>
      </fieldset>
      {failed && (
        <p className="quiz-player__error" role="alert">
          {failed}
        </p>
      )}
      <div className="quiz-player__nav">
        <button type="button" className="btn btn--ghost" disabled={index === 0} onClick={() => go('questions', index - 1)}>
          {t('previous')}
        </button>
        <button type="button" className="btn btn--ghost" disabled={index === last} onClick={() => go('questions', index + 1)}>
          {t('next')}
        </button>
        {index === last && (
          <button type="button" className="btn quiz-player__submit" disabled={submitting} onClick={() => void submit()}>
            {submitting ? t('submitting') : t('submit')}
          </button>
        )}
      </div>
    </section>
  );
}
