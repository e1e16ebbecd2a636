// Issues a learner's certificate for a language once every published course in it is complete, and
// answers public verification by number. What a certificate says is frozen when it is issued: the
// same learner asking again gets the same number, title and date; only a corrected name reissues
// it, under the same number, with the date of the correction (ADR 20).
//
// The module's surface for other modules: none; only its routes call it.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import type { LanguageCode } from '../../../contract/languages';
import type { CertificateVerified } from '../../../contract/certificates';
import { CERTIFICATE_ALPHABET, CERTIFICATE_NUMBER_PATTERN } from '../../../contract/certificate-number';
import { badRequest, unauthorized } from '../../plugins/errors';
import { languageCompletion } from '../progress/service';
import { learnerName } from '../users/service';
import * as repo from './repository';
import { renderCertificatePdf } from './render';

/** Several course titles on one certificate are joined with this. */
export const TITLE_SEPARATOR = ' · ';
const NUMBER_LENGTH = 8;
const NUMBER_PATTERN = new RegExp(CERTIFICATE_NUMBER_PATTERN);

/** 8 characters of a 32-letter alphabet: 40 random bits, each letter from 5 bits of a byte. */
export function newCertificateNumber(now: Date = new Date()): string {
  const bytes = randomBytes(NUMBER_LENGTH);
  let code = '';
  for (const byte of bytes) code += CERTIFICATE_ALPHABET[byte % CERTIFICATE_ALPHABET.length];
  const year = new Intl.DateTimeFormat('en-IN', { year: 'numeric', timeZone: 'Asia/Kolkata' }).format(now);
  return `JGK-${year}-${code}`;
}

export function verifyUrl(publicUrl: string, number: string): string {
  return `${publicUrl}/certificates/verify/${encodeURIComponent(number)}`;
}

/**
 * The learner's certificate for the language, issued on the first request. An issued certificate
 * stays valid (and downloadable) even if a course is published in the language later. When the
 * learner's name no longer matches it (they corrected it), it is reissued in the current name
 * under the same number, dated by this request, and the previous name is kept for the programme.
 */
export async function issueCertificate(
  db: Db,
  userId: string,
  lang: LanguageCode,
  now: () => Date = () => new Date(),
): Promise<repo.CertificateRow> {
  return db.transaction(async (tx) => {
    const name = await learnerName(tx, userId);
    if (name === null) throw unauthorized();
    const existing = await repo.findByLearner(tx, userId, lang);
    if (existing) {
      if (existing.learnerName === name) return existing;
      // The learner corrected their name since: the same certificate, reissued in the name as it is.
      return (
        (await repo.reissueInName(tx, existing.number, existing.learnerName, name, now())) ??
        (await repo.findByLearner(tx, userId, lang))!
      );
    }
    const completion = await languageCompletion(tx, userId, lang);
    if (!completion.complete) throw badRequest('certificateNotEarned');
    const completedAt = new Date(Math.max(...completion.courses.map((c) => c.completedAt!.getTime())));
    const courseTitle = completion.courses.map((c) => c.title).join(TITLE_SEPARATOR);
    // 40 random bits make a clash on the number rare; each one is retried with a new number.
    for (let attempt = 0; attempt < 5; attempt++) {
      const row = await repo.insertIfAbsent(tx, {
        number: newCertificateNumber(),
        userId,
        lang,
        learnerName: name,
        courseTitle,
        completedAt,
      });
      if (row) return row;
      // A clash on the learner's own key means a parallel request issued it first: that one stands.
      const raced = await repo.findByLearner(tx, userId, lang);
      if (raced) return raced;
    }
    throw new Error('Could not find a free certificate number');
  });
}

export async function certificatePdf(db: Db, publicUrl: string, userId: string, lang: LanguageCode): Promise<Buffer> {
  const certificate = await issueCertificate(db, userId, lang);
  return renderCertificatePdf({
    learnerName: certificate.learnerName,
    courseTitle: certificate.courseTitle,
    lang,
    completedAt: certificate.completedAt,
    reissuedAt: certificate.reissuedAt,
    number: certificate.number,
    verifyUrl: verifyUrl(publicUrl, certificate.number),
  });
}

export function normaliseNumber(raw: string): string {
  const number = raw.trim().toUpperCase();
  if (!NUMBER_PATTERN.test(number)) throw badRequest('certificateMalformed');
  return number;
}

/** The certificate's public facts, or null when no certificate has this (well-formed) number. */
export async function verifyCertificate(db: Db, rawNumber: string): Promise<CertificateVerified | null> {
  const certificate = await repo.findByNumber(db, normaliseNumber(rawNumber));
  if (!certificate) return null;
  return {
    valid: true,
    learnerName: certificate.learnerName,
    courseTitle: certificate.courseTitle,
    completedAt: certificate.completedAt.toISOString(),
    ...(certificate.reissuedAt ? { reissuedAt: certificate.reissuedAt.toISOString() } : {}),
    lang: certificate.lang as LanguageCode,
  };
}
