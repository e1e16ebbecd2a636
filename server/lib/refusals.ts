// How many requests each limit has refused since start: the operators' view of the limits
// (refusals_total in /metrics), and when to say in the log that a limit is being reached, once a
// minute instead of once per refused request.

/** The limits that refuse requests. */
export type RefusingLimit =
  /** The API ceiling per client address (public reads, signing in). */
  | 'api-address'
  /** The API limit per signed-in account. */
  | 'api-account'
  /** The load-shedding guard while the event loop lags. */
  | 'load'
  | 'otp-cooldown'
  | 'otp-number'
  | 'otp-address'
  /** The ceiling on one-time passwords sent per hour by the whole platform. */
  | 'otp-hour';

/** A refusal of the same limit within this long is not announced again. */
const ANNOUNCE_EVERY_MS = 60_000;

export class Refusals {
  private readonly counts = new Map<RefusingLimit, number>();
  private readonly announcedAt = new Map<RefusingLimit, number>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts one refusal; true when it is the first of its limit for a minute (worth a line in the log). */
  add(limit: RefusingLimit): boolean {
    this.counts.set(limit, (this.counts.get(limit) ?? 0) + 1);
    const now = this.now();
    const last = this.announcedAt.get(limit);
    if (last !== undefined && now - last < ANNOUNCE_EVERY_MS) return false;
    this.announcedAt.set(limit, now);
    return true;
  }

  entries(): IterableIterator<[RefusingLimit, number]> {
    return this.counts.entries();
  }
}
