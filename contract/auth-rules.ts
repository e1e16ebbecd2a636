// Sign-in and the fields a learner types (plain values: the schemas, the server's checks and the
// web's forms all import them; importing nothing keeps them free for the web).

/** Digits of a one-time password. */
export const OTP_LENGTH = 6;
/**
 * What a one-time password is for: signing in with one's own number, a parent or guardian agreeing,
 * from their own number, that a minor may learn (ADR 18), or that a minor may enter an event, named
 * in the message (ADR 40). A code serves its purpose only.
 */
export const OTP_PURPOSES = ['sign-in', 'guardian-consent', 'event-consent'] as const;
/** The purposes whose code a guardian receives for a learner (the code is bound to that learner). */
export const CONSENT_PURPOSES = ['guardian-consent', 'event-consent'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];
/** Digits of a mobile number after stripping everything else: country code plus 10 digits. */
export const MOBILE_DIGITS = 12;
/** India's country code, the first two of those digits. */
export const INDIA_CODE = '91';
/**
 * The first digit of every Indian mobile number (the National Numbering Plan gives mobiles the
 * series starting with 6, 7, 8 and 9; the others are landlines and services, which no SMS reaches).
 */
export const MOBILE_FIRST_DIGITS = ['6', '7', '8', '9'] as const;

/** Whether 12 digits (country code and number, nothing else) are an Indian mobile number. */
export function isIndianMobile(digits: string): boolean {
  return (
    digits.length === MOBILE_DIGITS &&
    /^\d+$/.test(digits) &&
    digits.startsWith(INDIA_CODE) &&
    (MOBILE_FIRST_DIGITS as readonly string[]).includes(digits.charAt(INDIA_CODE.length))
  );
}
export const EMAIL_MAX_LENGTH = 254;
/**
 * Deliberately simple: one @, something on each side and a dot in the domain. Deliverability is
 * not checked, only obvious typing mistakes.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.][^\s@]*\.[^\s@]+$/;
