// Sign-in and the fields a learner types (plain values: the schemas, the server's checks and the
// web's forms all import them; importing nothing keeps them free for the web).

/** Digits of a one-time password. */
export const OTP_LENGTH = 6;
/** Digits of a mobile number after stripping everything else: country code plus 10 digits. */
export const MOBILE_DIGITS = 12;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
/**
 * Deliberately simple: one @, something on each side and a dot in the domain. Deliverability is
 * not checked, only obvious typing mistakes.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.][^\s@]*\.[^\s@]+$/;
