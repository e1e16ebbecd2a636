// The outbox and the network as the views see them: whether the phone is online, what waits to be
// sent, what the server refused and the quizzes it scored (kept sealed: outbox.ts), and a change
// sent to the server when it can be reached, else kept in the outbox.
import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { learningKeys } from '../course/keys';
import { isNetworkFailure } from './learner-state';
import { enqueue, hasWaiting, isOnline, onOutboxChange, readOutbox, startFlusher } from './outbox';
import { emptyOutbox, type EventInput, type OutboxState } from './outbox-rules';
import type { OutboxEvent } from '../../../contract/outbox';

function subscribeOnline(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser says it has a network (a server render: yes). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

// One reading of the outbox for all the views of the page, read again whenever it changes.
const EMPTY = emptyOutbox();
let current: OutboxState = EMPTY;
const viewers = new Set<() => void>();
let stopListening: (() => void) | null = null;

function readAgain() {
  void readOutbox().then((next) => {
    current = next;
    viewers.forEach((viewer) => viewer());
  });
}

function watchOutbox(viewer: () => void) {
  viewers.add(viewer);
  if (!stopListening) {
    stopListening = onOutboxChange(readAgain);
    readAgain();
  }
  return () => {
    viewers.delete(viewer);
    if (viewers.size === 0) {
      stopListening?.();
      stopListening = null;
    }
  };
}

/** The outbox as it is now, read again whenever it changes (in this tab or another). */
export function useOutbox(): OutboxState {
  return useSyncExternalStore(
    watchOutbox,
    () => current,
    () => EMPTY,
  );
}

/**
 * Starts sending the outbox (at once, on `online`, when shown, every minute), and reads the
 * learner's progress and journals again each time the server has applied some of it.
 */
export function useOutboxSender(): void {
  const client = useQueryClient();
  useEffect(() => {
    startFlusher();
    return onOutboxChange((change) => {
      if (change !== 'sent') return;
      void client.invalidateQueries({ queryKey: learningKeys.allProgress });
      void client.invalidateQueries({ queryKey: learningKeys.allProgressLists });
      void client.invalidateQueries({ queryKey: ['journal'] });
    });
  }, [client]);
}

export type SentOrKept<T> = { sent: T; kept?: undefined } | { kept: OutboxEvent; sent?: undefined };

/**
 * A learner's change: sent now when the network allows and nothing older waits (changes arrive in
 * the order made), else kept in the outbox as an event, sent when the network returns.
 */
export async function sendOrKeep<T>(send: () => Promise<T>, event: EventInput): Promise<SentOrKept<T>> {
  if (!isOnline() || (await hasWaiting())) return { kept: await enqueue(event) };
  try {
    return { sent: await send() };
  } catch (error) {
    if (isNetworkFailure(error)) return { kept: await enqueue(event) };
    throw error;
  }
}
