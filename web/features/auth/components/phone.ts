// The phone rule of the specification: 12 digits after stripping everything else (country code
// plus 10 digits), India by default.
import { MOBILE_DIGITS } from '../../../../contract/auth-rules';

export const INDIA_CODE = '91';

/** The full number from what the learner typed after the +91 prefix (a pasted +91... is accepted too). */
export function fullMobile(local: string): string {
  const digits = local.replace(/\D/g, '');
  if (digits.length === MOBILE_DIGITS && digits.startsWith(INDIA_CODE)) return digits;
  if (digits.length === MOBILE_DIGITS - 1 && digits.startsWith('0')) return INDIA_CODE + digits.slice(1);
  return INDIA_CODE + digits;
}

export function isValidMobile(local: string): boolean {
  return fullMobile(local).replace(/\D/g, '').length === MOBILE_DIGITS;
}
