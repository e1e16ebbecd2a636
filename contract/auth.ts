// Sign-in with a one-time password: the request and response shapes the web and the server share.
import { Type, type Static } from '@sinclair/typebox';

export const OTP_LENGTH = 6;
/** Digits of a mobile number after stripping everything else: country code plus 10 digits. */
export const MOBILE_DIGITS = 12;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

// Fields are optional strings at the schema level on purpose: the service answers a missing or
// malformed value with the specification's own wording ("Enter a valid phone number") instead of a
// generic validation message. The length caps only stop absurd payloads early.
const loose = (maxLength: number) => Type.Optional(Type.String({ maxLength }));

export const SendOtpBody = Type.Object({ mobile: loose(64) });
export type SendOtpBody = Static<typeof SendOtpBody>;

export const LoginBody = Type.Object({ mobile: loose(64), otp: loose(32) });
export type LoginBody = Static<typeof LoginBody>;

export const RegisterBody = Type.Object({
  mobile: loose(64),
  otp: loose(32),
  name: loose(1000),
  email: loose(1000),
});
export type RegisterBody = Static<typeof RegisterBody>;

export const MessageResponse = Type.Object({ message: Type.String() });
export type MessageResponse = Static<typeof MessageResponse>;

/** 400 answer: the message, and for a schema violation the field(s) at fault. */
export const BadRequestResponse = Type.Object({
  message: Type.String(),
  details: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
});
export type BadRequestResponse = Static<typeof BadRequestResponse>;

/** 429 answer of the one-time-password calls: retryAfter (seconds) drives the web's countdown. */
export const RetryLaterResponse = Type.Object({ message: Type.String(), retryAfter: Type.Integer() });
export type RetryLaterResponse = Static<typeof RetryLaterResponse>;

export const SessionUser = Type.Object({ role: Type.String(), name: Type.String(), active: Type.Boolean() });
export type SessionUser = Static<typeof SessionUser>;

export const SessionStatusResponse = Type.Object({ user: Type.Union([SessionUser, Type.Null()]) });
export type SessionStatusResponse = Static<typeof SessionStatusResponse>;
