// The event quiz's rules as the server holds them (ADR 40), pure functions of what they are given:
// the clock is always passed in, so a test can stand at 08:59:59 IST and a request at its own
// arrival. Nothing here reads the database or the phone's clock.
import {
  ANSWER_GRACE_SECONDS,
  IST_OFFSET_MINUTES,
  type EventQuestionType,
  type EventState,
} from '../../../contract/event-rules';

const DAY_SECONDS = 86_400;
const IST_OFFSET_MS = IST_OFFSET_MINUTES * 60_000;

/** An event's days (first and last, YYYY-MM-DD) and daily hours (HH:MM[:SS]), all in IST. */
export interface EventWindow {
  firstDay: string;
  lastDay: string;
  opensAt: string;
  closesAt: string;
}

/** Seconds since midnight of a time of day (24:00 is the day's end, 86,400). */
export function secondsOfDay(time: string): number {
  const [h = '0', m = '0', s = '0'] = time.split(':');
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
}

/** The IST calendar day of an instant, YYYY-MM-DD. */
export function istDay(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** Seconds since IST midnight of an instant (with its milliseconds). */
function istSecondsOf(at: Date): number {
  const ms = (at.getTime() + IST_OFFSET_MS) % (DAY_SECONDS * 1000);
  return (ms < 0 ? ms + DAY_SECONDS * 1000 : ms) / 1000;
}

/** The instant of a time of day on an IST day. */
export function istInstant(day: string, time: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS + secondsOfDay(time) * 1000);
}

/** Whether a YYYY-MM-DD is a day of the calendar (not 30 February). */
export function isCalendarDay(day: string): boolean {
  const at = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === day;
}

/** Whether the days and hours are a real window: calendar days in order, opening before closing on the same day. */
export function isWindowValid(window: EventWindow): boolean {
  return (
    isCalendarDay(window.firstDay) &&
    isCalendarDay(window.lastDay) &&
    window.firstDay <= window.lastDay &&
    secondsOfDay(window.opensAt) < secondsOfDay(window.closesAt)
  );
}

/** Whether entries may be started and answered at `at`: one of the days, from opening (included) to closing (excluded). */
export function isWithinWindow(window: EventWindow, at: Date): boolean {
  const day = istDay(at);
  if (day < window.firstDay || day > window.lastDay) return false;
  const seconds = istSecondsOf(at);
  return seconds >= secondsOfDay(window.opensAt) && seconds < secondsOfDay(window.closesAt);
}

/** The first opening and the last closing of the event. */
export function firstOpening(window: EventWindow): Date {
  return istInstant(window.firstDay, window.opensAt);
}
export function lastClosing(window: EventWindow): Date {
  return istInstant(window.lastDay, window.closesAt);
}

/**
 * The opening of the hours running at `at`, or of the next ones; null when the last day has closed.
 * The same answer all through a day's hours, so a public page can be shared by every reader.
 */
export function nextOpening(window: EventWindow, at: Date): Date | null {
  const today = istDay(at);
  if (isWithinWindow(window, at)) return istInstant(today, window.opensAt);
  const opening = (day: string) => istInstant(day, window.opensAt);
  if (today < window.firstDay) return firstOpening(window);
  if (today > window.lastDay) return null;
  if (at < opening(today)) return opening(today);
  const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + DAY_SECONDS * 1000).toISOString().slice(0, 10);
  return tomorrow <= window.lastDay ? opening(tomorrow) : null;
}

/**
 * An entry's deadline: the earlier of its start plus the time limit and the closing time of the day
 * it started on (an entry never runs past the day's hours).
 */
export function entryDeadline(window: EventWindow, startedAt: Date, timeLimitSeconds: number): Date {
  const byLimit = startedAt.getTime() + timeLimitSeconds * 1000;
  const closing = istInstant(istDay(startedAt), window.closesAt).getTime();
  return new Date(Math.min(byLimit, closing));
}

/** Whether an answer received at `receivedAt` is late: more than the grace after the deadline. It is kept but never counts. */
export function isLate(receivedAt: Date, deadline: Date, graceSeconds = ANSWER_GRACE_SECONDS): boolean {
  return receivedAt.getTime() > deadline.getTime() + graceSeconds * 1000;
}

/** Whether the entry's time is over, grace included: past this, the server closes it. */
export function isPastGrace(at: Date, deadline: Date, graceSeconds = ANSWER_GRACE_SECONDS): boolean {
  return isLate(at, deadline, graceSeconds);
}

/**
 * The state an event is in at `at`: the staff's draft, closing and publishing stand; a scheduled
 * event is open from its first opening to its last closing and closed after, whatever the stored
 * state says (the clock moves it; the job only writes it down).
 */
export function eventPhase(stored: EventState, window: EventWindow, at: Date): EventState {
  if (stored === 'draft' || stored === 'closed' || stored === 'results_published') return stored;
  if (at < firstOpening(window)) return 'scheduled';
  if (at >= lastClosing(window)) return 'closed';
  return 'open';
}

/** A random whole number in [0, max): the server's generator in production, a seeded one in tests. */
export type RandomInt = (max: number) => number;

/** What an entry is served: its questions in order, and each question's options in order (original indices). */
export interface Draw {
  questionIds: string[];
  optionOrders: number[][];
}

function shuffled(count: number, randomInt: RandomInt): number[] {
  const order = Array.from({ length: count }, (_, i) => i);
  for (let i = count - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/** Draws `count` questions of the pool in a random order, and a random order of each one's options. */
export function drawEntry(
  pool: readonly { id: string; optionCount: number }[],
  count: number,
  randomInt: RandomInt,
): Draw {
  const picked = shuffled(pool.length, randomInt)
    .slice(0, Math.min(count, pool.length))
    .map((i) => pool[i]!);
  return {
    questionIds: picked.map((q) => q.id),
    optionOrders: picked.map((q) => shuffled(q.optionCount, randomInt)),
  };
}

/** A question's key: its type and the indices of its right options. */
export interface EventQuestionKey {
  id: string;
  type: EventQuestionType;
  correct: readonly number[];
}

/** Whether the options chosen are exactly the right ones (a single answer has one). */
export function isRight(key: EventQuestionKey, selected: readonly number[]): boolean {
  const chosen = new Set(selected);
  return chosen.size === key.correct.length && key.correct.every((i) => chosen.has(i));
}

/** How many of the entry's questions were answered right by answers that count (never a late one). */
export function correctCount(
  keys: readonly EventQuestionKey[],
  answers: readonly { questionId: string; selected: readonly number[]; late: boolean }[],
): number {
  const counted = new Map(answers.filter((a) => !a.late).map((a) => [a.questionId, a.selected]));
  return keys.filter((key) => {
    const selected = counted.get(key.id);
    return selected !== undefined && isRight(key, selected);
  }).length;
}

/**
 * The time the server measured for an entry: from its start to its submission, or to its deadline
 * when it was submitted later (in the grace) or closed by the server.
 */
export function measuredMs(entry: { startedAt: Date; deadline: Date; submittedAt: Date | null }): number {
  const end =
    entry.submittedAt && entry.submittedAt < entry.deadline ? entry.submittedAt.getTime() : entry.deadline.getTime();
  return Math.max(0, end - entry.startedAt.getTime());
}

/**
 * Ranks entries: most right answers first, then the shortest measured time; no points for speed
 * beyond breaking a tie. Equal score and equal time share a rank (1, 2, 2, 4).
 */
export function rankEntries<T extends { correct: number; timeMs: number; id: string }>(
  entries: readonly T[],
): (T & { rank: number })[] {
  const sorted = [...entries].sort((a, b) => b.correct - a.correct || a.timeMs - b.timeMs || a.id.localeCompare(b.id));
  let rank = 0;
  return sorted.map((entry, i) => {
    const previous = sorted[i - 1];
    if (!previous || previous.correct !== entry.correct || previous.timeMs !== entry.timeMs) rank = i + 1;
    return { ...entry, rank };
  });
}
