// An entrant's answers as they choose them: each choice is sent at once (the server keeps it with
// the time it arrived), one call at a time per question, the last choice winning; what became of
// each is kept for the page to say (saving, saved, not sent, late).
import { useCallback, useRef, useState } from 'react';
import type { AnswerReceipt, EntryView } from '../../../../contract/events';
import { ApiError } from '../../../lib/api-client';

export type SaveState = 'saving' | 'saved' | 'failed' | 'late' | 'empty';
type Question = EntryView['questions'][number];

/** The options chosen after a tap: one answer replaces, several answers toggle. */
export function nextChoice(question: Pick<Question, 'type'>, chosen: number[], option: number): number[] {
  if (question.type === 'single') return [option];
  return chosen.includes(option) ? chosen.filter((id) => id !== option) : [...chosen, option].sort((a, b) => a - b);
}

/** Where each question stands when the quiz appears: what counts, and any late answer. */
function initialSaves(entry: EntryView): Record<string, SaveState> {
  return Object.fromEntries(
    entry.questions.flatMap((q): [string, SaveState][] =>
      q.lateAnswer ? [[q.id, 'late']] : q.selected ? [[q.id, 'saved']] : [],
    ),
  );
}

export function useAnswers(
  entry: EntryView,
  send: (questionId: string, selected: number[]) => Promise<AnswerReceipt>,
  /** The server says the entry no longer takes answers: read it again. */
  onClosed: () => void,
) {
  const [chosen, setChosen] = useState<Record<string, number[]>>(() =>
    Object.fromEntries(entry.questions.map((q) => [q.id, q.selected ?? []])),
  );
  const [saves, setSaves] = useState<Record<string, SaveState>>(() => initialSaves(entry));
  const inFlight = useRef(new Map<string, Promise<void>>());
  const waiting = useRef(new Map<string, number[]>());
  const mark = (questionId: string, state: SaveState) => setSaves((current) => ({ ...current, [questionId]: state }));

  const sendNow = useCallback(
    (questionId: string, selected: number[]) => {
      mark(questionId, 'saving');
      const call: Promise<void> = send(questionId, selected)
        .then(
          (receipt) => {
            mark(questionId, receipt.late ? 'late' : 'saved');
            // Late means the server has closed the entry: it is shown as the server has it.
            if (receipt.late) onClosed();
          },
          (error: unknown) => {
            mark(questionId, 'failed');
            if (error instanceof ApiError && error.status === 409) onClosed();
          },
        )
        .finally(() => {
          inFlight.current.delete(questionId);
          const next = waiting.current.get(questionId);
          waiting.current.delete(questionId);
          if (next?.length) sendNow(questionId, next);
          else if (next) mark(questionId, 'empty');
        });
      inFlight.current.set(questionId, call);
    },
    [send, onClosed],
  );

  const save = useCallback(
    (questionId: string, selected: number[]) => {
      // An empty choice is not an answer: the server keeps the last one until there is another.
      if (selected.length === 0) {
        if (inFlight.current.has(questionId)) waiting.current.set(questionId, []);
        else mark(questionId, 'empty');
        return;
      }
      if (inFlight.current.has(questionId)) {
        waiting.current.set(questionId, selected);
        return;
      }
      sendNow(questionId, selected);
    },
    [sendNow],
  );

  const choose = (question: Question, option: number) => {
    const next = nextChoice(question, chosen[question.id] ?? [], option);
    setChosen((current) => ({ ...current, [question.id]: next }));
    save(question.id, next);
  };

  /** Resolves once every answer on its way has its reply (those sent meanwhile too). */
  const settled = async () => {
    while (inFlight.current.size > 0) await Promise.allSettled([...inFlight.current.values()]);
  };

  return {
    chosen,
    saves,
    choose,
    retry: (questionId: string) => save(questionId, chosen[questionId] ?? []),
    settled,
  };
}
