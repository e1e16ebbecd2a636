// A running entry: its questions in the order the server dealt them, one at a time, each answer sent
// as it is chosen; the time left from the server's deadline; Submit, and the entry sent by itself
// when the time is up. The server is the judge: an answer after the deadline and its grace is kept as
// late, and an entry the server closed is shown as the server has it.
import { useEffect, useId, useRef, useState } from 'react';
import type { EntryView } from '../../../../contract/events';
import { QuestionFields, UnansweredConfirm, type QuizQuestion } from '../../../components/quiz-player/quiz-player';
import { useTranslation } from '../../../i18n/react';
import { localMessage } from '../../../i18n/server-messages';
import { ApiError } from '../../../lib/api-client';
import type { useEntryCalls } from '../api/entry';
import { deadlineOnPhone } from './entry-clock';
import { EntryTimer } from './entry-timer';
import type { SaveState } from './answer-queue';
import { useAnswers } from './use-answers';

type Calls = ReturnType<typeof useEntryCalls>;

/** The entry's questions as the quiz's fields take them (an option's id as text). */
export function quizQuestions(entry: EntryView): QuizQuestion[] {
  return entry.questions.map((q) => ({
    id: q.id,
    type: q.type,
    content: q.content,
    options: q.options.map((o) => ({ id: String(o.id), content: o.content })),
  }));
}

/** Tries to send a finished entry a few times over a network that drops, then lets the server say. */
const SUBMIT_TRIES = 3;
const SUBMIT_RETRY_MS = 2_000;

function SaveNote({ id, state, onRetry }: { id: string; state: SaveState | undefined; onRetry: () => void }) {
  const { t } = useTranslation('events');
  return (
    <div className={`event-save${state ? ` event-save--${state}` : ''}`}>
      <p id={id} role="status" className="event-save__text">
        {state ? t(`save.${state}`) : ''}
      </p>
      {state === 'failed' && (
        <button type="button" className="btn btn--ghost" onClick={onRetry}>
          {t('save.retry')}
        </button>
      )}
    </div>
  );
}

export function EventQuiz({ entry, offsetMs, calls }: { entry: EntryView; offsetMs: number; calls: Calls }) {
  const { t } = useTranslation('events');
  const { t: tq } = useTranslation('quiz');
  const questions = quizQuestions(entry);
  const answers = useAnswers(entry, calls.answer, () => void calls.refresh());
  const answered = (id: string) => (answers.chosen[id]?.length ?? 0) > 0;
  const [index, setIndex] = useState(() =>
    Math.max(
      0,
      questions.findIndex((q) => !answered(q.id)),
    ),
  );
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState<'manual' | 'timeUp' | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const finishing = useRef(false);
  const statusId = useId();
  const deadline = deadlineOnPhone(entry.deadline, offsetMs);

  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [index]);

  const go = (next: number) => {
    moved.current = true;
    setConfirming(false);
    setIndex(next);
  };

  /** Sends the entry once the answers on their way have arrived; the server's answer replaces the quiz. */
  const finish = async (why: 'manual' | 'timeUp') => {
    if (finishing.current) return;
    finishing.current = true;
    setConfirming(false);
    setSending(why);
    setFailed(null);
    await answers.settled();
    for (let attempt = 1; ; attempt++) {
      try {
        await calls.submit();
        return;
      } catch (error) {
        // Closed by the server at its deadline, or no longer open: the entry as the server has it.
        if (error instanceof ApiError && error.status === 409) return void calls.refresh();
        const offline = error instanceof ApiError && error.code === 'network';
        if (why === 'timeUp' && offline && attempt < SUBMIT_TRIES) {
          await new Promise((resolve) => window.setTimeout(resolve, SUBMIT_RETRY_MS));
          continue;
        }
        finishing.current = false;
        setSending(null);
        setFailed(error instanceof ApiError && !offline ? localMessage(error) : tq('submitFailed'));
        // Past the deadline the server closes the entry itself: reading it again shows it so.
        if (why === 'timeUp') void calls.refresh();
        return;
      }
    }
  };

  const unanswered = questions.flatMap((q, i) => (answered(q.id) ? [] : [i]));
  const question = questions[index];
  const view = entry.questions[index];
  if (!question || !view) return null;
  const timeUp = sending === 'timeUp';

  return (
    <section className="event-quiz" aria-labelledby="event-quiz-title">
      <div className="event-quiz__bar">
        {deadline !== null && <EntryTimer deadlineMs={deadline} onTimeUp={() => void finish('timeUp')} />}
        <p className="event-quiz__count">
          {t('quiz.answered', { answered: questions.length - unanswered.length, total: questions.length })}
        </p>
      </div>
      <p className="event-quiz__entry">{t('entryNumber', { number: entry.number })}</p>
      {timeUp && (
        <p className="event-quiz__time-up" role="alert">
          {t('quiz.timeUp')}
        </p>
      )}
      <h2 id="event-quiz-title" ref={heading} tabIndex={-1} className="event-quiz__step">
        {tq('questionOf', { number: index + 1, total: questions.length })}
      </h2>
      <QuestionFields
        key={question.id}
        question={question}
        chosen={(answers.chosen[question.id] ?? []).map(String)}
        onChoose={(option) => answers.choose(view, Number(option))}
        disabled={sending !== null}
        describedBy={statusId}
      />
      <SaveNote id={statusId} state={answers.saves[question.id]} onRetry={() => answers.retry(question.id)} />
      <div className="quiz-player__nav">
        <button type="button" className="btn btn--ghost" disabled={index === 0} onClick={() => go(index - 1)}>
          {tq('previous')}
        </button>
        <button
          type="button"
          className="btn btn--ghost"
          disabled={index === questions.length - 1}
          onClick={() => go(index + 1)}
        >
          {tq('next')}
        </button>
      </div>
      <nav className="event-quiz__jump" aria-label={t('quiz.jump')}>
        <ol>
          {questions.map((q, i) => {
            const state = i === index ? tq('current') : answered(q.id) ? tq('answered') : tq('notAnswered');
            return (
              <li key={q.id}>
                <button
                  type="button"
                  className={`event-quiz__number${answered(q.id) ? ' event-quiz__number--answered' : ''}`}
                  aria-current={i === index ? 'step' : undefined}
                  aria-label={tq('dotLabel', { number: i + 1, state })}
                  onClick={() => go(i)}
                >
                  {i + 1}
                </button>
              </li>
            );
          })}
        </ol>
      </nav>
      <div className="event-quiz__finish">
        <p>{t('quiz.finishHint')}</p>
        {failed && (
          <p className="form-error" role="alert">
            {failed}
          </p>
        )}
        <button
          type="button"
          className="btn"
          disabled={sending !== null}
          aria-busy={sending !== null || undefined}
          onClick={() => (unanswered.length > 0 ? setConfirming(true) : void finish('manual'))}
        >
          {sending !== null && <span className="spinner" aria-hidden="true" />}
          {sending !== null ? tq('submitting') : t('quiz.submit')}
        </button>
        {confirming && (
          <UnansweredConfirm
            unanswered={unanswered}
            onGoTo={go}
            onSubmit={() => void finish('manual')}
            submitting={sending !== null}
          />
        )}
      </div>
    </section>
  );
}
