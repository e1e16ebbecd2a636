// The staff's second factor: an authenticator app (TOTP, RFC 6238) and one-time recovery codes.
// Plain values that import nothing, shared by the server and the staff console.

/** Where a staff session stands with its second factor, as GET /api/staff/me answers it. */
/**
 * Every staff member has one, whatever their roles: an admin grants roles and an editor publishes; a
 * translator's session can rewrite every draft in their languages; an analyst reads the programme's
 * figures (ADR 16).
 */
export const SECOND_FACTOR_STATES = [
  /** No authenticator app is set up yet: set one up before any other staff call. */
  'setup-required',
  /** Set up; this session has not confirmed a code yet. */
  'required',
  /** This session confirmed a code. */
  'verified',
] as const;

export type SecondFactorState = (typeof SECOND_FACTOR_STATES)[number];

/** What an admin sees of a member's authenticator app: none, set up but never confirmed, or set. */
export const SECOND_FACTOR_SETUPS = ['none', 'pending', 'set'] as const;

export type SecondFactorSetup = (typeof SECOND_FACTOR_SETUPS)[number];

/** The name authenticator apps show above the account. */
export const TOTP_ISSUER = 'JGK';
/** The parameters every authenticator app understands (the otpauth URI's defaults). */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;

export const RECOVERY_CODE_COUNT = 10;
/** Characters of a recovery code, without look-alikes (no 0/O, 1/I); shown as two groups of five. */
export const RECOVERY_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const RECOVERY_CODE_LENGTH = 10;

/** Wrong codes a member may type within the window before the second factor waits out the window. */
export const SECOND_FACTOR_MAX_FAILURES = 5;
export const SECOND_FACTOR_FAILURE_WINDOW_MINUTES = 15;
