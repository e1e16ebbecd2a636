// The answers on their way: one call at a time per question, the last choice winning, what became of
// each said, and the entry read again when the server says it no longer takes answers.
import { describe, expect, it } from 'vitest';
import type { AnswerReceipt } from '../../../../contract/events';
import { ApiError } from '../../../lib/api-client';
import { AnswerQueue, type SaveState } from './answer-queue';
import { initialSaves, nextChoice } from './use-answers';

interface Call {
  questionId: string;
  selected: number[];
  answer: (receipt: Partial<AnswerReceipt>) => void;
  fail: (error: unknown) => void;
}

/** A queue whose calls wait until the test answers them. */
function queue() {
  const calls: Call[] = [];
  const states: [string, SaveState][] = [];
  let closed = 0;
  const q = new AnswerQueue({
    send: (questionId, selected) =>
      new Promise<AnswerReceipt>((resolve, reject) =>
        calls.push({
          questionId,
          selected,
          answer: (receipt) => resolve({ questionId, late: false, receivedAt: '', remainingSeconds: 10, ...receipt }),
          fail: reject,
        }),
      ),
    mark: (questionId, state) => states.push([questionId, state]),
    closed: () => closed++,
  });
  return { q, calls, states, closed: () => closed };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the answer queue', () => {
  it('sends a choice at once and says when it is saved', async () => {
    const { q, calls, states } = queue();
    q.save('a', [2]);
    expect(calls.map((c) => [c.questionId, c.selected])).toEqual([['a', [2]]]);
    expect(states).toEqual([['a', 'saving']]);
    calls[0]!.answer({});
    await q.settled();
    expect(states.at(-1)).toEqual(['a', 'saved']);
  });

  it('keeps one call per question under way and sends only the last choice made meanwhile', async () => {
    const { q, calls, states } = queue();
    q.save('a', [0]);
    q.save('a', [1]);
    q.save('a', [3]);
    // Another question is not held up by the first.
    q.save('b', [2]);
    expect(calls.map((c) => [c.questionId, c.selected])).toEqual([
      ['a', [0]],
      ['b', [2]],
    ]);
    calls[0]!.answer({});
    await tick();
    expect(calls.map((c) => [c.questionId, c.selected])).toEqual([
      ['a', [0]],
      ['b', [2]],
      ['a', [3]],
    ]);
    const settled = q.settled();
    calls[1]!.answer({});
    calls[2]!.answer({});
    await settled;
    expect(states.filter(([id]) => id === 'a').map(([, s]) => s)).toEqual(['saving', 'saved', 'saving', 'saved']);
  });

  it('sends nothing for an empty choice, and says the last saved answer still counts', async () => {
    const { q, calls, states } = queue();
    q.save('a', []);
    expect(calls).toEqual([]);
    expect(states).toEqual([['a', 'empty']]);
    // Emptied while a call was under way: nothing more is sent after it.
    q.save('a', [1]);
    q.save('a', []);
    calls[0]!.answer({});
    await q.settled();
    expect(calls).toHaveLength(1);
    expect(states.at(-1)).toEqual(['a', 'empty']);
  });

  it('says an answer the server received late, and has the entry read again', async () => {
    const { q, calls, states, closed } = queue();
    q.save('a', [1]);
    calls[0]!.answer({ late: true });
    await q.settled();
    expect(states.at(-1)).toEqual(['a', 'late']);
    expect(closed()).toBe(1);
  });

  it('says an answer that did not go, for a retry; a refusal of the entry (409) has it read again', async () => {
    const { q, calls, states, closed } = queue();
    q.save('a', [1]);
    calls[0]!.fail(new ApiError(0, 'offline'));
    await q.settled();
    expect(states.at(-1)).toEqual(['a', 'failed']);
    expect(closed()).toBe(0);
    q.save('a', [1]);
    calls[1]!.fail(new ApiError(409, 'closed', { code: 'eventEntryNotOpen' }));
    await q.settled();
    expect(states.at(-1)).toEqual(['a', 'failed']);
    expect(closed()).toBe(1);
  });

  it('is settled only once the answers sent while waiting have their replies too', async () => {
    const { q, calls } = queue();
    q.save('a', [0]);
    q.save('a', [1]);
    let done = false;
    void q.settled().then(() => (done = true));
    calls[0]!.answer({});
    await tick();
    expect(done).toBe(false);
    calls[1]!.answer({});
    await tick();
    await tick();
    expect(done).toBe(true);
  });
});

describe('a choice and where the questions stand', () => {
  it('replaces the one answer, and toggles one of several in order', () => {
    expect(nextChoice({ type: 'single' }, [1], 3)).toEqual([3]);
    expect(nextChoice({ type: 'multi' }, [3], 1)).toEqual([1, 3]);
    expect(nextChoice({ type: 'multi' }, [1, 3], 3)).toEqual([1]);
  });

  it('starts from what the server counts and any late answer', () => {
    const question = (id: string, selected: number[] | null, lateAnswer: boolean) => ({
      id,
      type: 'single' as const,
      content: '',
      options: [],
      selected,
      lateAnswer,
    });
    expect(
      initialSaves({ questions: [question('a', [1], false), question('b', null, true), question('c', null, false)] }),
    ).toEqual({ a: 'saved', b: 'late' });
  });
});
