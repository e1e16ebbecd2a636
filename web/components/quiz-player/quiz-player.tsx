// The quiz as the learner sees it: intro -> questions -> result. Presentational only: the caller
// gives the questions and decides the score (the public demo scores locally, a course quiz asks
// the server), so the same screens serve both. Its words are in the 'quiz' namespace.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
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

/** One question after submission, in the order of the questions. */
export interface QuizReview {
  questionId: string;
  correct: boolean;
  /** The ids of its correct options. */
  correctOptions: string[];
  /** Why, when the course explains it. */
  explanation?: string;
}

export interface QuizResult {
  /** Points scored; shown as "score of total" when total is given, else as a percentage. */
  score: number;
  total?: number;
  message: string;
  passed?: boolean;
  /** Each question right or wrong, with its correct options, shown under the score. */
  review?: QuizReview[];
  /** Not scored yet (answered without a network, scored when it reaches the server): only the message shows. */
  waiting?: boolean;
}

/** A text the player shows that can be read aloud: whose it is, its field, and the id of the element showing it. */
export interface QuizSpokenText {
  elementId: string;
  field: 'content' | 'explanation';
  textId: string;
}

/** The element ids of a question's and an option's text (read aloud highlights in them). */
const questionTextId = (questionId: string) => `quiz-text-${questionId}`;
const optionTextId = (questionId: string, optionId: string) => `quiz-text-${questionId}-${optionId}`;

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
  /** 1 when the quiz is the page's main content (its title is the page's h1), else 2. */
  headingLevel?: 1 | 2;
  /**
   * A Listen control for texts, read in order (a course's read aloud): beside a question (it and its
   * options), each option (`compact`) and each explanation. None by default.
   */
  listen?: (texts: QuizSpokenText[], size: 'full' | 'compact') => ReactNode;
}

type View = 'intro' | 'questions' | 'result';

const plain = (content: string) => content;

export function QuizPlayer({
  title,
  description,
  questions,
  onSubmit,
  renderContent = plain,
  onRetake,
  headingLevel = 2,
  listen,
}: QuizPlayerProps) {
  const { t } = useTranslation('quiz');
  // The quiz's title heads every view; each view's own heading sits one level under it.
  const Title = headingLevel === 1 ? 'h1' : 'h2';
  const Sub = headingLevel === 1 ? 'h2' : 'h3';
  // Asked before submitting with questions left unanswered.
  const [confirming, setConfirming] = useState(false);
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
    setConfirming(false);
    setView(nextView);
    setIndex(nextIndex);
  };

  const question = questions[index];
  const last = questions.length - 1;
  const answeredCount = questions.filter((q) => (answers[q.id]?.length ?? 0) > 0).length;
  const unanswered = questions.flatMap((q, i) => ((answers[q.id]?.length ?? 0) > 0 ? [] : [i]));

  const choose = (q: QuizQuestion, optionId: string) => {
    setAnswers((current) => {
      const chosen = current[q.id] ?? [];
      if (q.type === 'single') return { ...current, [q.id]: [optionId] };
      return {
        ...current,
        [q.id]: chosen.includes(optionId) ? chosen.filter((id) => id !== optionId) : [...chosen, optionId],
      };
    });
  };

  const submit = async () => {
    setConfirming(false);
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

  /** Submit, after asking when some questions have no answer (an unanswered question counts as wrong). */
  const trySubmit = () => {
    if (unanswered.length > 0) setConfirming(true);
    else void submit();
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
        <Title id="quiz-heading" ref={headingRef} tabIndex={-1} className="quiz-player__title">
          {title}
        </Title>
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
      result.total !== undefined
        ? t('score', { score: result.score, total: result.total })
        : t('scorePercent', { score: result.score });
    return (
      <section className="quiz-player" aria-labelledby="quiz-heading">
        <Title className="quiz-player__title quiz-player__title--small">{title}</Title>
        <Sub id="quiz-heading" ref={headingRef} tabIndex={-1} className="quiz-player__step">
          {t('resultTitle')}
        </Sub>
        {!result.waiting && (
          <p
            className={`quiz-player__score${result.passed === false ? ' quiz-player__score--low' : ''}`}
            data-testid="quiz-score"
          >
            {scoreText}
          </p>
        )}
        <p className="quiz-player__message" role={result.waiting ? 'status' : undefined}>
          {result.message}
        </p>
        <button type="button" className="btn" onClick={retake}>
          {t('retake')}
        </button>
        {result.review && result.review.length > 0 && (
          <QuizReviewList
            questions={questions}
            answers={answers}
            review={result.review}
            renderContent={renderContent}
            Heading={headingLevel === 1 ? 'h3' : 'h4'}
            listen={listen}
          />
        )}
      </section>
    );
  }

  const chosen = answers[question.id] ?? [];
  return (
    <section className="quiz-player" aria-labelledby="quiz-heading">
      <Title className="quiz-player__title quiz-player__title--small">{title}</Title>
      <ol
        className="quiz-player__progress"
        aria-label={t('progressLabel', { answered: answeredCount, total: questions.length })}
      >
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
      <Sub id="quiz-heading" ref={headingRef} tabIndex={-1} className="quiz-player__step">
        {t('questionOf', { number: index + 1, total: questions.length })}
      </Sub>
      <QuestionFields
        key={question.id}
        question={question}
        chosen={chosen}
        onChoose={(optionId) => choose(question, optionId)}
        renderContent={renderContent}
        listen={listen}
      />
      {failed && (
        <p className="quiz-player__error" role="alert">
          {failed}
        </p>
      )}
      <div className="quiz-player__nav">
        <button
          type="button"
          className="btn btn--ghost"
          disabled={index === 0}
          onClick={() => go('questions', index - 1)}
        >
          {t('previous')}
        </button>
        <button
          type="button"
          className="btn btn--ghost"
          disabled={index === last}
          onClick={() => go('questions', index + 1)}
        >
          {t('next')}
        </button>
        {index === last && (
          <button
            type="button"
            className="btn quiz-player__submit"
            disabled={submitting}
            aria-busy={submitting}
            onClick={trySubmit}
          >
            {submitting ? t('submitting') : t('submit')}
          </button>
        )}
      </div>
      {confirming && (
        <UnansweredConfirm
          unanswered={unanswered}
          onGoTo={(i) => go('questions', i)}
          onSubmit={() => void submit()}
          submitting={submitting}
        />
      )}
    </section>
  );
}

/**
 * Asked before submitting with questions left unanswered (an unanswered question counts as wrong):
 * go to the first of them, or submit anyway. It takes the focus when it appears.
 */
export function UnansweredConfirm({
  unanswered,
  onGoTo,
  onSubmit,
  submitting = false,
}: {
  /** The unanswered questions' places, from 0. */
  unanswered: number[];
  onGoTo: (index: number) => void;
  onSubmit: () => void;
  submitting?: boolean;
}) {
  const { t } = useTranslation('quiz');
  const ids = { title: useId(), text: useId() };
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  const first = unanswered[0] ?? 0;
  return (
    <div
      className="quiz-player__confirm"
      role="alertdialog"
      aria-labelledby={ids.title}
      aria-describedby={ids.text}
      tabIndex={-1}
      ref={ref}
    >
      <p id={ids.title} className="quiz-player__confirm-title">
        {t('unansweredTitle', { count: unanswered.length })}
      </p>
      <p id={ids.text}>{t('unansweredText', { questions: unanswered.map((i) => i + 1).join(', ') })}</p>
      <div className="quiz-player__nav">
        <button type="button" className="btn btn--ghost" onClick={() => onGoTo(first)}>
          {t('goToQuestion', { number: first + 1 })}
        </button>
        <button type="button" className="btn" disabled={submitting} onClick={onSubmit}>
          {t('submitAnyway')}
        </button>
      </div>
    </div>
  );
}

/**
 * One question as a group of radio buttons (one answer) or checkboxes (several), with what to do;
 * `onChoose` is told each option picked, and the caller keeps the choice.
 */
export function QuestionFields({
  question,
  chosen,
  onChoose,
  renderContent = plain,
  disabled = false,
  describedBy,
  listen,
}: {
  question: QuizQuestion;
  chosen: string[];
  onChoose: (optionId: string) => void;
  renderContent?: (content: string) => ReactNode;
  disabled?: boolean;
  /** An element that says more about the answer (its saving, say). */
  describedBy?: string;
  /** Listen controls beside the question and each option, as QuizPlayerProps['listen']. */
  listen?: QuizPlayerProps['listen'];
}) {
  const { t } = useTranslation('quiz');
  const inputType = question.type === 'single' ? 'radio' : 'checkbox';
  return (
    <fieldset className="quiz-player__question" disabled={disabled} aria-describedby={describedBy}>
      <legend className="quiz-player__legend">
        <span id={questionTextId(question.id)}>{renderContent(question.content)}</span>
      </legend>
      {listen?.(
        [
          { elementId: question.id, field: 'content', textId: questionTextId(question.id) },
          ...question.options.map((option) => ({
            elementId: option.id,
            field: 'content' as const,
            textId: optionTextId(question.id, option.id),
          })),
        ],
        'full',
      )}
      <p className="quiz-player__hint">{question.type === 'single' ? t('chooseOne') : t('chooseMany')}</p>
      <div className="quiz-player__options">
        {question.options.map((option) => {
          const id = `quiz-${question.id}-${option.id}`;
          const checked = chosen.includes(option.id);
          const label = (
            <label
              key={option.id}
              htmlFor={id}
              className={`quiz-player__option${checked ? ' quiz-player__option--checked' : ''}`}
            >
              <input
                id={id}
                type={inputType}
                name={`quiz-${question.id}`}
                value={option.id}
                checked={checked}
                onChange={() => onChoose(option.id)}
              />
              <span id={optionTextId(question.id, option.id)}>{renderContent(option.content)}</span>
            </label>
          );
          if (!listen) return label;
          // The option's own Listen sits beside its label, never inside it (a label holds one control).
          return (
            <div key={option.id} className="quiz-player__option-row">
              {label}
              {listen(
                [{ elementId: option.id, field: 'content', textId: optionTextId(question.id, option.id) }],
                'compact',
              )}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

/** Every question after submission: right or wrong, the learner's answer, the right one, and why. */
export function QuizReviewList({
  questions,
  answers,
  review,
  renderContent = plain,
  Heading,
  listen,
}: {
  questions: QuizQuestion[];
  answers: QuizAnswers;
  review: QuizReview[];
  renderContent?: (content: string) => ReactNode;
  Heading: 'h3' | 'h4';
  listen?: QuizPlayerProps['listen'];
}) {
  const { t } = useTranslation('quiz');
  const byId = new Map(review.map((item) => [item.questionId, item]));
  const optionText = (question: QuizQuestion, ids: string[]) =>
    question.options
      .filter((option) => ids.includes(option.id))
      .map((option) => <li key={option.id}>{renderContent(option.content)}</li>);
  return (
    <ol className="quiz-review" aria-label={t('reviewTitle')}>
      {questions.map((question, i) => {
        const item = byId.get(question.id);
        if (!item) return null;
        const chosen = answers[question.id] ?? [];
        return (
          <li
            key={question.id}
            className={`quiz-review__item${item.correct ? ' quiz-review__item--right' : ' quiz-review__item--wrong'}`}
            data-testid="quiz-review-item"
          >
            <Heading className="quiz-review__question">
              <span className="quiz-review__number">{t('questionNumber', { number: i + 1 })}</span>{' '}
              {renderContent(question.content)}
            </Heading>
            <p className="quiz-review__verdict">
              <span aria-hidden="true">{item.correct ? '✓ ' : '✗ '}</span>
              {item.correct ? t('right') : t('wrong')}
            </p>
            <div className="quiz-review__answers">
              <p className="quiz-review__label">{t('yourAnswer')}</p>
              {chosen.length > 0 ? <ul>{optionText(question, chosen)}</ul> : <p>{t('noAnswer')}</p>}
              {!item.correct && (
                <>
                  <p className="quiz-review__label">{t('correctAnswer')}</p>
                  <ul data-testid="quiz-review-correct">{optionText(question, item.correctOptions)}</ul>
                </>
              )}
            </div>
            {item.explanation && (
              <>
                <p className="quiz-review__explanation" id={`quiz-explanation-${question.id}`}>
                  {item.explanation}
                </p>
                {listen?.(
                  [{ elementId: question.id, field: 'explanation', textId: `quiz-explanation-${question.id}` }],
                  'full',
                )}
              </>
            )}
          </li>
        );
      })}
    </ol>
  );
}
