// The code a learner is waiting for, kept for the browser tab: on a cheap phone, opening the SMS app
// can discard the tab, and the page that comes back would ask for the number again while the
// server's resend cooldown refuses a new code. With this, it comes back at the code boxes, with the
// number, register or sign in, and what is left of the cooldown. Session storage: the tab's own,
// gone with it; nothing secret (the number the learner typed, never the code).

import { mobileProblem } from '../../../lib/phone';

const KEY = 'jgk_pending_code';
/** The longest a code can live (OTP_TTL_SECONDS at most 600); past that the number is asked for again. */
const KEPT_MS = 10 * 60 * 1000;

export interface PendingCode {
  /** The number as typed in the phone field (ten digits). */
  phone: string;
  mode: 'login' | 'register';
  /** When the code was sent, and when a new one may be asked for (ms since the epoch). */
  sentAt: number;
  resendAt: number;
}

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be unavailable (private mode, blocked): the form works without it.
    return undefined;
  }
}

export function rememberPendingCode(pending: PendingCode): void {
  try {
    storage()?.setItem(KEY, JSON.stringify(pending));
  } catch {
    // Full or blocked storage: the learner only loses the shortcut back to the code boxes.
  }
}

export function forgetPendingCode(): void {
  storage()?.removeItem(KEY);
}

/** The code still worth waiting for in this tab, if any. */
export function pendingCode(now = Date.now()): PendingCode | null {
  const raw = storage()?.getItem(KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingCode>;
    const fresh = typeof value.sentAt === 'number' && now - value.sentAt >= 0 && now - value.sentAt < KEPT_MS;
    if (
      fresh &&
      typeof value.phone === 'string' &&
      mobileProblem(value.phone) === null &&
      (value.mode === 'login' || value.mode === 'register') &&
      typeof value.resendAt === 'number'
    ) {
      return value as PendingCode;
    }
  } catch {
    // Not ours or damaged: forgotten below.
  }
  forgetPendingCode();
  return null;
}
