// An entrant's answers on their way to the server: each choice is sent at once (the server keeps it
// with the time it arrived), one call at a time per question, the last choice winning over those
// made while a call was under way. No React here: the hook (use-answers.ts) gives it what to call.
import type { AnswerReceipt } from '../../../../contract/events';
import { ApiError } from '../../../lib/api-client';

/** What became of a question's answer, for the page to say. */
export type SaveState = 'saving' | 'saved' | 'failed' | 'late' | 'empty';

export interface AnswerQueueIo {
  send: (questionId: string, selected: number[]) => Promise<AnswerReceipt>;
  mark: (questionId: string, state: SaveState) => void;
  /** The server says the entry no longer takes answers (late, or refused): read it again. */
  closed: () => void;
}

export class AnswerQueue {
  private readonly inFlight = new Map<string, Promise<void>>();
  /** The choice made while a call for the question was under way; sent when it returns. */
  private readonly waiting = new Map<string, number[]>();

  constructor(private readonly io: AnswerQueueIo) {}

  /** Sends a choice, or keeps it until the question's call under way returns. */
  save(questionId: string, selected: number[]): void {
    if (this.inFlight.has(questionId)) {
      this.waiting.set(questionId, selected);
      return;
    }
    // An empty choice is not an answer: the server keeps the last one until there is another.
    if (selected.length === 0) this.io.mark(questionId, 'empty');
    else this.sendNow(questionId, selected);
  }

  /** Resolves once every answer on its way has its reply (those sent meanwhile too). */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight.values()]);
  }

  private sendNow(questionId: string, selected: number[]): void {
    this.io.mark(questionId, 'saving');
    const call = this.io
      .send(questionId, selected)
      .then(
        (receipt) => {
          this.io.mark(questionId, receipt.late ? 'late' : 'saved');
          // Late means the server has closed the entry: it is shown as the server has it.
          if (receipt.late) this.io.closed();
        },
        (error: unknown) => {
          this.io.mark(questionId, 'failed');
          if (error instanceof ApiError && error.status === 409) this.io.closed();
        },
      )
      .finally(() => {
        this.inFlight.delete(questionId);
        const next = this.waiting.get(questionId);
        this.waiting.delete(questionId);
        if (next) this.save(questionId, next);
      });
    this.inFlight.set(questionId, call);
  }
}
