// The media library: the files staff uploaded (through storeUpload), each kept once however often it
// is uploaded, with a text alternative per language and where content uses it. A file in use cannot
// be deleted; a deleted file's stored copies leave the store unless another file's row names them.
// Every change is written to the audit log in its own transaction.
//
// Surface for other modules: findMediaUsage (where content names a stored file), mediaNames (files'
// names by id, for the audit log).
import type { ContentKind } from '../../../contract/content-kinds';
import { LANGUAGES, isLanguageCode, type LanguageCode } from '../../../contract/languages';
import type { MediaAlt, MediaFile, MediaFileDetail, MediaUsage } from '../../../contract/media-library';
import type { UploadKind } from '../../../contract/media-rules';
import type { Db, DbOrTx } from '../../db/client';
import type { FileStorage } from '../../lib/storage/file-storage';
import { HttpError, conflict, notFound } from '../../plugins/errors';
import { recordAudit, type AuditActor } from '../audit/service';
import { itemsOfPublicRows } from '../authoring/service';
import { assertMayEditLanguage, type StaffMember } from '../staff/service';
import { storeUpload, type StoredUpload, type UploadDeps, type UploadSource } from '../uploads/service';
import * as repo from './repository';
import { placesNaming, type UsageRow } from './usage-repository';

const ENTITY = 'media';

// ---------------------------------------------------------------- answers

function toMediaFile(storage: FileStorage, row: repo.FileRow, alt: Partial<Record<LanguageCode, string>>): MediaFile {
  const variants = row.variants.map((variant) => ({
    path: storage.publicPath(variant.key),
    contentType: variant.contentType,
    bytes: variant.bytes,
    ...(variant.width === undefined ? {} : { width: variant.width }),
    ...(variant.height === undefined ? {} : { height: variant.height }),
  }));
  return {
    id: row.id,
    kind: row.kind as UploadKind,
    format: row.format,
    originalName: row.originalName,
    bytes: row.bytes,
    width: row.width,
    height: row.height,
    durationSeconds: row.durationMs === null ? null : row.durationMs / 1000,
    path: variants[0]!.path,
    variants,
    alt,
    uploadedBy:
      row.uploadedById && row.uploadedByName !== null ? { id: row.uploadedById, name: row.uploadedByName } : null,
    uploadedAt: row.uploadedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toUsage(row: UsageRow): MediaUsage {
  return {
    kind: row.kind,
    id: row.id,
    title: row.title,
    lang: row.lang,
    field: row.field,
    course: row.courseId && row.courseTitle !== null ? { id: row.courseId, title: row.courseTitle } : null,
    // A draft's row is its item; the others are found by getMedia.
    itemId: row.kind === 'draft' ? row.id : null,
  };
}

/** The content kind and public id that hold a usage: a lesson and a video are their course's. */
function publicRowOf(usage: MediaUsage): { kind: ContentKind; id: string; lang: LanguageCode } | null {
  if (!usage.lang || !isLanguageCode(usage.lang) || usage.kind === 'draft') return null;
  if (usage.kind === 'lesson' || usage.kind === 'video')
    return usage.course ? { kind: 'course', id: usage.course.id, lang: usage.lang } : null;
  return { kind: usage.kind, id: usage.id, lang: usage.lang };
}

/** Each usage with the content item staff edit it as. */
async function withItems(db: DbOrTx, usages: MediaUsage[]): Promise<MediaUsage[]> {
  const rows = usages.map(publicRowOf);
  const found = await itemsOfPublicRows(
    db,
    rows.filter((row) => row !== null),
  );
  return usages.map((usage, index) => {
    const row = rows[index];
    return row ? { ...usage, itemId: found.get(`${row.kind}/${row.id}`) ?? null } : usage;
  });
}

/** What the audit log keeps of a file: enough to know which file it was and what it said. */
function auditRecord(row: repo.FileRow, alt: Partial<Record<LanguageCode, string>>) {
  return {
    kind: row.kind,
    format: row.format,
    originalName: row.originalName,
    sha256: row.sha256,
    bytes: row.bytes,
    keys: row.variants.map((variant) => variant.key),
    alt,
  };
}

// ---------------------------------------------------------------- where a file is used

/** Files' names as uploaded, by id (a deleted file is absent). */
export const mediaNames = (db: DbOrTx, ids: readonly string[]) => repo.namesOf(db, ids);

/** Every place content names one of these stored files (by their storage keys). */
export async function findMediaUsage(db: DbOrTx, keys: readonly string[]): Promise<MediaUsage[]> {
  return (await placesNaming(db, keys)).map(toUsage);
}

const FIELD_WORDS: Record<MediaUsage['field'], string> = {
  image: 'the image',
  document: 'the document',
  video: 'the video file',
  poster: 'the poster',
  description: 'the description',
  summary: 'the summary',
  journal: 'the journal prompt',
  content: 'the text',
  draft: 'the draft',
};

/** "the text of the lesson "Budgets" in the course "Money basics" (Hindi)" */
export function describeUsage(usage: MediaUsage): string {
  const lang = usage.lang && usage.lang in LANGUAGES ? ` (${LANGUAGES[usage.lang as LanguageCode].name})` : '';
  // A course's image is its cover; a post's or a story's description is its whole text.
  const field =
    usage.kind === 'course' && usage.field === 'image'
      ? 'the cover image'
      : (usage.kind === 'blog' || usage.kind === 'story') && usage.field === 'description'
        ? 'the text'
        : FIELD_WORDS[usage.field];
  switch (usage.kind) {
    case 'course':
      return `${field} of the course "${usage.title}"${lang}`;
    case 'lesson':
      return `${field} of the lesson "${usage.title}" in the course "${usage.course?.title ?? ''}"${lang}`;
    case 'video':
      return `${usage.field === 'poster' ? 'the poster of ' : ''}the video "${usage.title}" of the course "${usage.course?.title ?? ''}"${lang}`;
    case 'blog':
      return `${field} of the blog post "${usage.title}"${lang}`;
    case 'story':
      return `${usage.field === 'image' ? 'the photo' : field} of the success story of ${usage.title}${lang}`;
    case 'gallery':
      return `a picture in the gallery "${usage.title}"${lang}`;
    case 'banner':
      return `a picture of the banner "${usage.title}"${lang}`;
    case 'draft':
      return `the unpublished draft of "${usage.title}"${lang}`;
  }
}

/** How many places a refusal names before it says "and N more". */
const PLACES_NAMED = 10;

/** A delete refused because content still uses the file: the English message names each place. */
export class MediaInUseError extends HttpError {
  constructor(readonly usedIn: readonly MediaUsage[]) {
    super(409, 'mediaInUse', { count: usedIn.length });
    const named = usedIn.slice(0, PLACES_NAMED).map(describeUsage);
    const more = usedIn.length > PLACES_NAMED ? `; and ${usedIn.length - PLACES_NAMED} more` : '';
    const places = usedIn.length === 1 ? '1 place' : `${usedIn.length} places`;
    this.message = `This file is still used in ${places}: ${named.join('; ')}${more}. Remove it from there first, then delete it.`;
    this.name = 'MediaInUseError';
  }
}

// ---------------------------------------------------------------- upload

export interface MediaUploadInput {
  kind: UploadKind;
  filename: string;
  source: UploadSource;
}

export interface MediaUploadOutcome {
  file: MediaFile;
  /** The same file was uploaded before: this is that file. */
  repeat: boolean;
  warnings: string[];
}

async function answerFor(db: DbOrTx, storage: FileStorage, row: repo.FileRow): Promise<MediaFile> {
  const alt = await repo.altTextsOf(db, [row.id]);
  return toMediaFile(storage, row, alt.get(row.id) ?? {});
}

/**
 * Stores an uploaded file and adds it to the library, or, when the same file (the same bytes) is
 * there already, answers that one without processing or storing anything again.
 */
export async function uploadMedia(
  db: Db,
  uploads: UploadDeps,
  actor: AuditActor,
  input: MediaUploadInput,
): Promise<MediaUploadOutcome> {
  const stored = await storeUpload(uploads, { ...input, isStored: (sha256) => repo.sha256Known(db, sha256) });
  if (stored.repeat) {
    const existing = await repo.findFileBySha256(db, stored.sha256);
    // Deleted between the two reads: its files may be gone, and this upload kept none.
    if (!existing) throw conflict('mediaDeletedDuringUpload');
    return { file: await answerFor(db, uploads.storage, existing), repeat: true, warnings: [] };
  }
  return db.transaction(async (tx) => {
    await repo.lockStore(tx);
    const existing = await repo.findFileBySha256(tx, stored.sha256);
    // The same file, uploaded at the same time by someone else, was added first.
    if (existing)
      return { file: await answerFor(tx, uploads.storage, existing), repeat: true, warnings: stored.warnings };
    // A file this upload shares with a row being deleted may have left the store after storeUpload
    // found it there; with the lock held, what is there now stays.
    for (const variant of stored.variants) {
      if (!(await uploads.storage.exists(variant.key))) throw conflict('mediaDeletedDuringUpload');
    }
    const id = await repo.insertFile(tx, newFile(stored, actor));
    const row = (await repo.findFile(tx, id))!;
    await recordAudit(tx, actor, {
      action: 'media.upload',
      entityKind: ENTITY,
      entityId: id,
      after: auditRecord(row, {}),
    });
    return { file: toMediaFile(uploads.storage, row, {}), repeat: false, warnings: stored.warnings };
  });
}

function newFile(stored: StoredUpload, actor: AuditActor): repo.NewFile {
  return {
    kind: stored.kind,
    format: stored.format,
    sha256: stored.sha256,
    originalName: stored.filename,
    bytes: stored.bytes,
    width: stored.width ?? null,
    height: stored.height ?? null,
    durationMs: stored.durationMs ?? null,
    variants: stored.variants.map((variant) => ({
      key: variant.key,
      contentType: variant.contentType,
      bytes: variant.bytes,
      ...(variant.width === undefined ? {} : { width: variant.width }),
      ...(variant.height === undefined ? {} : { height: variant.height }),
    })),
    uploadedBy: actor.id,
  };
}

// ---------------------------------------------------------------- read

export async function listMedia(
  db: DbOrTx,
  storage: FileStorage,
  filter: repo.ListFilter,
): Promise<{ rows: MediaFile[]; total: number }> {
  const search = filter.search?.trim();
  const { rows, total } = await repo.listFiles(db, { ...filter, search: search || undefined });
  const alt = await repo.altTextsOf(
    db,
    rows.map((row) => row.id),
  );
  return { rows: rows.map((row) => toMediaFile(storage, row, alt.get(row.id) ?? {})), total };
}

export async function getMedia(db: DbOrTx, storage: FileStorage, id: string): Promise<MediaFileDetail> {
  const row = await repo.findFile(db, id);
  if (!row) throw notFound('mediaNotFound');
  const [file, usedIn] = await Promise.all([
    answerFor(db, storage, row),
    findMediaUsage(
      db,
      row.variants.map((variant) => variant.key),
    ),
  ]);
  return { ...file, usedIn: await withItems(db, usedIn) };
}

// ---------------------------------------------------------------- change

/** Each language's new text alternative, trimmed; an empty one removes that language's. */
function altChanges(alt: MediaAlt): { lang: LanguageCode; text: string | null }[] {
  return (Object.entries(alt) as [LanguageCode, string | undefined][])
    .filter((entry): entry is [LanguageCode, string] => entry[1] !== undefined)
    .map(([lang, text]) => ({ lang, text: text.replace(/\s+/g, ' ').trim() || null }));
}

/** Sets text alternatives; a translator only in the languages assigned to them. */
export async function setMediaAlt(
  db: Db,
  storage: FileStorage,
  member: StaffMember,
  actor: AuditActor,
  id: string,
  alt: MediaAlt,
): Promise<MediaFile> {
  const changes = altChanges(alt);
  for (const { lang } of changes) assertMayEditLanguage(member, lang);
  return db.transaction(async (tx) => {
    if (!(await repo.lockFile(tx, id))) throw notFound('mediaNotFound');
    const before = (await repo.altTextsOf(tx, [id])).get(id) ?? {};
    await repo.writeAltTexts(tx, id, changes);
    const after = (await repo.altTextsOf(tx, [id])).get(id) ?? {};
    const langs = changes.map((change) => change.lang);
    const pick = (texts: Partial<Record<LanguageCode, string>>) =>
      Object.fromEntries(langs.map((lang) => [lang, texts[lang] ?? null]));
    await recordAudit(tx, actor, {
      action: 'media.alt',
      entityKind: ENTITY,
      entityId: id,
      lang: langs.length === 1 ? langs[0] : null,
      before: { alt: pick(before) },
      after: { alt: pick(after) },
    });
    const row = (await repo.findFile(tx, id))!;
    return toMediaFile(storage, row, after);
  });
}

export interface MediaDeleteOutcome {
  /** Stored files that no row names any more but could not be removed (left for an operator). */
  leftInStore: { key: string; error: unknown }[];
}

/**
 * Deletes a file from the library, refused (409, naming the places) while content uses it; then its
 * stored copies leave the store unless another file's row names them.
 */
export async function deleteMedia(
  db: Db,
  storage: FileStorage,
  actor: AuditActor,
  id: string,
): Promise<MediaDeleteOutcome> {
  const keys = await db.transaction(async (tx) => {
    if (!(await repo.lockFile(tx, id))) throw notFound('mediaNotFound');
    const row = (await repo.findFile(tx, id))!;
    const keys = row.variants.map((variant) => variant.key);
    const usedIn = await findMediaUsage(tx, keys);
    if (usedIn.length > 0) throw new MediaInUseError(usedIn);
    const alt = (await repo.altTextsOf(tx, [id])).get(id) ?? {};
    await repo.deleteFile(tx, id);
    await recordAudit(tx, actor, {
      action: 'media.delete',
      entityKind: ENTITY,
      entityId: id,
      before: auditRecord(row, alt),
      after: null,
    });
    return keys;
  });
  return removeUnnamed(db, storage, keys);
}

/** Removes from the store the keys no file's row names, under the store lock (see repo.lockStore). */
async function removeUnnamed(db: Db, storage: FileStorage, keys: readonly string[]): Promise<MediaDeleteOutcome> {
  return db.transaction(async (tx) => {
    await repo.lockStore(tx);
    const named = await repo.keysNamedByFiles(tx, keys);
    const leftInStore: MediaDeleteOutcome['leftInStore'] = [];
    for (const key of keys.filter((key) => !named.has(key))) {
      try {
        await storage.delete(key);
      } catch (error) {
        leftInStore.push({ key, error });
      }
    }
    return { leftInStore };
  });
}
