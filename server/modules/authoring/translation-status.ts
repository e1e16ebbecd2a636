// Where each translation stands: a field is stale when the source's text at its path now hashes
// differently from the text it was translated from, and missing when the source has text there and
// the translation none (ADR 19). The matrix reads only the heads' hashes, never the documents.
import type { AnyDocument } from '../../../contract/authoring';
import type { ContentKind, ContentStatus } from '../../../contract/content-kinds';
import { LANGUAGE_CODES, type LanguageCode } from '../../../contract/languages';
import type { Db, DbOrTx } from '../../db/client';
import { conflict } from '../../plugins/errors';
import { EMPTY_TEXT_HASH, elementAddress, elementNames, textValues, type SourceRef } from '../../lib/content-documents';
import * as items from './repository';
import { requireItem } from './items';

interface FieldStatus {
  stale: string[];
  missing: string[];
}

/**
 * Which of a translation's fields are stale (the source's text changed after the field was last
 * translated) and which are missing (the source has text, the translation none).
 */
export function fieldStatus(
  sourceHashes: Record<string, string>,
  ownHashes: Record<string, string> | null,
  refs: Record<string, SourceRef> | null,
): FieldStatus {
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
          const status =
            lang === row.sourceLang
              ? { stale: [], missing: [] }
              : fieldStatus(
                  sourceHashes,
                  state.textHashes as Record<string, string>,
                  state.sourceRefs as Record<string, SourceRef> | null,
                );
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
  const status = fieldStatus(
    source.textHashes as Record<string, string>,
    (own?.textHashes as Record<string, string> | undefined) ?? null,
    refs,
  );
  const sourceText = textValues(kind, source.body as AnyDocument);
  const ownText = own ? textValues(kind, own.body as AnyDocument) : new Map<string, string | null>();
  const earlier = await items.findVersions(db, id, sourceLang, [
    ...new Set(status.stale.flatMap((path) => (refs?.[path] ? [refs[path].v] : []))),
  ]);
  const earlierText = new Map(earlier.map((v) => [v.number, textValues(kind, v.body as AnyDocument)]));
  const names = elementNames(kind, source.body as AnyDocument);
  const field = (path: string, fieldState: 'stale' | 'missing') => {
    const ref = refs?.[path];
    const address = elementAddress(path);
    return {
      field: path,
      element: address ? (names.get(address) ?? null) : null,
      state: fieldState,
      source: sourceText.get(path) ?? null,
      translatedFrom:
        fieldState === 'stale' && ref ? { version: ref.v, text: earlierText.get(ref.v)?.get(path) ?? null } : null,
      translation: ownText.get(path) ?? null,
    };
  };
  return {
    sourceLang,
    sourceVersion: source.number,
    version: own?.number ?? null,
    fields: [
      ...status.stale.map((path) => field(path, 'stale')),
      ...status.missing.map((path) => field(path, 'missing')),
    ],
  };
}

/**
 * A translation's newest version and its source's (the item's source language), each with its
 * state; in the caller's transaction when it holds the item's lock.
 */
export async function translationHeads(db: DbOrTx, item: items.ItemRow, lang: LanguageCode) {
  const sourceLang = item.sourceLang as LanguageCode;
  const sourceState = await items.findState(db, item.id, sourceLang);
  const source = sourceState ? await items.findVersion(db, item.id, sourceLang, sourceState.headVersion) : null;
  const state = await items.findState(db, item.id, lang);
  const own = state ? await items.findVersion(db, item.id, lang, state.headVersion) : null;
  return { sourceState, source, state, own };
}

/** One version of the item's source language (the one a translation was exported from). */
export function sourceVersion(db: DbOrTx, item: items.ItemRow, number: number) {
  return items.findVersion(db, item.id, item.sourceLang as LanguageCode, number);
}

/**
 * The items written in `sourceLang` whose translation into `lang` is pending: missing, a draft, or
 * with stale or missing fields.
 */
export async function pendingTranslations(
  db: Db,
  sourceLang: LanguageCode,
  lang: LanguageCode,
): Promise<items.ItemRow[]> {
  const { items: rows, heads } = await items.matrixRows(db, undefined);
  const pending: items.ItemRow[] = [];
  for (const row of rows) {
    if (row.sourceLang !== sourceLang) continue;
    const source = heads.find((h) => h.itemId === row.id && h.lang === sourceLang);
    if (!source) continue;
    const own = heads.find((h) => h.itemId === row.id && h.lang === lang);
    const status = fieldStatus(
      source.textHashes as Record<string, string>,
      (own?.textHashes as Record<string, string> | undefined) ?? null,
      (own?.sourceRefs as Record<string, SourceRef> | null) ?? null,
    );
    if (!own || own.status === 'draft' || status.stale.length > 0 || status.missing.length > 0) {
      pending.push((await items.findItem(db, row.id))!);
    }
  }
  return pending;
}
