// A learner's profile: the shapes of the profile calls (the options and bounds are in
// profile-options.ts).
import { Type, type Static } from '@sinclair/typebox';
import { StringEnum, nullable } from './schema-helpers';
import { AGE_MAX, AGE_MIN, GENDERS, GUARDIAN_RELATIONSHIPS, QUALIFICATIONS } from './profile-options';

export const UserProfile = Type.Object({
  id: Type.String(),
  name: Type.String(),
  mobile: Type.String(),
  email: nullable(Type.String()),
  age: nullable(Type.Integer()),
  gender: nullable(Type.String()),
  qualification: nullable(Type.String()),
  /** The learner's district, if given: shown with the first name on an event's leaderboard. */
  district: nullable(Type.String()),
  role: Type.String(),
  active: Type.Boolean(),
  /** Until when the learner is a minor (from the youngest age declared and when), or null. */
  minorUntil: nullable(Type.String({ format: 'date-time' })),
  /** Whether learning waits for a guardian's consent: a minor without a verified consent. */
  consentRequired: Type.Boolean(),
  /** Whether a guardian's consent verified by a one-time password to their number is recorded. */
  guardianConsent: Type.Boolean(),
  guardianConsentAt: nullable(Type.String({ format: 'date-time' })),
  guardianConsentMethod: nullable(Type.String()),
  guardianName: nullable(Type.String()),
  guardianRelationship: nullable(Type.String()),
  guardianMobile: nullable(Type.String()),
});
export type UserProfile = Static<typeof UserProfile>;

export const UserResponse = Type.Object({ user: UserProfile });
export type UserResponse = Static<typeof UserResponse>;

/** Only these fields are a learner's to change; anything else in the body is dropped. */
export const UpdateProfileBody = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 1000 })),
  /** An empty string clears the email. */
  email: Type.Optional(nullable(Type.String({ maxLength: 1000 }))),
  age: Type.Optional(nullable(Type.Integer({ minimum: AGE_MIN, maximum: AGE_MAX }))),
  gender: Type.Optional(nullable(StringEnum(GENDERS))),
  qualification: Type.Optional(nullable(StringEnum(QUALIFICATIONS))),
  /** Free text, checked by the district rule (contract/person-name.ts); an empty string or null clears it. */
  district: Type.Optional(nullable(Type.String({ maxLength: 1000 }))),
});
export type UpdateProfileBody = Static<typeof UpdateProfileBody>;

/**
 * The guardian, as the first step of consent names them: a one-time password goes to their own
 * number. Optional at the schema level so the service names a missing field in its own words.
 */
const guardianFields = {
  guardianName: Type.Optional(Type.String({ maxLength: 1000 })),
  relationship: Type.Optional(StringEnum(GUARDIAN_RELATIONSHIPS)),
  guardianMobile: Type.Optional(Type.String({ maxLength: 64 })),
};

export const GuardianConsentCodeBody = Type.Object(guardianFields);
export type GuardianConsentCodeBody = Static<typeof GuardianConsentCodeBody>;

/** The second step: the same guardian, the code they received and their agreement. */
export const GuardianConsentBody = Type.Object({
  ...guardianFields,
  otp: Type.Optional(Type.String({ maxLength: 32 })),
  agree: Type.Optional(Type.Boolean()),
});
export type GuardianConsentBody = Static<typeof GuardianConsentBody>;
