// The phone's outbox as data (ADR 42): what is waiting, what the server refused and the quizzes it
// scored, and the rules that change it: an event made with an id of the phone's, the next batch
// (oldest first, within OUTBOX_BATCH_MAX events and OUTBOX_BATCH_MAX_BYTES), the server's answers
// settled one by one, and the learner's progress as it will be once the waiting changes arrive.
// Plain functions without storage or network (outbox.ts keeps and sends), so they are tested alone.
import { OUTBOX_BATCH_MAX, OUTBOX_BATCH_MAX_BYTES } from '../../../contract/offline-rules';
import type { OutboxEvent, OutboxEventAnswer } from '../../../contract/outbox';
import type { ErrorResponse } from '../../../contract/message-responses';
import type { ProgressRecord, QuizResult } from '../../../contract/progress';

/** A change the server refused, kept until the learner has seen it (never dropped silently). */
export interface RefusedChange {
  event: OutboxEvent;
  refusal: ErrorResponse;
  /** For journalChangedElsewhere: the text saved meanwhile elsewhere, so the learner can choose. */
  journal?: { text: string; updatedAt: string | null };
}

/** A quiz answered offline, scored by the server once it arrived. */
export interface ScoredQuiz {
  eventId: string;
  lang: string;
  courseId: string;
  quizId: string;
  occurredAt: string;
  result: QuizResult;
}

export interface OutboxState {
  /** Oldest first. */
  waiting: OutboxEvent[];
  refused: RefusedChange[];
  scored: ScoredQuiz[];
}

export const emptyOutbox = (): OutboxState => ({ waiting: [], refused: [], scored: [] });

/** Scored quizzes kept to show: the newest few are enough for the learner to see their results. */
const SCORED_KEPT = 20;

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** An event as a view makes it: everything but its id and time, which the phone adds. */
export type EventInput = DistributiveOmit<OutboxEvent, 'id' | 'occurredAt'>;

/** The event with an id made on the phone (a UUID) and the phone's time of the change. */
export function makeEvent(input: EventInput, now = new Date()): OutboxEvent {
  return { ...input, id: crypto.randomUUID(), occurredAt: now.toISOString() } as OutboxEvent;
}

/**
 * `event` added at the end of the waiting changes. A journal saved again replaces the journal still
 * waiting for the same course (keeping its `basedOn`): two journal events over the same version
 * would have the second refused as changed elsewhere, by the first.
 */
export function addEvent(state: OutboxState, event: OutboxEvent): OutboxState {
  if (event.kind !== 'journalSaved') return { ...state, waiting: [...state.waiting, event] };
  const earlier = state.waiting.find(
    (e) => e.kind === 'journalSaved' && e.lang === event.lang && e.courseId === event.courseId,
  );
  const waiting = state.waiting.filter((e) => e !== earlier);
  const basedOn = earlier && earlier.kind === 'journalSaved' ? earlier.basedOn : event.basedOn;
  return { ...state, waiting: [...waiting, { ...event, basedOn }] };
}

const utf8Length = (text: string) => new TextEncoder().encode(text).length;

/** The oldest waiting events that fit one batch (at least one, so nothing waits forever). */
export function nextBatch(waiting: readonly OutboxEvent[]): OutboxEvent[] {
  const batch: OutboxEvent[] = [];
  // The body sent is {"events":[e1,e2,...]}.
  let bytes = utf8Length('{"events":[]}');
  for (const event of waiting) {
    if (batch.length === OUTBOX_BATCH_MAX) break;
    const size = utf8Length(JSON.stringify(event)) + (batch.length > 0 ? 1 : 0);
    if (batch.length > 0 && bytes + size > OUTBOX_BATCH_MAX_BYTES) break;
    batch.push(event);
    bytes += size;
  }
  return batch;
}

/**
 * The outbox once the server has answered `batch`: applied and already applied leave it; a refusal
 * is kept to show the learner; a quiz's score is kept to show; an event without an answer waits.
 * A journal applied makes the version the next waiting journal of that course is based on.
 * `state` is read again just before (another change may have joined it while the batch was out).
 */
export function settle(
  state: OutboxState,
  batch: readonly OutboxEvent[],
  answers: readonly OutboxEventAnswer[],
): { state: OutboxState; applied: number } {
  const byId = new Map(answers.map((answer) => [answer.id, answer]));
  const answered = new Set<string>();
  const refused = [...state.refused];
  let scored = [...state.scored];
  const rebase = new Map<string, string | null>();
  let applied = 0;
  for (const event of batch) {
    const answer = byId.get(event.id);
    if (!answer) continue;
    answered.add(event.id);
    if (answer.outcome === 'refused') {
      refused.push({
        event,
        refusal: answer.refusal ?? { code: 'eventInvalid', message: 'This change could not be saved.' },
        ...(answer.journal ? { journal: answer.journal } : {}),
      });
      continue;
    }
    applied += 1;
    if (event.kind === 'quizSubmitted' && answer.quiz) {
      scored = [
        ...scored.filter((s) => s.eventId !== event.id),
        {
          eventId: event.id,
          lang: event.lang,
          courseId: event.courseId,
          quizId: event.quizId,
          occurredAt: event.occurredAt,
          result: answer.quiz,
        },
      ].slice(-SCORED_KEPT);
    }
    if (event.kind === 'journalSaved' && answer.journal) {
      rebase.set(`${event.lang}:${event.courseId}`, answer.journal.updatedAt);
    }
  }
  const waiting = state.waiting
    .filter((event) => !answered.has(event.id))
    .map((event) => {
      const key = `${event.lang}:${event.courseId}`;
      return event.kind === 'journalSaved' && rebase.has(key) ? { ...event, basedOn: rebase.get(key)! } : event;
    });
  return { state: { waiting, refused, scored }, applied };
}

const joined = (list: string, extra: readonly string[]) => {
  const ids = new Set(list.split(',').filter(Boolean));
  extra.forEach((id) => ids.add(id));
  return [...ids].join(',');
};

/**
 * The progress the learner will have once the waiting changes of the course arrive: lessons done and
 * videos watched are added (they never go back); quizzes wait for their score. Not enrolled (null)
 * stays so unless an enrolment waits. Undefined (nothing known) stays undefined.
 */
export function withWaiting(
  progress: ProgressRecord | null | undefined,
  waiting: readonly OutboxEvent[],
  lang: string,
  courseId: string,
): ProgressRecord | null | undefined {
  const mine = waiting.filter((e) => e.lang === lang && e.courseId === courseId);
  if (mine.length === 0) return progress;
  const enrols = mine.some((e) => e.kind === 'enrolled');
  if (progress === undefined) return undefined;
  const base: ProgressRecord | null =
    progress ??
    (enrols ? { lessonId: '', videoId: '', quizId: '', chapterId: '', percentage: 0, completed: false } : null);
  if (!base) return null;
  const lessons = mine.flatMap((e) => (e.kind === 'lessonCompleted' ? [`${e.chapterId}::${e.lessonId}`] : []));
  const videos = mine.flatMap((e) => (e.kind === 'videoWatched' ? [e.videoId] : []));
  return { ...base, lessonId: joined(base.lessonId, lessons), videoId: joined(base.videoId, videos) };
}
