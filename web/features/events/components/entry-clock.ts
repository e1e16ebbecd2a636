// An entry's time on the phone, from the server's clock (ADR 40): the server gives its own time and
// the deadline with every read of the entry; the phone's clock may be minutes off, so only the gap
// between the two clocks is taken from the phone, and the time left is the server's deadline moved by
// that gap. Nothing here reads a clock: the callers pass the phone's times in.

/**
 * How far the phone's clock is ahead of the server's, in ms, from one answer: the server's time is
 * taken to be the phone's halfway between sending the request and receiving the answer (as NTP
 * does), so a slow network does not add its delay to the time left.
 */
export function clockOffset(serverTime: string, sentAtMs: number, receivedAtMs: number): number {
  const server = Date.parse(serverTime);
  if (Number.isNaN(server)) return 0;
  return (sentAtMs + receivedAtMs) / 2 - server;
}

/** The deadline on the phone's clock, or null without a deadline (before an entry starts). */
export function deadlineOnPhone(deadline: string | null, offsetMs: number): number | null {
  if (!deadline) return null;
  const at = Date.parse(deadline);
  return Number.isNaN(at) ? null : at + offsetMs;
}

/** Whole seconds left until a deadline (0 once past), as the server counts them: rounded up. */
export function secondsLeft(deadlineMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((deadlineMs - nowMs) / 1000));
}

/** Ms until the count of seconds left changes next (just after the next whole second). */
export function msToNextTick(deadlineMs: number, nowMs: number): number {
  const left = deadlineMs - nowMs;
  if (left <= 0) return 1000;
  const part = left % 1000;
  return (part === 0 ? 1000 : part) + 5;
}

/**
 * The times left that a screen reader hears, in seconds: the count itself is not announced every
 * second (it would drown out the questions), only when it passes one of these.
 */
export const ANNOUNCED_SECONDS = [600, 300, 120, 60, 30, 10] as const;

/** The announced time passed on the way from `before` to `now` seconds left (the last one), or null. */
export function passedAnnouncement(before: number, now: number): number | null {
  const passed = ANNOUNCED_SECONDS.filter((mark) => before > mark && now <= mark);
  return passed.length ? Math.min(...passed) : null;
}

/** The time left as a clock shows it: 4:05, or 1:02:03 past an hour. */
export function clockText(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** A duration in whole minutes and seconds, for words ("5 min", "1 min 30 s" are the caller's). */
export function minutesAndSeconds(seconds: number): { minutes: number; seconds: number } {
  const whole = Math.max(0, Math.round(seconds));
  return { minutes: Math.floor(whole / 60), seconds: whole % 60 };
}
