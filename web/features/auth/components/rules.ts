// The sign-in rules the form checks before asking the server. Copies of contract/auth.ts values
// (importing them would bring TypeBox into the page); rules.test.ts keeps them equal.
export const OTP_LENGTH = 6;
export const MOBILE_DIGITS = 12;
/** The server's limits on the typed name and email (server/lib/profile-fields.ts). */
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
