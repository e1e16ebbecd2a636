// Authoring (ADR 19): items in languages, a version kept at every save, drafts over what is
// published, publishing now or at a time, translations with per-field stale marks, soft delete.
// Every write takes the item's row lock first (so two never interleave, on any instance), checks the
// version it was based on, and records itself in the audit log in the same transaction. Publishing
// projects the version into the public tables learners read (projection.ts, repository.ts) and
// announces the change so every instance drops its public caches.
//
// A preview (previewLanguage) projects the newest version the same way inside a transaction that is
// always rolled back, and reads it back with the public modules' own reads: what staff see is what
// learners will get, and nothing reaches the public tables or their caches.
//
// The module's surface for other modules: itemsOfPublicRows (the item a public row was published
// from; the media library links where a file is used to the item's page). Its routes, the importer
// and the translator exchange (exchange.ts) call the rest.
import { randomUUID } from 'node:crypto';
import type {
  AnyDocument,
  ContentDocuments,
  ContentItem,
  LanguageHead,
  LanguageState,
  PreviewResponse,
  VersionInfo,
} from '../../../contract/authoring';
import { SCHEDULE_MAX_DAYS, type ContentKind, type ContentStatus, type VersionOrigin } from '../../../contract/content-kinds';
import { LANGUAGE_CODES, type LanguageCode } from '../../../contract/languages';
import type { Db, DbOrTx } from '../../db/client';
import { announceContentChange } from '../../lib/content-changes';
import { ContentConflictError, type ReadModel, type ReadModelStatus } from '../../lib/read-models';
import { FieldsError, HttpError, badRequest, conflict, notFound } from '../../plugins/errors';
import { recordAudit, type AuditActor } from '../audit/service';
import * as blogsService from '../blogs/service';
import * as coursesService from '../courses/service';
import * as mediaService from '../media/service';
import * as quizzesService from '../quizzes/service';
import * as storiesService from '../success-stories/service';
import { assertMayEditLanguage, type StaffMember } from '../staff/service';
import {
  EMPTY_TEXT_HASH,
  assignKeys,
  canonicalJson,
  diffDocuments,
  documentTitle,
  flatten,
  isTextRole,
  publishProblems,
  sanitizeDocument,
  shapeProblems,
  structure,
  structureDifferences,
  textHashes,
  textValues,
  translationTemplate,
  type FieldChange,
} from './documents';
import * as items from './items-repository';
import type { SourceRef } from './items-repository';

/** Who is writing: the staff member (roles, languages) and how the audit log names them. */
export interface Writer {
  member: StaffMember;
  actor: AuditActor;
}

const isEditor = (member: StaffMember) => member.roles.includes('admin') || member.roles.includes('editor');

// ---------------------------------------------------------------- shapes of answers

function stateOut(item: items.ItemRow, state: items.StateRow): LanguageState {
  return {
    lang: state.lang as LanguageCode,
    publicId: publicId(item.kind as ContentKind, item, state.lang as LanguageCode),
    status: state.status as ContentStatus,
    headVersion: state.headVersion,
    publishedVersion: state.publishedVersion,
    publishedAt: state.publishedAt?.toISOString() ?? null,
    scheduled: state.publishAt && state.scheduledVersion ? { version: state.scheduledVersion, at: state.publishAt.toISOString() } : null,
    updatedAt: state.updatedAt.toISOString(),
  };
}

function itemOut(item: items.ItemRow, title: string, states: items.StateRow[]): ContentItem {
  return {
    id: item.id,
    kind: item.kind as ContentKind,
    slug: item.slug,
    sourceLang: item.sourceLang as LanguageCode,
    title,
    owner: item.owner as 'import' | 'staff',
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
    deletedAt: item.deletedAt?.toISOString() ?? null,
    // In the platform's order (English first), as every list of languages is shown; the rows come by code.
    languages: LANGUAGE_CODES.flatMap((code) => states.filter((state) => state.lang === code)).map((state) => stateOut(item, state)),
  };
}

async function versionOut(db: DbOrTx, version: items.VersionRow): Promise<VersionInfo> {
  const names = version.createdBy ? await items.namesOf(db, [version.createdBy]) : new Map<string, string>();
  return {
    number: version.number,
    origin: version.origin as VersionOrigin,
    restoredFrom: version.restoredFrom,
    createdAt: version.createdAt.toISOString(),
    createdBy: version.createdBy ? { id: version.createdBy, name: names.get(version.createdBy) ?? '' } : null,
  };
}

async function headOut(db: DbOrTx, item: items.ItemRow, state: items.StateRow, version: items.VersionRow): Promise<LanguageHead> {
  return {
    itemId: item.id,
    kind: item.kind as ContentKind,
    lang: state.lang as LanguageCode,
    version: await versionOut(db, version),
    state: stateOut(item, state),
    body: version.body as AnyDocument,
  };
}

// ---------------------------------------------------------------- reading

export async function requireItem(db: DbOrTx, id: string): Promise<items.ItemRow> {
  const item = await items.findItem(db, id);
  if (!item) throw notFound('contentNotFound');
  return item;
}

async function requireHead(db: DbOrTx, item: items.ItemRow, lang: LanguageCode): Promise<{ state: items.StateRow; version: items.VersionRow }> {
  const state = await items.findState(db, item.id, lang);
  if (!state) throw notFound('contentLanguageMissing');
  const version = await items.findVersion(db, item.id, lang, state.headVersion);
  return { state, version: version! };
}

export async function listItems(db: Db, filter: items.ItemFilter): Promise<{ items: ContentItem[]; total: number }> {
  const { rows, total } = await items.listItems(db, filter);
  const states = await items.statesOf(db, rows.map((row) => row.id));
  return { items: rows.map((row) => itemOut(row, row.title, states.filter((s) => s.itemId === row.id))), total };
}

export async function getItem(db: Db, id: string): Promise<ContentItem> {
  const item = await requireItem(db, id);
  const [title, states] = await Promise.all([items.itemTitle(db, item), items.statesOf(db, [id])]);
  return itemOut(item, title, states);
}

export async function getHead(db: Db, id: string, lang: LanguageCode): Promise<LanguageHead> {
  const item = await requireItem(db, id);
  const { state, version } = await requireHead(db, item, lang);
  return headOut(db, item, state, version);
}

export async function getVersion(db: Db, id: string, lang: LanguageCode, number: number): Promise<LanguageHead> {
  const item = await requireItem(db, id);
  const { state } = await requireHead(db, item, lang);
  const version = await items.findVersion(db, id, lang, number);
  if (!version) throw notFound('versionNotFound');
  return headOut(db, item, state, version);
}

export async function listVersions(db: Db, id: string, lang: LanguageCode) {
  const item = await requireItem(db, id);
  const { state } = await requireHead(db, item, lang);
  const rows = await items.listVersions(db, id, lang);
  return {
    versions: rows.map((row) => ({
      number: row.number,
      origin: row.origin as VersionOrigin,
      restoredFrom: row.restoredFrom,
      createdAt: row.createdAt.toISOString(),
      createdBy: row.createdBy ? { id: row.createdBy, name: row.createdByName ?? '' } : null,
      published: row.number === state.publishedVersion,
    })),
  };
}

export async function diffVersions(db: Db, id: string, lang: LanguageCode, from: number, to: number): Promise<{ from: number; to: number; changes: FieldChange[] }> {
  const item = await requireItem(db, id);
  const found = await items.findVersions(db, id, lang, [from, to]);
  const a = found.find((v) => v.number === from);
  const b = found.find((v) => v.number === to);
  if (!a || !b) throw notFound('versionNotFound');
  return { from, to, changes: diffDocuments(item.kind as ContentKind, a.body as AnyDocument, b.body as AnyDocument) };
}

/**
 * Where a translation starts or catches up: the source's newest structure with this language's
 * text where it has it, empty text elsewhere, and the version to save it on.
 */
export async function translationStart(db: Db, id: string, lang: LanguageCode) {
  const item = await requireItem(db, id);
  const kind = item.kind as ContentKind;
  const sourceLang = item.sourceLang as LanguageCode;
  const source = await items.findState(db, id, sourceLang);
  if (!source) throw conflict('translationNeedsSource');
  const sourceVersion = (await items.findVersion(db, id, sourceLang, source.headVersion))!;
  const own = lang === sourceLang ? null : await items.findState(db, id, lang);
  const ownVersion = own ? await items.findVersion(db, id, lang, own.headVersion) : null;
  const body =
    lang === sourceLang
      ? (sourceVersion.body as AnyDocument)
      : translationTemplate(kind, sourceVersion.body as AnyDocument, (ownVersion?.body as AnyDocument | undefined) ?? null);
  return { sourceLang, sourceVersion: sourceVersion.number, baseVersion: own?.headVersion ?? (lang === sourceLang ? source.headVersion : 0), body };
}

// ---------------------------------------------------------------- translation status

interface FieldStatus {
  stale: string[];
  missing: string[];
}

/**
 * Which of a translation's fields are stale (the source's text changed after the field was last
 * translated) and which are missing (the source has text, the translation none).
 */
export function fieldStatus(sourceHashes: Record<string, string>, ownHashes: Record<string, string> | null, refs: Record<string, SourceRef> | null): FieldStatus {
  const out: FieldStatus = { stale: [], missing: [] };
  for (const [path, sourceHash] of Object.entries(sourceHashes)) {
    if (sourceHash === EMPTY_TEXT_HASH) continue;
    const own = ownHashes?.[path];
    if (own === undefined || own === EMPTY_TEXT_HASH) out.missing.push(path);
    else if (refs?.[path]?.h !== sourceHash) out.stale.push(path);
  }
  return out;
}

export async function translationMatrix(db: Db, kind: ContentKind | undefined) {
  const { items: rows, heads } = await items.matrixRows(db, kind);
  const byItem = new Map<string, typeof heads>();
  for (const head of heads) byItem.set(head.itemId, [...(byItem.get(head.itemId) ?? []), head]);
  return {
    languages: [...LANGUAGE_CODES],
    items: rows.map((row) => {
      const states = byItem.get(row.id) ?? [];
      const source = states.find((s) => s.lang === row.sourceLang);
      const sourceHashes = (source?.textHashes as Record<string, string> | undefined) ?? {};
      return {
        id: row.id,
        kind: row.kind as ContentKind,
        slug: row.slug,
        title: source?.title ?? '',
        sourceLang: row.sourceLang as LanguageCode,
        sourceVersion: source?.headVersion ?? null,
        cells: LANGUAGE_CODES.map((lang) => {
          const state = states.find((s) => s.lang === lang);
          if (!state) {
            const missing = Object.values(sourceHashes).filter((hash) => hash !== EMPTY_TEXT_HASH).length;
            return { lang, status: 'missing' as const, live: false, headVersion: null, stale: 0, missing };
          }
          const status = lang === row.sourceLang ? { stale: [], missing: [] } : fieldStatus(sourceHashes, state.textHashes as Record<string, string>, state.sourceRefs as Record<string, SourceRef> | null);
          return {
            lang,
            status: state.status as ContentStatus,
            live: state.publishedVersion !== null,
            headVersion: state.headVersion,
            stale: status.stale.length,
            missing: status.missing.length,
          };
        }),
      };
    }),
  };
}

/** A translation's stale and missing fields, each with the source's text now and when it was translated. */
export async function staleFields(db: Db, id: string, lang: LanguageCode) {
  const item = await requireItem(db, id);
  const kind = item.kind as ContentKind;
  const sourceLang = item.sourceLang as LanguageCode;
  const sourceState = await items.findState(db, id, sourceLang);
  if (!sourceState) throw conflict('translationNeedsSource');
  const source = (await items.findVersion(db, id, sourceLang, sourceState.headVersion))!;
  const state = await items.findState(db, id, lang);
  if (lang === sourceLang) return { sourceLang, sourceVersion: source.number, version: source.number, fields: [] };
  const own = state ? await items.findVersion(db, id, lang, state.headVersion) : null;
  const refs = (own?.sourceRefs as Record<string, SourceRef> | null) ?? null;
  const status = fieldStatus(source.textHashes as Record<string, string>, (own?.textHashes as Record<string, string> | undefined) ?? null, refs);
  const sourceText = textValues(kind, source.body as AnyDocument);
  const ownText = own ? textValues(kind, own.body as AnyDocument) : new Map<string, string | null>();
  const earlier = await items.findVersions(db, id, sourceLang, [...new Set(status.stale.flatMap((path) => (refs?.[path] ? [refs[path].v] : [])))]);
  const earlierText = new Map(earlier.map((v) => [v.number, textValues(kind, v.body as AnyDocument)]));
  const field = (path: string, fieldState: 'stale' | 'missing') => {
    const ref = refs?.[path];
    return {
      field: path,
      state: fieldState,
      source: sourceText.get(path) ?? null,
      translatedFrom: fieldState === 'stale' && ref ? { version: ref.v, text: earlierText.get(ref.v)?.get(path) ?? null } : null,
      translation: ownText.get(path) ?? null,
    };
  };
  return {
    sourceLang,
    sourceVersion: source.number,
    version: own?.number ?? null,
    fields: [...status.stale.map((path) => field(path, 'stale')), ...status.missing.map((path) => field(path, 'missing'))],
  };
}

// ---------------------------------------------------------------- writing

/** Checks, keys and sanitises a submitted document of the kind; 400 naming every field at fault. */
function prepareDocument(kind: ContentKind, body: unknown): AnyDocument {
  const shape = shapeProblems(kind, body);
  if (shape.length) throw new FieldsError(400, 'contentInvalid', shape);
  const { doc, problems } = assignKeys(kind, body as AnyDocument);
  if (problems.length) throw new FieldsError(400, 'contentInvalid', problems);
  return sanitizeDocument(kind, doc);
}

/**
 * A translation's source references after a save: a field whose text changed (or that the
 * translator confirmed) now comes from the source's current text; the others keep where they came from.
 */
function nextSourceRefs(
  kind: ContentKind,
  doc: AnyDocument,
  previous: { body: AnyDocument; refs: Record<string, SourceRef> | null } | null,
  source: items.VersionRow,
  confirmed: ReadonlySet<string>,
): Record<string, SourceRef> {
  const before = previous ? textValues(kind, previous.body) : new Map<string, string | null>();
  const sourceHashes = source.textHashes as Record<string, string>;
  const refs: Record<string, SourceRef> = {};
  for (const field of flatten(kind, doc)) {
    if (!isTextRole(field.role)) continue;
    const value = field.value as string | null;
    if (value === null || value.trim() === '') continue;
    const sourceHash = sourceHashes[field.path];
    const changed = !previous || before.get(field.path) !== value || confirmed.has(field.path);
    if (changed) {
      if (sourceHash !== undefined) refs[field.path] = { v: source.number, h: sourceHash };
    } else if (previous?.refs?.[field.path]) {
      refs[field.path] = previous.refs[field.path]!;
    }
  }
  return refs;
}

/** The audit log's record of a new version: the fields it changed, before and after. */
function changeRecord(changes: FieldChange[], from: number, to: number) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const change of changes) {
    before[change.field] = change.before;
    after[change.field] = change.after;
  }
  return { before: { version: from || null, fields: before }, after: { version: to, fields: after } };
}

async function takeOwnership(tx: DbOrTx, item: items.ItemRow): Promise<void> {
  if (item.owner !== 'staff') await items.updateItem(tx, item.id, { owner: 'staff' });
}

export async function lockLiveItem(tx: DbOrTx, id: string): Promise<items.ItemRow> {
  const item = await items.lockItem(tx, id);
  if (!item) throw notFound('contentNotFound');
  if (item.deletedAt) throw conflict('contentDeleted');
  return item;
}

export type SaveResult = { ok: true; head: LanguageHead } | { ok: false; current: LanguageHead };

interface NewVersion {
  body: unknown;
  origin: VersionOrigin;
  restoredFrom?: number;
  confirmFields?: readonly string[];
}

/**
 * A new version of a language, unless the document is the same as the head's. A save based on
 * another version than the head is answered with the head, and nothing is written.
 */
export async function writeVersion(tx: DbOrTx, writer: Writer, item: items.ItemRow, lang: LanguageCode, baseVersion: number, next: NewVersion): Promise<SaveResult> {
  const kind = item.kind as ContentKind;
  const sourceLang = item.sourceLang as LanguageCode;
  assertMayEditLanguage(writer.member, lang);
  const state = await items.findState(tx, item.id, lang);
  const head = state ? (await items.findVersion(tx, item.id, lang, state.headVersion))! : null;
  if (state && head && baseVersion !== state.headVersion) return { ok: false, current: await headOut(tx, item, state, head) };
  if (!state && baseVersion !== 0) throw notFound('contentLanguageMissing');

  const doc = prepareDocument(kind, next.body);
  const sourceState = lang === sourceLang ? null : await items.findState(tx, item.id, sourceLang);
  if (lang !== sourceLang && !sourceState) throw conflict('translationNeedsSource');
  const source = sourceState ? (await items.findVersion(tx, item.id, sourceLang, sourceState.headVersion))! : null;

  if (!isEditor(writer.member)) {
    // A translator changes text only: the structure must stay the head's, or become the source's
    // (catching up with it through the translation's starting point).
    const mine = structure(kind, doc);
    const allowed = [
      head ? structure(kind, head.body as AnyDocument) : null,
      source ? structure(kind, translationTemplate(kind, source.body as AnyDocument, (head?.body as AnyDocument | undefined) ?? null)) : null,
    ].filter((s): s is NonNullable<typeof s> => s !== null);
    const differences = allowed.map((reference) => structureDifferences(mine, reference));
    if (!differences.some((d) => d.length === 0)) {
      const fields = differences.sort((a, b) => a.length - b.length)[0] ?? [];
      throw new FieldsError(403, 'translatorTextOnly', fields.slice(0, 50).map((field) => ({ field, message: 'may be changed by an editor only' })));
    }
  }

  const confirmed = new Set(next.confirmFields ?? []);
  if (head && canonicalJson(head.body) === canonicalJson(doc) && confirmed.size === 0) {
    return { ok: true, head: await headOut(tx, item, state!, head) };
  }
  const number = (state?.headVersion ?? 0) + 1;
  const version = await items.insertVersion(tx, {
    itemId: item.id,
    lang,
    number,
    body: doc,
    textHashes: textHashes(kind, doc),
    sourceRefs: source ? nextSourceRefs(kind, doc, head ? { body: head.body as AnyDocument, refs: head.sourceRefs as Record<string, SourceRef> | null } : null, source, confirmed) : null,
    origin: next.origin,
    restoredFrom: next.restoredFrom ?? null,
    createdBy: writer.actor.id,
  });
  const newState = await items.upsertState(tx, item.id, lang, { headVersion: number, status: 'draft' });
  await takeOwnership(tx, item);
  const changes = diffDocuments(kind, (head?.body as AnyDocument | undefined) ?? null, doc);
  await recordAudit(tx, writer.actor, {
    action: next.origin === 'restore' ? 'content.restoreVersion' : 'content.save',
    entityKind: kind,
    entityId: item.id,
    lang,
    ...changeRecord(changes, state?.headVersion ?? 0, number),
  });
  return { ok: true, head: await headOut(tx, item, newState, version) };
}

export async function createItem(
  db: Db,
  writer: Writer,
  input: { kind: ContentKind; slug: string; lang: LanguageCode; body: unknown },
): Promise<{ item: ContentItem; head: LanguageHead }> {
  return db.transaction(async (tx) => {
    const id = randomUUID();
    const inserted = await items.insertItem(tx, { id, kind: input.kind, slug: input.slug, sourceLang: input.lang, idSeed: id, owner: 'staff', createdBy: writer.actor.id });
    if (!inserted) throw conflict('slugTaken');
    await recordAudit(tx, writer.actor, { action: 'content.create', entityKind: input.kind, entityId: id, lang: input.lang, after: { slug: input.slug, sourceLang: input.lang } });
    const saved = await writeVersion(tx, writer, inserted, input.lang, 0, { body: input.body, origin: 'save' });
    if (!saved.ok) throw new Error('a new item cannot have a newer version');
    const states = await items.statesOf(tx, [id]);
    return { item: itemOut(inserted, documentTitle(input.kind, saved.head.body), states), head: saved.head };
  });
}

export function saveLanguage(
  db: Db,
  writer: Writer,
  id: string,
  lang: LanguageCode,
  input: { baseVersion: number; body: unknown; confirmFields?: string[] },
): Promise<SaveResult> {
  return db.transaction(async (tx) => {
    const item = await lockLiveItem(tx, id);
    return writeVersion(tx, writer, item, lang, input.baseVersion, { body: input.body, origin: 'save', confirmFields: input.confirmFields });
  });
}

/** An older version made the newest again, as a new version (nothing is ever rewritten). */
export function restoreVersion(db: Db, writer: Writer, id: string, lang: LanguageCode, number: number, baseVersion: number): Promise<SaveResult> {
  return db.transaction(async (tx) => {
    const item = await lockLiveItem(tx, id);
    const old = await items.findVersion(tx, id, lang, number);
    if (!old) throw notFound('versionNotFound');
    return writeVersion(tx, writer, item, lang, baseVersion, { body: old.body, origin: 'restore', restoredFrom: number });
  });
}

/** A translator hands the newest version to the editors. */
export function submitLanguage(db: Db, writer: Writer, id: string, lang: LanguageCode, version: number): Promise<SaveResult> {
  return db.transaction(async (tx) => {
    const item = await lockLiveItem(tx, id);
    assertMayEditLanguage(writer.member, lang);
    const { state, version: head } = await requireHead(tx, item, lang);
    if (version !== state.headVersion) return { ok: false, current: await headOut(tx, item, state, head) };
    if (state.status !== 'draft') return { ok: true, head: await headOut(tx, item, state, head) };
    const next = await items.updateState(tx, id, lang, { status: 'in_review' });
    await takeOwnership(tx, item);
    await recordAudit(tx, writer.actor, {
      action: 'content.submit',
      entityKind: item.kind,
      entityId: id,
      lang,
      before: { status: state.status, version },
      after: { status: 'in_review', version },
    });
    return { ok: true, head: await headOut(tx, item, next, head) };
  });
}

// ---------------------------------------------------------------- publishing

/**
 * Surface: the item each public row (a course, post, story, gallery title or banner item in a
 * language) was published from, keyed `kind/publicId`. Public ids are derived from the item (UUID v5),
 * so they are computed here for the items of the kinds asked about, in the languages asked about.
 */
export async function itemsOfPublicRows(db: DbOrTx, rows: readonly { kind: ContentKind; id: string; lang: LanguageCode }[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (rows.length === 0) return found;
  const wanted = new Set(rows.map((row) => `${row.kind}/${row.id}`));
  const langs = [...new Set(rows.map((row) => row.lang))];
  for (const item of await items.itemsOfKinds(db, [...new Set(rows.map((row) => row.kind))])) {
    for (const lang of langs) {
      const key = `${item.kind}/${publicId(item.kind as ContentKind, item, lang)}`;
      if (wanted.has(key)) found.set(key, item.id);
    }
  }
  return found;
}

/** Each kind's read model, named on its public module's surface: authoring never writes their tables itself. */
const READ_MODELS: { [K in ContentKind]: ReadModel<ContentDocuments[K]> } = {
  course: coursesService.courseReadModel,
  blog: blogsService.blogReadModel,
  story: storiesService.storyReadModel,
  gallery: mediaService.galleryReadModel,
  banner: mediaService.bannerReadModel,
};

const readModel = (kind: ContentKind) => READ_MODELS[kind] as ReadModel<AnyDocument>;

function publicId(kind: ContentKind, item: items.ItemRow, lang: LanguageCode): string {
  return readModel(kind).rowId(item, lang);
}

/**
 * Writes the document's rows into the public tables; whether anything changed there. A public row
 * made outside authoring that holds the slug stops it: the import reports it as it is, staff hear
 * it as a taken slug.
 */
async function project(tx: DbOrTx, item: items.ItemRow, lang: LanguageCode, doc: AnyDocument, options: { createdAt?: Date; importing?: boolean } = {}): Promise<ReadModelStatus> {
  try {
    return await readModel(item.kind as ContentKind).project(tx, item, lang, doc, { createdAt: options.createdAt });
  } catch (error) {
    if (error instanceof ContentConflictError && !options.importing) throw conflict('slugTaken');
    throw error;
  }
}

// ---------------------------------------------------------------- preview

/** Thrown to end a preview's transaction: the rows it projected are rolled back, its answer kept. */
class PreviewRolledBack extends Error {
  constructor(readonly answer: PreviewResponse) {
    super('preview rolled back');
  }
}

/** The public answers for the rows just projected, read by the public modules' own code in `tx`. */
async function publicAnswers(tx: DbOrTx, kind: ContentKind, publicId_: string, lang: LanguageCode): Promise<Pick<PreviewResponse, 'blog' | 'story' | 'course' | 'chapters' | 'quizzes'>> {
  switch (kind) {
    case 'blog':
      return { blog: await blogsService.getBlog(tx, publicId_) };
    case 'story':
      return { story: await storiesService.getStory(tx, publicId_) };
    case 'course': {
      const course = await coursesService.courseDetail(tx, lang, publicId_);
      const detail = course[`course_${lang}`] as unknown as Record<string, { id: string }[]>;
      const chapters: Record<string, Awaited<ReturnType<typeof coursesService.chapterDetail>>> = {};
      for (const chapter of detail[`chapter_${lang}s`] ?? []) chapters[chapter.id] = await coursesService.chapterDetail(tx, lang, publicId_, chapter.id);
      // Each quiz as a learner gets it, and its key: the editor tries the quiz in the preview and
      // sees what was right without the try reaching the server.
      const keys = await quizzesService.courseAnswerKeys(tx, publicId_);
      const quizzes: Record<string, { quiz: Awaited<ReturnType<typeof quizzesService.publicQuiz>>; key: quizzesService.QuizKey['questions'] }> = {};
      for (const quiz of detail[`quiz_${lang}s`] ?? []) {
        quizzes[quiz.id] = { quiz: await quizzesService.publicQuiz(tx, lang, publicId_, quiz.id), key: keys.get(quiz.id)?.questions ?? [] };
      }
      return {
        course: course as unknown as PreviewResponse['course'],
        chapters: chapters as unknown as PreviewResponse['chapters'],
        quizzes: quizzes as unknown as PreviewResponse['quizzes'],
      };
    }
    default:
      // Gallery titles and banner items show on the pages that list them; no single answer yet.
      return {};
  }
}

/**
 * A language's newest version (draft or not) exactly as the public calls would answer it once it is
 * published: projected with the publishing code and read back with the public reads, inside a
 * transaction that is always rolled back. It announces nothing, so no public cache is touched.
 * Translators preview their languages only. Fields a publication would refuse are previewed as they
 * are (the preview is for seeing the draft; publishing still checks them).
 */
export async function previewLanguage(db: Db, member: StaffMember, id: string, lang: LanguageCode): Promise<PreviewResponse> {
  assertMayEditLanguage(member, lang);
  try {
    await db.transaction(async (tx) => {
      // The item's lock first, as every write takes it, so a preview and a publication never
      // take the public rows' locks in different orders.
      const item = await items.lockItem(tx, id);
      if (!item) throw notFound('contentNotFound');
      const { version } = await requireHead(tx, item, lang);
      const kind = item.kind as ContentKind;
      await project(tx, item, lang, version.body as AnyDocument);
      const publicId_ = publicId(kind, item, lang);
      const answers = await publicAnswers(tx, kind, publicId_, lang);
      throw new PreviewRolledBack({ itemId: item.id, kind, lang, version: version.number, publicId: publicId_, ...answers });
    });
  } catch (error) {
    if (error instanceof PreviewRolledBack) return error.answer;
    throw error;
  }
  throw new Error('a preview’s transaction always ends rolled back');
}

/** Takes a language off the site: hidden (courses, blogs, stories keep their learners' data) or removed. */
async function hide(tx: DbOrTx, item: items.ItemRow, lang: LanguageCode): Promise<boolean> {
  const kind = item.kind as ContentKind;
  return readModel(kind).withdraw(tx, publicId(kind, item, lang));
}

/**
 * Publishes a version now, inside the caller's transaction (which holds the item's lock): refused
 * with every field at fault when something required is empty; otherwise projected, the state set,
 * the change announced. Returns whether anything changed.
 */
async function publishNow(
  tx: DbOrTx,
  actor: AuditActor,
  item: items.ItemRow,
  lang: LanguageCode,
  number: number,
  options: { createdAt?: Date; audit: boolean; importing?: boolean },
): Promise<{ changed: boolean; state: items.StateRow }> {
  const kind = item.kind as ContentKind;
  const state = (await items.findState(tx, item.id, lang))!;
  const version = await items.findVersion(tx, item.id, lang, number);
  if (!version) throw notFound('versionNotFound');
  const problems = publishProblems(kind, version.body as AnyDocument);
  if (problems.length) throw new FieldsError(400, 'publishIncomplete', problems);
  const projected = await project(tx, item, lang, version.body as AnyDocument, options);
  const status: ContentStatus = number === state.headVersion ? 'published' : state.status === 'published' ? 'draft' : (state.status as ContentStatus);
  const stateChanged = state.publishedVersion !== number || state.status !== status || state.publishAt !== null;
  if (projected === 'unchanged' && !stateChanged) return { changed: false, state };
  const next = await items.updateState(tx, item.id, lang, {
    publishedVersion: number,
    publishedAt: new Date(),
    status,
    publishAt: null,
    scheduledVersion: null,
    scheduledBy: null,
  });
  await announceContentChange(tx, { kind, lang });
  if (options.audit) {
    await recordAudit(tx, actor, {
      action: 'content.publish',
      entityKind: kind,
      entityId: item.id,
      lang,
      before: { publishedVersion: state.publishedVersion, status: state.status },
      after: { publishedVersion: number, status },
    });
  }
  return { changed: true, state: next };
}

export interface PublishInput {
  version?: number;
  at?: Date;
}

/** Publishes now, or schedules the version for a time; answers the language's state. */
export function publishLanguage(db: Db, writer: Writer, id: string, lang: LanguageCode, input: PublishInput, now = new Date()): Promise<LanguageState> {
  return db.transaction(async (tx) => {
    const item = await lockLiveItem(tx, id);
    const { state } = await requireHead(tx, item, lang);
    const number = input.version ?? state.headVersion;
    const version = await items.findVersion(tx, id, lang, number);
    if (!version) throw notFound('versionNotFound');
    await takeOwnership(tx, item);
    if (input.at) {
      const latest = now.getTime() + SCHEDULE_MAX_DAYS * 86_400_000;
      if (input.at.getTime() <= now.getTime() || input.at.getTime() > latest) throw badRequest('scheduleInvalid');
      const problems = publishProblems(item.kind as ContentKind, version.body as AnyDocument);
      if (problems.length) throw new FieldsError(400, 'publishIncomplete', problems);
      const next = await items.updateState(tx, id, lang, { scheduledVersion: number, publishAt: input.at, scheduledBy: writer.actor.id });
      await recordAudit(tx, writer.actor, {
        action: 'content.schedule',
        entityKind: item.kind,
        entityId: id,
        lang,
        before: { scheduled: state.publishAt ? { version: state.scheduledVersion, at: state.publishAt.toISOString() } : null },
        after: { scheduled: { version: number, at: input.at.toISOString() } },
      });
      return stateOut(item, next);
    }
    const { state: next } = await publishNow(tx, writer.actor, item, lang, number, { audit: true });
    return stateOut(item, next);
  });
}

export function cancelSchedule(db: Db, writer: Writer, id: string, lang: LanguageCode): Promise<LanguageState> {
  return db.transaction(async (tx) => {
    const item = await lockLiveItem(tx, id);
    const { state } = await requireHead(tx, item, lang);
    if (!state.publishAt) return stateOut(item, state);
    const next = await items.updateState(tx, id, lang, { scheduledVersion: null, publishAt: null, scheduledBy: null });
    await takeOwnership(tx, item);
    await recordAudit(tx, writer.actor, {
      action: 'content.cancelSchedule',
      entityKind: item.kind,
      entityId: id,
      lang,
      before: { scheduled: { version: state.scheduledVersion, at: state.publishAt.toISOString() } },
      after: { scheduled: null },
    });
    return stateOut(item, next);
  });
}

export function unpublishLanguage(db: Db, writer: Writer, id: string, lang: LanguageCode): Promise<LanguageState> {
  return db.transaction(async (tx) => {
    const item = await lockLiveItem(tx, id);
    const { state } = await requireHead(tx, item, lang);
    if (state.publishedVersion === null) return stateOut(item, state);
    await hide(tx, item, lang);
    const status: ContentStatus = state.status === 'published' ? 'draft' : (state.status as ContentStatus);
    const next = await items.updateState(tx, id, lang, { publishedVersion: null, publishedAt: null, status });
    await takeOwnership(tx, item);
    await announceContentChange(tx, { kind: item.kind as ContentKind, lang });
    await recordAudit(tx, writer.actor, {
      action: 'content.unpublish',
      entityKind: item.kind,
      entityId: id,
      lang,
      before: { publishedVersion: state.publishedVersion, status: state.status },
      after: { publishedVersion: null, status },
    });
    return stateOut(item, next);
  });
}

/** Soft delete: every language leaves the site and schedules are dropped; versions and learners' data stay. */
export function deleteItem(db: Db, writer: Writer, id: string): Promise<ContentItem> {
  return db.transaction(async (tx) => {
    const item = await items.lockItem(tx, id);
    if (!item) throw notFound('contentNotFound');
    const states = await items.statesOf(tx, [id]);
    if (!item.deletedAt) {
      for (const state of states) {
        if (state.publishedVersion !== null) await hide(tx, item, state.lang as LanguageCode);
        if (state.publishAt) await items.updateState(tx, id, state.lang as LanguageCode, { scheduledVersion: null, publishAt: null, scheduledBy: null });
      }
      await items.updateItem(tx, id, { owner: 'staff', deletedAt: new Date(), deletedBy: writer.actor.id });
      await announceContentChange(tx, { kind: item.kind as ContentKind, lang: null });
      await recordAudit(tx, writer.actor, {
        action: 'content.delete',
        entityKind: item.kind,
        entityId: id,
        before: { deletedAt: null, published: states.filter((s) => s.publishedVersion !== null).map((s) => s.lang) },
        after: { deletedAt: new Date().toISOString() },
      });
    }
    const [title, after] = await Promise.all([items.itemTitle(tx, item), items.statesOf(tx, [id])]);
    return itemOut((await items.findItem(tx, id))!, title, after);
  });
}

/** Brings a deleted item back, with every language that was published before published again. */
export function restoreItem(db: Db, writer: Writer, id: string): Promise<ContentItem> {
  return db.transaction(async (tx) => {
    const item = await items.lockItem(tx, id);
    if (!item) throw notFound('contentNotFound');
    if (item.deletedAt) {
      const states = await items.statesOf(tx, [id]);
      const restored = { ...item, deletedAt: null };
      for (const state of states) {
        if (state.publishedVersion === null) continue;
        const version = (await items.findVersion(tx, id, state.lang as LanguageCode, state.publishedVersion))!;
        await project(tx, restored, state.lang as LanguageCode, version.body as AnyDocument);
      }
      await items.updateItem(tx, id, { deletedAt: null, deletedBy: null });
      await announceContentChange(tx, { kind: item.kind as ContentKind, lang: null });
      await recordAudit(tx, writer.actor, {
        action: 'content.restore',
        entityKind: item.kind,
        entityId: id,
        before: { deletedAt: item.deletedAt.toISOString() },
        after: { deletedAt: null, published: states.filter((s) => s.publishedVersion !== null).map((s) => s.lang) },
      });
    }
    const [title, after] = await Promise.all([items.itemTitle(tx, item), items.statesOf(tx, [id])]);
    return itemOut((await items.findItem(tx, id))!, title, after);
  });
}

// ---------------------------------------------------------------- the scheduler

/**
 * Publishes what is due at `now`. Each due language is published in its own transaction that takes
 * the item's lock without waiting and reads the schedule again: an instance that finds the item
 * locked leaves it (the holder publishes it, or it is still due next time), and one that gets the
 * lock after another published it finds nothing scheduled. So each runs once, on one instance.
 * Returns how many were published.
 */
export async function runDueSchedules(db: Db, now: Date, log: { warn(obj: object, message: string): void }): Promise<number> {
  let published = 0;
  for (const due of await items.dueSchedules(db, now, 50)) {
    try {
      const done = await db.transaction(async (tx) => {
        const item = await items.lockItem(tx, due.itemId, { skipLocked: true });
        if (!item) return false;
        const lang = due.lang as LanguageCode;
        const state = await items.findState(tx, item.id, lang);
        if (!state?.publishAt || state.publishAt > now || state.scheduledVersion === null) return false;
        const names = state.scheduledBy ? await items.namesOf(tx, [state.scheduledBy]) : new Map<string, string>();
        const actor: AuditActor = { id: state.scheduledBy, name: `${names.get(state.scheduledBy ?? '') ?? 'Staff'} (scheduled)`, address: null };
        if (item.deletedAt) {
          await items.updateState(tx, item.id, lang, { scheduledVersion: null, publishAt: null, scheduledBy: null });
          return false;
        }
        const { changed } = await publishNow(tx, actor, item, lang, state.scheduledVersion, { audit: false });
        await recordAudit(tx, actor, {
          action: 'content.publish',
          entityKind: item.kind,
          entityId: item.id,
          lang,
          before: { publishedVersion: state.publishedVersion, status: state.status, scheduled: { version: state.scheduledVersion, at: state.publishAt.toISOString() } },
          after: { publishedVersion: state.scheduledVersion, changed },
        });
        return true;
      });
      if (done) published++;
    } catch (err) {
      // A version that can no longer be published (it was checked when scheduled) stays scheduled
      // and is logged; an editor sees it in the list of scheduled items.
      if (err instanceof HttpError) log.warn({ err, itemId: due.itemId, lang: due.lang }, 'scheduled publication refused');
      else throw err;
    }
  }
  return published;
}

// ---------------------------------------------------------------- the sample-content import

export type ImportStatus = ReadModelStatus | 'skipped';

/**
 * One language of an item from the content folder, inside the import's transaction. An item staff
 * have written to (or deleted) is skipped: from a member's first write on it is theirs, and the
 * import never overwrites it (ADR 19). Otherwise the file's document becomes a new version made by
 * the import when it differs from the newest, and is published (or taken off the site) as the
 * file says.
 */
export async function importLanguage(
  tx: DbOrTx,
  input: { kind: ContentKind; slug: string; lang: LanguageCode; sourceLang: LanguageCode; body: AnyDocument; published: boolean; createdAt?: Date },
): Promise<ImportStatus> {
  const { kind, lang } = input;
  let item = await items.lockItemBySlug(tx, kind, input.slug);
  item ??= await items.insertItem(tx, { id: randomUUID(), kind, slug: input.slug, sourceLang: input.sourceLang, idSeed: input.slug, owner: 'import', createdBy: null });
  item ??= await items.lockItemBySlug(tx, kind, input.slug);
  if (!item) throw new Error(`content item ${kind} ${input.slug} could not be created`);
  if (item.owner === 'staff' || item.deletedAt) return 'skipped';

  const sourceLang = item.sourceLang as LanguageCode;
  const { doc, problems } = assignKeys(kind, input.body);
  if (problems.length) throw new Error(`${kind} ${input.slug} (${lang}): ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}`);
  const body = sanitizeDocument(kind, doc);
  const state = await items.findState(tx, item.id, lang);
  const head = state ? await items.findVersion(tx, item.id, lang, state.headVersion) : null;
  let changed = false;
  let number = state?.headVersion ?? 0;
  if (!head || canonicalJson(head.body) !== canonicalJson(body)) {
    const sourceState = lang === sourceLang ? null : await items.findState(tx, item.id, sourceLang);
    const source = sourceState ? await items.findVersion(tx, item.id, sourceLang, sourceState.headVersion) : null;
    number += 1;
    await items.insertVersion(tx, {
      itemId: item.id,
      lang,
      number,
      body,
      textHashes: textHashes(kind, body),
      // The files of a language were made from the source's files of the same import.
      sourceRefs: source ? nextSourceRefs(kind, body, null, source, new Set()) : null,
      origin: 'import',
      restoredFrom: null,
      createdBy: null,
    });
    await items.upsertState(tx, item.id, lang, { headVersion: number, status: 'draft' });
    changed = true;
  }
  if (input.published) {
    const problems = publishProblems(kind, body);
    if (problems.length) throw new Error(`${kind} ${input.slug} (${lang}) cannot be published: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}`);
    const result = await publishNow(tx, { id: null, name: 'content import', address: null }, item, lang, number, { createdAt: input.createdAt, audit: false, importing: true });
    changed ||= result.changed;
  } else if (state?.publishedVersion != null) {
    await hide(tx, item, lang);
    await items.updateState(tx, item.id, lang, { publishedVersion: null, publishedAt: null, status: 'draft' });
    await announceContentChange(tx, { kind, lang });
    changed = true;
  }
  if (!state) return 'created';
  return changed ? 'updated' : 'unchanged';
}
