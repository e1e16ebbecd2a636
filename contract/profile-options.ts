// The options and bounds of a learner's profile (plain values: the schemas, the server, the
// database's checks and the web's form all import them; importing nothing keeps them free for the web).

export const GENDERS = ['Male', 'Female', 'Other'] as const;
export type Gender = (typeof GENDERS)[number];

export const QUALIFICATIONS = [
  'Below 8th Std',
  '8th Std',
  '10th Std',
  '10+2 or Diploma',
  'Graduate',
  'Post Graduate',
  'Doctorate',
] as const;
export type Qualification = (typeof QUALIFICATIONS)[number];

/** Who may give consent for a learner under MINOR_AGE (DPDP Act 2023: a parent or lawful guardian). */
export const GUARDIAN_RELATIONSHIPS = ['Mother', 'Father', 'Guardian'] as const;
export type GuardianRelationship = (typeof GUARDIAN_RELATIONSHIPS)[number];

/**
 * How a guardian's consent was verified (DPDP Rules 2025, rule 10): a one-time password sent to the
 * guardian's own mobile number and typed back. A consent recorded without one does not count.
 */
export const GUARDIAN_CONSENT_METHODS = ['guardian-otp'] as const;
export type GuardianConsentMethod = (typeof GUARDIAN_CONSENT_METHODS)[number];

export const AGE_MIN = 5;
export const AGE_MAX = 120;
/** A learner younger than this needs a parent's or guardian's consent before learning. */
export const MINOR_AGE = 18;

/**
 * Whether learning waits for a guardian: the learner is still a minor (minorUntil, ADR 18) and no
 * consent verified by a one-time password to the guardian's number is recorded. The access rule
 * and the profile both ask this.
 */
export function consentRequired(
  learner: { minorUntil: Date | null; guardianConsentMethod: string | null },
  now: Date,
): boolean {
  return (
    learner.minorUntil !== null &&
    learner.minorUntil.getTime() > now.getTime() &&
    !(GUARDIAN_CONSENT_METHODS as readonly (string | null)[]).includes(learner.guardianConsentMethod)
  );
}
