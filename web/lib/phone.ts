// The phone rule of the specification: 12 digits after stripping everything else (country code
// plus 10 digits), India by default; and an Indian mobile's first digit is 6, 7, 8 or 9
// (contract/auth-rules.ts, which the server checks too).
import { INDIA_CODE, MOBILE_DIGITS, isIndianMobile } from '../../contract/auth-rules';

const LOCAL_DIGITS = MOBILE_DIGITS - INDIA_CODE.length;

/**
 * What the field shows of what was typed or pasted: digits only, a pasted +91 or leading 0 taken
 * off once the number is complete, and never more digits than a full number has.
 */
export function phoneFieldValue(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, MOBILE_DIGITS);
  if (digits.length === MOBILE_DIGITS && digits.startsWith(INDIA_CODE)) return digits.slice(INDIA_CODE.length);
  if (digits.length === LOCAL_DIGITS + 1 && digits.startsWith('0')) return digits.slice(1);
  return digits;
}

/** The full number from what the learner typed after the +91 prefix (a pasted +91... is accepted too). */
export function fullMobile(local: string): string {
  return INDIA_CODE + phoneFieldValue(local);
}

/** What is wrong with the number: too few or too many digits, not a mobile, or nothing (null). */
export function mobileProblem(local: string): 'invalidMobile' | 'notAMobile' | null {
  const full = fullMobile(local);
  if (full.length !== MOBILE_DIGITS) return 'invalidMobile';
  return isIndianMobile(full) ? null : 'notAMobile';
}

export function isValidMobile(local: string): boolean {
  return mobileProblem(local) === null;
}
