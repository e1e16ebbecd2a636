// The one-time password itself: how a code is made, how it is stored (never as itself), and how a
// typed code is checked.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '../../../contract/auth-rules';

/** Six digits from the operating system's secure generator, leading zeros kept. */
export function generateCode(): string {
  return randomInt(0, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, '0');
}

/**
 * HMAC-SHA-256 keyed by the server secret over number and code: a leaked table cannot be reversed
 * by trying the million codes without the key, and a hash copied to another number's challenge
 * does not match there.
 */
export function hashCode(secret: string, mobile: string, code: string): string {
  return createHmac('sha256', secret).update(`${mobile}:${code}`).digest('hex');
}

/** Compares in constant time so response timing reveals nothing about how close a guess was. */
export function codeMatches(secret: string, mobile: string, code: string, storedHash: string): boolean {
  const expected = Buffer.from(storedHash, 'hex');
  const actual = Buffer.from(hashCode(secret, mobile, code), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export function isCodeShaped(raw: string | undefined): raw is string {
  return typeof raw === 'string' && new RegExp(`^\\d{${OTP_LENGTH}}$`).test(raw.trim());
}
