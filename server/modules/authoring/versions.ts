// Saving: a save of a language is a new version, based on the head the edit started from (409
// with the current head otherwise, nothing written), checked against the kind's schema, sanitised,
// with a translator's text-only rule, a translation's source references, and its audit record. The
// saves of one editing session update the version the session made (ADR 36, `continuesSession`).
import { randomUUID } from 'node:crypto';
import {
  EDIT_SESSION_PAUSE_MINUTES,
  type AnyDocument,
  type ContentItem,
  type LanguageHead,
} from '../../../contract/authoring';
import type { ContentKind, VersionOrigin } from '../../../contract/content-kinds';
import type { LanguageCode } from '../../../contract/languages';
import type { Db, DbOrTx } from '../../db/client';
import { FieldsError, conflict, notFound } from '../../plugins/errors';
import { recordAudit } from '../audit/service';
import { assertMayEditLanguage } from '../staff/service';
import {
  assignKeys,
  canonicalJson,
  diffDocuments,
  elementAddress,
  documentTitle,
  flatten,
  isTextRole,
  revisionOf,
  sanitizeDocument,
  shapeProblems,
  structure,
  structureDifferences,
  textHashes,
  textValues,
  translationTemplate,
  type FieldChange,
  type SourceRef,
} from '../../lib/content-documents';
import * as items from './repository';
import { type Writer, isEditor, requireHead, takeOwnership, lockLiveItem } from './items';
import { itemOut, headOut } from './answers';
import { mergeDocuments, type FieldConflict } from '../../../contract/document-fields';

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
export function nextSourceRefs(
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
/** A save's audit record: each changed field before and after, and the elements they belong to named as the console names them. */
function changeRecord(changes: FieldChange[], from: number, to: number) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  const elements: Record<string, FieldChange['element']> = {};
  for (const change of changes) {
    before[change.field] = change.before;
    after[change.field] = change.after;
    const address = elementAddress(change.field);
    if (address && change.element) elements[address] = change.element;
  }
  return { before: { version: from || null, fields: before }, after: { version: to, fields: after, elements } };
}

export type SaveResult =
  { ok: true; head: LanguageHead } | { ok: false; current: LanguageHead; conflicts?: FieldConflict[] };

interface NewVersion {
  body: unknown;
  origin: VersionOrigin;
  restoredFrom?: number;
  confirmFields?: readonly string[];
  /** The revision of the head the edit started from: another revision of it is stale (ADR 36). */
  baseRevision?: string;
  /** The save continues the editing session that made the head (ADR 36). */
  continueVersion?: boolean;
}

/**
 * Whether a save updates the head instead of making a new version (ADR 36): it asks to continue its
 * session, and the head is that person's saved draft (not a restore or the import), written less than
 * EDIT_SESSION_PAUSE_MINUTES ago, neither published, scheduled nor in review, and, in the source
 * language, no translation was made from it (its references would name a text that changed).
 */
async function continuesSession(
  tx: DbOrTx,
  writer: Writer,
  item: items.ItemRow,
  state: items.StateRow,
  head: items.VersionRow,
  next: NewVersion,
): Promise<boolean> {
  if (!next.continueVersion || next.origin !== 'save') return false;
  if (head.origin !== 'save' || head.createdBy !== writer.actor.id) return false;
  if (state.status !== 'draft' || state.publishedVersion === head.number || state.scheduledVersion === head.number)
    return false;
  if (Date.now() - state.updatedAt.getTime() >= EDIT_SESSION_PAUSE_MINUTES * 60_000) return false;
  if (
    head.lang === item.sourceLang &&
    (await items.translatedFrom(tx, item.id, item.sourceLang as LanguageCode, head.number))
  )
    return false;
  return true;
}

/**
 * A new version of a language, unless the document is the same as the head's. A save based on
 * another version than the head is answered with the head, and nothing is written.
 */
export async function writeVersion(
  tx: DbOrTx,
  writer: Writer,
  item: items.ItemRow,
  lang: LanguageCode,
  baseVersion: number,
  next: NewVersion,
): Promise<SaveResult> {
  const kind = item.kind as ContentKind;
  const sourceLang = item.sourceLang as LanguageCode;
  assertMayEditLanguage(writer.member, lang);
  const state = await items.findState(tx, item.id, lang);
  const head = state ? (await items.findVersion(tx, item.id, lang, state.headVersion))! : null;
  const stale =
    state &&
    head &&
    (baseVersion !== state.headVersion ||
      (next.baseRevision !== undefined && next.baseRevision !== revisionOf(head.body)));
  if (!state && baseVersion !== 0) throw notFound('contentLanguageMissing');

  let doc = prepareDocument(kind, next.body);
  let merged = false;
  if (stale) {
    // Based on an older version, as it still is (its revision): merged with what was saved since, field by field.
    const base =
      next.baseRevision !== undefined && baseVersion >= 1 && baseVersion < state.headVersion
        ? await items.findVersion(tx, item.id, lang, baseVersion)
        : null;
    const merge =
      base && revisionOf(base.body) === next.baseRevision
        ? mergeDocuments(kind, base.body as AnyDocument, doc, head.body as AnyDocument)
        : null;
    if (!merge || merge.conflicts.length > 0)
      return {
        ok: false,
        current: await headOut(tx, item, state, head),
        ...(merge ? { conflicts: merge.conflicts } : {}),
      };
    doc = merge.merged;
    merged = true;
  }
  const sourceState = lang === sourceLang ? null : await items.findState(tx, item.id, sourceLang);
  if (lang !== sourceLang && !sourceState) throw conflict('translationNeedsSource');
  const source = sourceState ? (await items.findVersion(tx, item.id, sourceLang, sourceState.headVersion))! : null;

  if (!isEditor(writer.member)) {
    // A translator changes text only: the structure must stay the head's, or become the source's
    // (catching up with it through the translation's starting point).
    const mine = structure(kind, doc);
    const allowed = [
      head ? structure(kind, head.body as AnyDocument) : null,
      source
        ? structure(
            kind,
            translationTemplate(kind, source.body as AnyDocument, (head?.body as AnyDocument | undefined) ?? null),
          )
        : null,
    ].filter((s): s is NonNullable<typeof s> => s !== null);
    const differences = allowed.map((reference) => structureDifferences(mine, reference));
    if (!differences.some((d) => d.length === 0)) {
      const fields = differences.sort((a, b) => a.length - b.length)[0] ?? [];
      throw new FieldsError(
        403,
        'translatorTextOnly',
        fields.slice(0, 50).map((field) => ({ field, message: 'may be changed by an editor only' })),
      );
    }
  }

  const confirmed = new Set(next.confirmFields ?? []);
  if (head && canonicalJson(head.body) === canonicalJson(doc) && confirmed.size === 0) {
    return { ok: true, head: await headOut(tx, item, state!, head) };
  }
  const sourceRefs = source
    ? nextSourceRefs(
        kind,
        doc,
        head ? { body: head.body as AnyDocument, refs: head.sourceRefs as Record<string, SourceRef> | null } : null,
        source,
        confirmed,
      )
    : null;
  const amend = state && head && !merged ? await continuesSession(tx, writer, item, state, head, next) : false;
  const number = amend ? head!.number : (state?.headVersion ?? 0) + 1;
  const version = amend
    ? await items.updateVersion(
        tx,
        { itemId: item.id, lang, number },
        {
          body: doc,
          textHashes: textHashes(kind, doc),
          sourceRefs,
        },
      )
    : await items.insertVersion(tx, {
        itemId: item.id,
        lang,
        number,
        body: doc,
        textHashes: textHashes(kind, doc),
        sourceRefs,
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
    ...changeRecord(changes, amend ? number : (state?.headVersion ?? 0), number),
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
    const inserted = await items.insertItem(tx, {
      id,
      kind: input.kind,
      slug: input.slug,
      sourceLang: input.lang,
      idSeed: id,
      owner: 'staff',
      createdBy: writer.actor.id,
    });
    if (!inserted) throw conflict('slugTaken');
    await recordAudit(tx, writer.actor, {
      action: 'content.create',
      entityKind: input.kind,
      entityId: id,
      lang: input.lang,
      after: { slug: input.slug, sourceLang: input.lang },
    });
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
  input: {
    baseVersion: number;
    body: unknown;
    confirmFields?: string[];
    baseRevision?: string;
    continueVersion?: boolean;
  },
): Promise<SaveResult> {
  return db.transaction(async (tx) => {
    const item = await lockLiveItem(tx, id);
    return writeVersion(tx, writer, item, lang, input.baseVersion, {
      body: input.body,
      origin: 'save',
      confirmFields: input.confirmFields,
      baseRevision: input.baseRevision,
      continueVersion: input.continueVersion,
    });
  });
}

/** An older version made the newest again, as a new version (nothing is ever rewritten). */
export function restoreVersion(
  db: Db,
  writer: Writer,
  id: string,
  lang: LanguageCode,
  number: number,
  baseVersion: number,
): Promise<SaveResult> {
  return db.transaction(async (tx) => {
    const item = await lockLiveItem(tx, id);
    const old = await items.findVersion(tx, id, lang, number);
    if (!old) throw notFound('versionNotFound');
    return writeVersion(tx, writer, item, lang, baseVersion, {
      body: old.body,
      origin: 'restore',
      restoredFrom: number,
    });
  });
}

/** A translator hands the newest version to the editors. */
export function submitLanguage(
  db: Db,
  writer: Writer,
  id: string,
  lang: LanguageCode,
  version: number,
): Promise<SaveResult> {
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
