// Sign-in with a one-time password: the request and response shapes the web and the server share.
// The rules (code length, number digits, field lengths) are in auth-rules.ts; the answers are
// MessageResponse / ErrorResponse (message-responses.ts).
import { Type, type Static } from '@sinclair/typebox';
import { MessageResponse } from './message-responses';

// Fields are optional strings at the schema level on purpose: the service answers a missing or
// malformed value with the specification's own wording ("Enter a valid phone number") instead of a
// generic validation message. The length caps only stop absurd payloads early.
const loose = (maxLength: number) => Type.Optional(Type.String({ maxLength }));
/** A mobile number as typed, or as a JSON number from an API client (no other type is read as one). */
const mobile = Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Integer({ minimum: 0 })]));

export const SendOtpBody = Type.Object({ mobile });
export type SendOtpBody = Static<typeof SendOtpBody>;

/**
 * The answer to send-otp and resend-otp (200, and the 404 of a new number): the message, and when
 * the next code may be asked for, so the form counts down from the first code on.
 */
export const OtpSentResponse = Type.Object({
  ...MessageResponse.properties,
  resendAfter: Type.Integer({
    minimum: 0,
    description: 'Seconds until a new code may be asked for (the resend cooldown)',
  }),
});
export type OtpSentResponse = Static<typeof OtpSentResponse>;

export const LoginBody = Type.Object({ mobile, otp: loose(32) });
export type LoginBody = Static<typeof LoginBody>;

export const RegisterBody = Type.Object({
  mobile,
  otp: loose(32),
  name: loose(1000),
  email: loose(1000),
});
export type RegisterBody = Static<typeof RegisterBody>;

/** Who is signed in, as GET /api/user/session-status tells it. */
export const SessionUser = Type.Object({ role: Type.String(), name: Type.String(), active: Type.Boolean() });
export type SessionUser = Static<typeof SessionUser>;

/**
 * The answer to login and register: the message and who is now signed in (as session-status would
 * say), so the web goes on without asking.
 */
export const SignedInResponse = Type.Object({ ...MessageResponse.properties, user: SessionUser });
export type SignedInResponse = Static<typeof SignedInResponse>;

export const SessionStatusResponse = Type.Object({ user: Type.Union([SessionUser, Type.Null()]) });
export type SessionStatusResponse = Static<typeof SessionStatusResponse>;
