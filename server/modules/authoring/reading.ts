// Reading items, their languages and versions, comparing two versions, and where a translation
// starts (the source's newest this language's text where it has it, empty elsewhere).
import type { AnyDocument, ContentItem, LanguageHead } from '../../../contract/authoring';
import type { ContentKind, VersionOrigin } from '../../../contract/content-kinds';
import type { LanguageCode } from '../../../contract/languages';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../plugins/errors';
import { diffDocuments, translationTemplate, type FieldChange } from '../../lib/content-documents';
import * as items from './repository';
import { requireItem, requireHead } from './items';
import { itemOut, headOut } from './answers';

export async function listItems(db: Db, filter: items.ItemFilter): Promise<{ items: ContentItem[]; total: number }> {
  const { rows, total } = await items.listItems(db, filter);
  const states = await items.statesOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) =>
      itemOut(
        row,
        row.title,
        states.filter((s) => s.itemId === row.id),
      ),
    ),
    total,
  };
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

export async function diffVersions(
  db: Db,
  id: string,
  lang: LanguageCode,
  from: number,
  to: number,
): Promise<{ from: number; to: number; changes: FieldChange[] }> {
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
      : translationTemplate(
          kind,
          sourceVersion.body as AnyDocument,
          (ownVersion?.body as AnyDocument | undefined) ?? null,
        );
  return {
    sourceLang,
    sourceVersion: sourceVersion.number,
    baseVersion: own?.headVersion ?? (lang === sourceLang ? source.headVersion : 0),
    body,
  };
}

/** Surface: the version of a language learners see, with its item; null when none is (unpublished, deleted, unknown). */
export async function publishedDocument(
  db: Db,
  id: string,
  lang: LanguageCode,
): Promise<{ item: items.ItemRow; number: number; body: AnyDocument } | null> {
  const item = await items.findItem(db, id);
  if (!item || item.deletedAt) return null;
  const state = await items.findState(db, id, lang);
  if (state?.publishedVersion == null) return null;
  const version = await items.findVersion(db, id, lang, state.publishedVersion);
  return version ? { item, number: version.number, body: version.body as AnyDocument } : null;
}

/** Surface: every language of a live item of the kind that learners see, with the version they see. */
export async function publishedLanguages(
  db: Db,
  kind: ContentKind,
): Promise<{ itemId: string; lang: LanguageCode; version: number }[]> {
  const rows = await items.publishedLanguages(db, kind);
  return rows.map((row) => ({ ...row, lang: row.lang as LanguageCode }));
}
