// The phone's outbox (ADR 42): the changes a learner makes without a network, kept sealed on the
// phone (sealed-store.ts) and sent to POST /api/outbox when the app starts, when the network
// returns, when the page is shown again and every minute while online; in batches, oldest first.
// Each answer is settled on its own (outbox-rules.ts): applied and already applied leave the outbox,
// a refusal is kept for the learner to see, a 401 keeps everything until they sign in again. One
// tab sends at a time (Web Locks); every change is made under a lock, so tabs do not lose each
// other's events; tabs hear of each other's changes through a BroadcastChannel.
import { api, ApiError } from '../api-client';
import { claimFor, isNetworkFailure, keptOwner } from './learner-state';
import { addEvent, emptyOutbox, makeEvent, nextBatch, settle, type EventInput, type OutboxState } from './outbox-rules';
import {
  OUTBOX_WAITING_FLAG,
  readSealed,
  sealedStoreSupported,
  wipeSealed,
  withLock,
  writeSealed,
} from './sealed-store';
import type { OutboxEvent } from '../../../contract/outbox';
import type { ErrorResponse } from '../../../contract/message-responses';

const OUTBOX = 'outbox';
const WRITE_LOCK = 'jgk-outbox-write';
const SEND_LOCK = 'jgk-outbox-send';
const CHANNEL = 'jgk-outbox';
/** How often the outbox is sent while the app is open and online. */
const EVERY = 60_000;

/** Whether the browser says it has a network (where there is no browser: yes). */
export const isOnline = () => typeof navigator === 'undefined' || navigator.onLine;

export type OutboxChange = 'changed' | 'sent';
type Listener = (change: OutboxChange) => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null = null;

function tell(change: OutboxChange, fromOtherTab = false) {
  listeners.forEach((listener) => listener(change));
  if (!fromOtherTab) channel?.postMessage(change);
}

/** Called when the outbox changes (here or in another tab); `sent` when the server applied some of it. */
export function onOutboxChange(listener: Listener): () => void {
  if (!channel && typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (message: MessageEvent<OutboxChange>) => tell(message.data, true);
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function readOutbox(): Promise<OutboxState> {
  if (!sealedStoreSupported()) return emptyOutbox();
  try {
    return (await readSealed<OutboxState>(OUTBOX)) ?? emptyOutbox();
  } catch {
    return emptyOutbox();
  }
}

async function changeOutbox(change: (state: OutboxState) => OutboxState): Promise<void> {
  await withLock(WRITE_LOCK, async () => {
    const next = change(await readOutbox());
    await writeSealed(OUTBOX, next);
    // Only that changes wait (no content): the app's start sends them from any page (service-worker.ts).
    try {
      if (next.waiting.length > 0) localStorage.setItem(OUTBOX_WAITING_FLAG, '1');
      else localStorage.removeItem(OUTBOX_WAITING_FLAG);
    } catch {
      // No storage: the learning views and saved courses still send it.
    }
  });
}

/** Keeps a change in the outbox (sent at the next chance); answers the event as kept. */
export async function enqueue(input: EventInput): Promise<OutboxEvent> {
  const event = makeEvent(input);
  await changeOutbox((state) => addEvent(state, event));
  tell('changed');
  // Online (a call failed on the way, or older changes wait): sent at once.
  if (isOnline()) void flush();
  return event;
}

/** Whether changes wait to be sent: a new change then joins them, so they arrive in order. */
export async function hasWaiting(): Promise<boolean> {
  return (await readOutbox()).waiting.length > 0;
}

/** The learner has seen a refusal (or a scored quiz): it leaves the list. */
export async function dismiss(eventId: string): Promise<void> {
  await changeOutbox((state) => ({
    ...state,
    refused: state.refused.filter((r) => r.event.id !== eventId),
    scored: state.scored.filter((s) => s.eventId !== eventId),
  }));
  tell('changed');
}

export type FlushOutcome = 'done' | 'empty' | 'offline' | 'signedOut' | 'busy' | 'failed';

/** Whether the signed-in learner is the one the outbox belongs to; another one's phone data is deleted. */
async function sameLearner(): Promise<boolean> {
  const owner = await keptOwner();
  const { user } = await api.get('/api/user/me');
  if (owner === user.id) return true;
  // Changes made before anything else was kept (a call that failed on the way): made by the learner
  // signed in then, who still is (signing out deletes the outbox).
  if (owner === undefined) {
    await claimFor(user.id);
    return true;
  }
  // Another learner signed in on this phone: the earlier learner's data is deleted, never sent as theirs.
  await wipeSealed();
  tell('changed');
  return false;
}

/**
 * Sends the waiting changes, batch after batch, until none wait or the server cannot take them.
 * One tab at a time: a tab finding another sending leaves it to that one.
 */
export async function flush(): Promise<FlushOutcome> {
  if (!sealedStoreSupported()) return 'empty';
  const outcome = await withLock(
    SEND_LOCK,
    async (): Promise<FlushOutcome> => {
      let checked = false;
      let sent = 0;
      try {
        for (;;) {
          const { waiting } = await readOutbox();
          if (waiting.length === 0) return sent > 0 ? 'done' : 'empty';
          if (!checked) {
            if (!(await sameLearner())) return 'signedOut';
            checked = true;
          }
          const batch = nextBatch(waiting);
          let answers;
          try {
            answers = (await api.post('/api/outbox', { body: { events: batch } })).results;
          } catch (error) {
            if (error instanceof ApiError && (error.status === 400 || error.status === 413)) {
              // The batch itself could not be read (never the rules, which answer each event): each
              // of its events is shown to the learner with the reason, rather than sent for ever.
              // Anything else (401 signed out, 403 waiting for a guardian, 429, 5xx) keeps them all.
              const refusal = { code: (error.code ?? 'eventInvalid') as ErrorResponse['code'], message: error.message };
              answers = batch.map((event) => ({ id: event.id, outcome: 'refused' as const, refusal }));
            } else {
              throw error;
            }
          }
          const results = answers;
          // An answer naming none of the batch's events would have it sent again and again.
          if (!results.some((answer) => batch.some((event) => event.id === answer.id))) return 'failed';
          await changeOutbox((state) => settle(state, batch, results).state);
          sent += batch.length;
          tell('sent');
        }
      } catch (error) {
        if (isNetworkFailure(error)) return 'offline';
        if (error instanceof ApiError && error.status === 401) return 'signedOut';
        return 'failed';
      }
    },
    { ifAvailable: true },
  );
  return outcome ?? 'busy';
}

let started = false;
const sendIfOnline = () => {
  if (isOnline()) void flush();
};

/**
 * Sends the outbox now and from then on when the network returns, when the page is shown again and
 * every minute while online. The listeners are added once per page; each later call (a learning
 * view opened again, after signing in) sends at once.
 */
export function startFlusher(): void {
  if (typeof window === 'undefined' || !sealedStoreSupported()) return;
  if (!started) {
    started = true;
    window.addEventListener('online', sendIfOnline);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') sendIfOnline();
    });
    setInterval(sendIfOnline, EVERY);
  }
  sendIfOnline();
}

/** Sends what waits before the learner signs out (signing out deletes what the phone keeps). */
export async function flushBeforeSignOut(): Promise<void> {
  if (await hasWaiting()) await flush();
}

export { forgetLearner } from './learner-state';
