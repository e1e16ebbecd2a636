// Wire shapes of the certificate calls: the PDF download (errors only, the body is a file) and the
// public verification of a certificate number.
import { Type, type Static } from '@sinclair/typebox';
import { LANGUAGE_CODES } from './languages';

/** JGK-<year>-<8 characters without look-alikes (no 0/O, 1/I)>. */
export const CERTIFICATE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const CERTIFICATE_NUMBER_PATTERN = `^JGK-[0-9]{4}-[${CERTIFICATE_ALPHABET}]{8}$`;

export const CERTIFICATE_NOT_EARNED = 'You have not completed all the courses to get the certificate.';
export const CERTIFICATE_UNKNOWN = 'No certificate has this number.';
export const CERTIFICATE_MALFORMED = 'A certificate number looks like JGK-2026-7KQ4MX2P.';

export const CertificateMessage = Type.Object({ message: Type.String() });

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
  lang: Type.Union(LANGUAGE_CODES.map((code) => Type.Literal(code))),
});
export type CertificateVerified = Static<typeof CertificateVerified>;

export const CertificateNotFound = Type.Object({ valid: Type.Literal(false), message: Type.String() });
export type CertificateNotFound = Static<typeof CertificateNotFound>;
