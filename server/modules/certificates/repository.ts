// Certificate rows: one per learner and language, found by its number for verification.
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { certificates } from '../../db/schema';
import type { LanguageCode } from '../../../contract/languages';

export interface CertificateRow {
  number: string;
  lang: string;
  learnerName: string;
  courseTitle: string;
  completedAt: Date;
}

const columns = {
  number: certificates.number,
  lang: certificates.lang,
  learnerName: certificates.learnerName,
  courseTitle: certificates.courseTitle,
  completedAt: certificates.completedAt,
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
  values: { number: string; userId: string; lang: LanguageCode; learnerName: string; courseTitle: string; completedAt: Date },
): Promise<CertificateRow | null> {
  const [row] = await db.insert(certificates).values(values).onConflictDoNothing().returning(columns);
  return row ?? null;
}
