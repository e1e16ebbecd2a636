// Certificate rows: one per learner and language, found by its number for verification; and the
// names a certificate had before a correction.
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { certificateNameCorrections, certificates } from '../../db/schema/certificates';
import type { LanguageCode } from '../../../contract/languages';

export interface CertificateRow {
  number: string;
  lang: string;
  learnerName: string;
  courseTitle: string;
  completedAt: Date;
  /** When the name on it was last corrected (the certificate reissued under the same number). */
  reissuedAt: Date | null;
}

const columns = {
  number: certificates.number,
  lang: certificates.lang,
  learnerName: certificates.learnerName,
  courseTitle: certificates.courseTitle,
  completedAt: certificates.completedAt,
  reissuedAt: certificates.reissuedAt,
};

export async function findByLearner(db: DbOrTx, userId: string, lang: LanguageCode): Promise<CertificateRow | null> {
  const [row] = await db
    .select(columns)
    .from(certificates)
    .where(and(eq(certificates.userId, userId), eq(certificates.lang, lang)))
    .limit(1);
  return row ?? null;
}

export async function findByNumber(db: DbOrTx, number: string): Promise<CertificateRow | null> {
  const [row] = await db.select(columns).from(certificates).where(eq(certificates.number, number)).limit(1);
  return row ?? null;
}

/**
 * Inserts the certificate unless one clashes on either unique key (the learner's language, or the
 * number); returns null on a clash so the caller can tell which and act, without aborting the
 * surrounding transaction as a failed insert would on PostgreSQL.
 */
export async function insertIfAbsent(
  db: DbOrTx,
  values: {
    number: string;
    userId: string;
    lang: LanguageCode;
    learnerName: string;
    courseTitle: string;
    completedAt: Date;
  },
): Promise<CertificateRow | null> {
  const [row] = await db.insert(certificates).values(values).onConflictDoNothing().returning(columns);
  return row ?? null;
}

/**
 * Reissues the certificate in a corrected name, keeping the name it had: only while it still has
 * `previousName` (a parallel reissue already done answers null), in one statement each.
 */
export async function reissueInName(
  db: DbOrTx,
  number: string,
  previousName: string,
  name: string,
  at: Date,
): Promise<CertificateRow | null> {
  const [row] = await db
    .update(certificates)
    .set({ learnerName: name, reissuedAt: at })
    .where(and(eq(certificates.number, number), eq(certificates.learnerName, previousName)))
    .returning({ ...columns, id: certificates.id });
  if (!row) return null;
  const { id, ...certificate } = row;
  await db.insert(certificateNameCorrections).values({ certificateId: id, previousName, correctedAt: at });
  return certificate;
}
