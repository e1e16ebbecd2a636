// The media library's rows: one per file as uploaded (media_files), its text alternatives per
// language (media_alt_texts), and the lock that keeps the store's files and the rows that name them
// in step.
import { and, count, desc, eq, exists, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { LanguageCode } from '../../../contract/languages';
import type { UploadKind } from '../../../contract/media-rules';
import type { DbOrTx } from '../../db/client';
import { mediaAltTexts, mediaFiles, type MediaVariantRecord } from '../../db/schema/media-library';
import { users } from '../../db/schema/users';
import { containsPattern } from '../../lib/like-pattern';

const MEDIA_STORE_LOCK_KEY = 7_413_002_102;

/**
 * Taken by the transaction that adds a file's row and by the one that removes files no row names
 * any more, so that a file is never removed from the store while a row naming it is being added
 * (the same bytes uploaded again as they are deleted). Held for a few statements, never while a
 * file is received.
 */
export async function lockStore(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${MEDIA_STORE_LOCK_KEY})`);
}

const fileColumns = {
  id: mediaFiles.id,
  kind: mediaFiles.kind,
  format: mediaFiles.format,
  sha256: mediaFiles.sha256,
  originalName: mediaFiles.originalName,
  bytes: mediaFiles.bytes,
  width: mediaFiles.width,
  height: mediaFiles.height,
  durationMs: mediaFiles.durationMs,
  variants: mediaFiles.variants,
  uploadedById: mediaFiles.uploadedBy,
  uploadedByName: users.name,
  uploadedAt: mediaFiles.uploadedAt,
  updatedAt: mediaFiles.updatedAt,
};

function selectFiles(db: DbOrTx) {
  return db.select(fileColumns).from(mediaFiles).leftJoin(users, eq(users.id, mediaFiles.uploadedBy));
}

export async function findFile(db: DbOrTx, id: string) {
  const [row] = await selectFiles(db).where(eq(mediaFiles.id, id)).limit(1);
  return row ?? null;
}

export type FileRow = NonNullable<Awaited<ReturnType<typeof findFile>>>;

export async function findFileBySha256(db: DbOrTx, sha256: string): Promise<FileRow | null> {
  const [row] = await selectFiles(db).where(eq(mediaFiles.sha256, sha256)).limit(1);
  return row ?? null;
}

export async function sha256Known(db: DbOrTx, sha256: string): Promise<boolean> {
  const [row] = await db.select({ id: mediaFiles.id }).from(mediaFiles).where(eq(mediaFiles.sha256, sha256)).limit(1);
  return Boolean(row);
}

/** Locks the row until the transaction ends (a delete against a concurrent change of its alt texts). */
export async function lockFile(tx: DbOrTx, id: string): Promise<boolean> {
  const [row] = await tx.select({ id: mediaFiles.id }).from(mediaFiles).where(eq(mediaFiles.id, id)).for('update');
  return Boolean(row);
}

export interface NewFile {
  kind: UploadKind;
  format: string;
  sha256: string;
  originalName: string;
  bytes: number;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  variants: MediaVariantRecord[];
  uploadedBy: string | null;
}

export async function insertFile(tx: DbOrTx, file: NewFile): Promise<string> {
  const [row] = await tx.insert(mediaFiles).values(file).returning({ id: mediaFiles.id });
  return row!.id;
}

export async function deleteFile(tx: DbOrTx, id: string): Promise<void> {
  await tx.delete(mediaFiles).where(eq(mediaFiles.id, id));
}

export interface ListFilter {
  search?: string;
  kind?: UploadKind;
  offset: number;
  limit: number;
}

/** Newest first; a search finds words in the file's name or in any language's text alternative. */
export async function listFiles(db: DbOrTx, filter: ListFilter): Promise<{ rows: FileRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.kind) conditions.push(eq(mediaFiles.kind, filter.kind));
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    const altMatches = db
      .select({ one: sql`1` })
      .from(mediaAltTexts)
      .where(and(eq(mediaAltTexts.fileId, mediaFiles.id), ilike(mediaAltTexts.text, pattern)));
    conditions.push(or(ilike(mediaFiles.originalName, pattern), exists(altMatches))!);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, totals] = await Promise.all([
    selectFiles(db)
      .where(where)
      .orderBy(desc(mediaFiles.uploadedAt), desc(mediaFiles.id))
      .offset(filter.offset)
      .limit(filter.limit),
    db.select({ total: count() }).from(mediaFiles).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** The text alternatives of these files, by file and language. */
export async function altTextsOf(
  db: DbOrTx,
  fileIds: readonly string[],
): Promise<Map<string, Partial<Record<LanguageCode, string>>>> {
  const byFile = new Map<string, Partial<Record<LanguageCode, string>>>();
  if (fileIds.length === 0) return byFile;
  const rows = await db
    .select({ fileId: mediaAltTexts.fileId, lang: mediaAltTexts.lang, text: mediaAltTexts.text })
    .from(mediaAltTexts)
    .where(inArray(mediaAltTexts.fileId, [...fileIds]));
  for (const row of rows) {
    const alt = byFile.get(row.fileId) ?? {};
    alt[row.lang as LanguageCode] = row.text;
    byFile.set(row.fileId, alt);
  }
  return byFile;
}

/** Sets (text) or removes (null) the text alternative of each language given. */
export async function writeAltTexts(
  tx: DbOrTx,
  fileId: string,
  changes: ReadonlyArray<{ lang: LanguageCode; text: string | null }>,
): Promise<void> {
  const now = new Date();
  for (const { lang, text } of changes) {
    if (text === null) {
      await tx.delete(mediaAltTexts).where(and(eq(mediaAltTexts.fileId, fileId), eq(mediaAltTexts.lang, lang)));
    } else {
      await tx
        .insert(mediaAltTexts)
        .values({ fileId, lang, text, updatedAt: now })
        .onConflictDoUpdate({ target: [mediaAltTexts.fileId, mediaAltTexts.lang], set: { text, updatedAt: now } });
    }
  }
  await tx.update(mediaFiles).set({ updatedAt: now }).where(eq(mediaFiles.id, fileId));
}

/** Of these storage keys, those that a file's row still names (one statement, whatever the number of keys). */
export async function keysNamedByFiles(db: DbOrTx, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const result = await db.execute(sql`
    select distinct variant ->> 'key' as key
    from ${mediaFiles}, jsonb_array_elements(${mediaFiles.variants}) as variant
    where variant ->> 'key' in (${sql.join(
      keys.map((key) => sql`${key}`),
      sql`, `,
    )})`);
  return new Set((result as unknown as { rows: { key: string }[] }).rows.map((row) => row.key));
}

/** Each file's name as uploaded, by id; a deleted file is absent. */
export async function namesOf(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: mediaFiles.id, name: mediaFiles.originalName })
    .from(mediaFiles)
    .where(inArray(mediaFiles.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.name]));
}
