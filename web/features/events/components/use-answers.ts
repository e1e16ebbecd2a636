// An entrant's answers as they choose them: what is chosen on the page, and what became of each
// answer sent (saving, saved, not sent, late), for the page to say. The sending is answer-queue.ts.
import { useEffect, useRef, useState } from 'react';
import type { AnswerReceipt, EntryView } from '../../../../contract/events';
import { AnswerQueue, type SaveState } from './answer-queue';

type Question = EntryView['questions'][number];

/** The options chosen after a tap: one answer replaces, several answers toggle. */
export function nextChoice(question: Pick<Question, 'type'>, chosen: number[], option: number): number[] {
  if (question.type === 'single') return [option];
  return chosen.includes(option) ? chosen.filter((id) => id !== option) : [...chosen, option].sort((a, b) => a - b);
}

/** Where each question stands when the quiz appears: what counts, and any late answer. */
export function initialSaves(entry: Pick<EntryView, 'questions'>): Record<string, SaveState> {
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
  // The queue outlives renders, made at the first choice (in a handler); it calls whatever send and
  // onClosed the latest render gave.
  const latest = useRef({ send, onClosed });
  useEffect(() => {
    latest.current = { send, onClosed };
  });
  const queueRef = useRef<AnswerQueue | null>(null);
  const queue = () =>
    (queueRef.current ??= new AnswerQueue({
      send: (questionId, selected) => latest.current.send(questionId, selected),
      mark: (questionId, state) => setSaves((current) => ({ ...current, [questionId]: state })),
      closed: () => latest.current.onClosed(),
    }));

  const choose = (question: Question, option: number) => {
    const next = nextChoice(question, chosen[question.id] ?? [], option);
    setChosen((current) => ({ ...current, [question.id]: next }));
    queue().save(question.id, next);
  };

  return {
    chosen,
    saves,
    choose,
    retry: (questionId: string) => queue().save(questionId, chosen[questionId] ?? []),
    settled: () => queue().settled(),
  };
}
