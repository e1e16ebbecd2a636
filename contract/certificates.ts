// Wire shapes of the certificate calls: the PDF download (errors only, the body is a file) and the
// public verification of a certificate number.
import { Type, type Static } from '@sinclair/typebox';
import { LANGUAGE_CODES } from './languages';
import { MessageResponse } from './message-responses';

export const CertificateNumberParams = Type.Object({
  // Checked by the service after trimming and upper-casing, so a number typed from paper in lower
  // case still verifies; only the length is bounded here.
  number: Type.String({ minLength: 1, maxLength: 64, examples: ['JGK-2026-7KQ4MX2P'] }),
});

export const CertificateVerified = Type.Object({
  valid: Type.Literal(true),
  learnerName: Type.String(),
  courseTitle: Type.String(),
  completedAt: Type.String({ format: 'date-time' }),
  reissuedAt: Type.Optional(
    Type.String({
      format: 'date-time',
      description: 'When the certificate was reissued under this number with a corrected name',
    }),
  ),
  lang: Type.Union(LANGUAGE_CODES.map((code) => Type.Literal(code))),
});
export type CertificateVerified = Static<typeof CertificateVerified>;

/** 404 of the verification: `valid: false` beside the message (code certificateUnknown). */
export const CertificateNotFound = Type.Composite([Type.Object({ valid: Type.Literal(false) }), MessageResponse]);
export type CertificateNotFound = Static<typeof CertificateNotFound>;
