// The translator exchange: an item, or everything pending in a language, exported as XLIFF 2.0 for
// a translator's tool (xliff.ts), and the file imported back. An import is a save like any other:
// each item's language gets a new version through authoring's writeVersion, in the item's own
// transaction, so the version check, the translator's text-only rule, sanitising, stale marks and
// the audit log all apply. The file carries the translation's version it was made from; a language
// saved since then is answered as a conflict for that item and nothing of it is written. It reads and
// writes items only through authoring's surface; it has no table of its own.
//
// The module's surface: none for other modules; its routes call exportItem, exportPending and
// importXliff.
import type { AnyDocument, XliffImportReport, XliffRefusal } from '../../../contract/authoring';
import { XLIFF_REFUSALS } from '../../../contract/authoring';
import type { ContentKind } from '../../../contract/content-kinds';
import { UUID_PATTERN } from '../../../contract/ids';
import { formatMessage } from '../../../contract/messages';
import type { LanguageCode } from '../../../contract/languages';
import type { Db, DbOrTx } from '../../db/client';
import { disallowedMarkup, sanitizeRichText } from '../../lib/rich-text';
import { FieldsError, HttpError, badRequest, conflict } from '../../plugins/errors';
import {
  documentTitle,
  flatten,
  isTextRole,
  mapText,
  textValues,
  translationTemplate,
  type SourceRef,
} from '../../lib/content-documents';
import {
  fieldStatus,
  lockLiveItem,
  pendingTranslations,
  requireItem,
  sourceVersion,
  translationHeads,
  writeVersion,
  type ItemRow,
  type Writer,
} from '../authoring/service';
import { assertMayEditLanguage, type StaffMember } from '../staff/service';
import { languageOfTag, pathOfUnitId, readXliff, writeXliff, type ExportFile, type ImportFile } from './xliff';

// ---------------------------------------------------------------- export

/** One item's <file>: every text field the source has text in, with the translation's text and stale marks. */
async function exportFile(db: DbOrTx, item: ItemRow, lang: LanguageCode): Promise<ExportFile> {
  const kind = item.kind as ContentKind;
  const { source, state, own } = await translationHeads(db, item, lang);
  if (!source) throw conflict('translationNeedsSource');
  const template = translationTemplate(
    kind,
    source.body as AnyDocument,
    (own?.body as AnyDocument | undefined) ?? null,
  );
  const targets = textValues(kind, template);
  const { stale } = fieldStatus(
    source.textHashes as Record<string, string>,
    (own?.textHashes as Record<string, string> | undefined) ?? null,
    (own?.sourceRefs as Record<string, SourceRef> | null | undefined) ?? null,
  );
  const staleSet = new Set(stale);
  const units = flatten(kind, source.body as AnyDocument)
    .filter((field) => isTextRole(field.role) && typeof field.value === 'string' && field.value.trim() !== '')
    .map((field) => ({
      path: field.path,
      format: field.role === 'rich' || field.role === 'optionalRich' ? ('html' as const) : ('text' as const),
      source: field.value as string,
      target: targets.get(field.path) || null,
      stale: staleSet.has(field.path),
    }));
  return {
    itemId: item.id,
    kind,
    slug: item.slug,
    title: documentTitle(kind, source.body as AnyDocument),
    sourceVersion: source.number,
    baseVersion: state?.headVersion ?? 0,
    units,
  };
}

export interface ExportResult {
  filename: string;
  xml: string;
}

/** One item in one language; translators in their languages only. */
export async function exportItem(db: Db, member: StaffMember, id: string, lang: LanguageCode): Promise<ExportResult> {
  assertMayEditLanguage(member, lang);
  const item = await requireItem(db, id);
  if (item.deletedAt) throw conflict('contentDeleted');
  const sourceLang = item.sourceLang as LanguageCode;
  if (lang === sourceLang) throw badRequest('xliffSourceLanguage');
  const file = await exportFile(db, item, lang);
  return { filename: `${item.kind}-${item.slug}.${lang}.xlf`, xml: writeXliff(sourceLang, lang, [file]) };
}

/**
 * Every item written in `sourceLang` whose translation into `lang` is pending: missing, a draft, or
 * with stale or missing fields. One <file> per item; an XLIFF document has one source language.
 */
export async function exportPending(
  db: Db,
  member: StaffMember,
  lang: LanguageCode,
  sourceLang: LanguageCode,
  now = new Date(),
): Promise<ExportResult> {
  assertMayEditLanguage(member, lang);
  if (lang === sourceLang) throw badRequest('xliffSourceLanguage');
  const files: ExportFile[] = [];
  for (const item of await pendingTranslations(db, sourceLang, lang)) {
    const file = await exportFile(db, item, lang);
    // XLIFF wants at least one unit in a <file>: a source with no text yet has nothing to translate.
    if (file.units.length) files.push(file);
  }
  return {
    filename: `pending-${lang}-${now.toISOString().slice(0, 10)}.xlf`,
    xml: writeXliff(sourceLang, lang, files),
  };
}

// ---------------------------------------------------------------- import

type ItemReport = XliffImportReport['items'][number];
type FieldReport = ItemReport['fields'][number];

const refused = (unit: string, field: string | null, reason: XliffRefusal, detail?: string): FieldReport => ({
  unit,
  field,
  outcome: 'refused',
  reason,
  message: detail ? `${XLIFF_REFUSALS[reason]}: ${detail}` : XLIFF_REFUSALS[reason],
});

const CONFIRMING_STATES = new Set(['translated', 'reviewed', 'final']);

/**
 * One <file>: the units read against the item as it is now, and the changed text saved as a new
 * version of the language on the version the file was exported from.
 */
async function importFile(
  db: Db,
  writer: Writer,
  sourceLang: LanguageCode,
  lang: LanguageCode,
  file: ImportFile,
): Promise<ItemReport> {
  const report: ItemReport = {
    file: file.id,
    itemId: null,
    result: 'refused',
    exportedFrom: file.baseVersion,
    version: null,
    fields: [],
  };
  const refuse = (
    code: 'contentNotFound' | 'xliffInvalid' | 'contentDeleted' | 'xliffSourceLanguage',
    message?: string,
  ) => ({ ...report, code, message: message ?? formatMessage(code) });
  if (!new RegExp(UUID_PATTERN).test(file.id))
    return refuse('contentNotFound', 'The <file> id is not an item of this site.');
  report.itemId = file.id;
  if (file.baseVersion === null || file.sourceVersion === null) {
    return refuse(
      'xliffInvalid',
      'The <file> does not say which versions it was exported from (jgk:sourceVersion, jgk:baseVersion): export it from this site.',
    );
  }
  try {
    return await db.transaction(async (tx) => {
      const item = await lockLiveItem(tx, file.id);
      const kind = item.kind as ContentKind;
      if (item.sourceLang !== sourceLang)
        return refuse('xliffInvalid', `The item is written in ${item.sourceLang}, not in the file's source language.`);
      if (lang === item.sourceLang) return refuse('xliffSourceLanguage');
      const { source, state, own: head } = await translationHeads(tx, item, lang);
      const current = state?.headVersion ?? 0;
      if (current !== file.baseVersion)
        return {
          ...report,
          result: 'conflict' as const,
          version: current,
          code: 'staleVersion',
          message: formatMessage('staleVersion'),
        };

      if (!source) return refuse('xliffInvalid', formatMessage('translationNeedsSource'));
      const exported = await sourceVersion(tx, item, file.sourceVersion!);
      if (!exported) return refuse('xliffInvalid', 'The source version the file names does not exist.');
      const template = translationTemplate(
        kind,
        source.body as AnyDocument,
        (head?.body as AnyDocument | undefined) ?? null,
      );
      const roles = new Map(flatten(kind, template).map((f) => [f.path, f.role]));
      const texts = textValues(kind, template);
      const sourceNow = textValues(kind, source.body as AnyDocument);
      const sourceThen = textValues(kind, exported.body as AnyDocument);
      const { stale } = fieldStatus(
        source.textHashes as Record<string, string>,
        (head?.textHashes as Record<string, string> | undefined) ?? null,
        (head?.sourceRefs as Record<string, SourceRef> | null | undefined) ?? null,
      );
      const staleSet = new Set(stale);

      const updates = new Map<string, string>();
      const confirmed: string[] = [];
      const seen = new Set<string>();
      for (const unit of file.units) {
        const path = pathOfUnitId(unit.id);
        if (seen.has(unit.id)) {
          report.fields.push(refused(unit.id, path, 'duplicateUnit'));
          continue;
        }
        seen.add(unit.id);
        const role = path === null ? undefined : roles.get(path);
        if (path === null || role === undefined || role === 'position' || role === 'parent') {
          report.fields.push(refused(unit.id, path, 'unknownUnit'));
          continue;
        }
        if (!isTextRole(role)) {
          report.fields.push(refused(unit.id, path, 'notTranslatable'));
          continue;
        }
        if (!sourceNow.get(path)?.trim()) {
          report.fields.push(refused(unit.id, path, 'unknownUnit'));
          continue;
        }
        if (sourceThen.get(path) !== sourceNow.get(path)) {
          report.fields.push(refused(unit.id, path, 'sourceChanged'));
          continue;
        }
        if (unit.inlineMarkup) {
          report.fields.push(refused(unit.id, path, 'inlineMarkup'));
          continue;
        }
        if (unit.target === null || unit.target.trim() === '') {
          report.fields.push(refused(unit.id, path, 'emptyTarget'));
          continue;
        }
        const rich = role === 'rich' || role === 'optionalRich';
        if (!rich && /<\/?[A-Za-z][^<>]*>/.test(unit.target)) {
          report.fields.push(refused(unit.id, path, 'markupInPlainText'));
          continue;
        }
        const dropped = rich ? disallowedMarkup(unit.target) : [];
        if (dropped.length) {
          report.fields.push(refused(unit.id, path, 'markupRefused', dropped.slice(0, 5).join(', ')));
          continue;
        }
        const value = rich ? sanitizeRichText(unit.target) : unit.target.trim();
        if (value === texts.get(path)) {
          const confirms = staleSet.has(path) && CONFIRMING_STATES.has(unit.state ?? '');
          if (confirms) confirmed.push(path);
          report.fields.push({ unit: unit.id, field: path, outcome: confirms ? 'confirmed' : 'unchanged' });
          continue;
        }
        updates.set(path, value);
        report.fields.push({ unit: unit.id, field: path, outcome: 'changed' });
      }

      if (updates.size === 0 && confirmed.length === 0)
        return { ...report, result: 'unchanged' as const, version: state?.headVersion ?? null };
      const body = mapText(kind, template, (path, value) => updates.get(path) ?? value);
      const saved = await writeVersion(tx, writer, item, lang, current, {
        body,
        origin: 'save',
        confirmFields: confirmed,
      });
      // The lock is held and the version was checked above: a save cannot find a newer one.
      if (!saved.ok) throw new Error('the language changed under the item lock');
      return { ...report, result: 'saved' as const, version: saved.head.version.number };
    });
  } catch (error) {
    if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
    return {
      ...report,
      result: 'refused',
      fields: [],
      code: error.code,
      message: error.message,
      ...(error instanceof FieldsError ? { details: error.details } : {}),
    };
  }
}

/**
 * Reads an exchange file and imports each of its items into the file's target language; answers a
 * report per item and field. 400 for a file that is not XLIFF 2.0 of a language of the site, 403
 * for a translator importing a language not theirs.
 */
export async function importXliff(db: Db, writer: Writer, xml: string): Promise<XliffImportReport> {
  const doc = await readXliff(xml);
  const sourceLang = languageOfTag(doc.srcLang);
  const lang = languageOfTag(doc.trgLang);
  if (!sourceLang)
    throw new FieldsError(400, 'xliffInvalid', [
      { field: 'xliff@srcLang', message: `"${doc.srcLang}" is not a language of the site` },
    ]);
  if (!lang)
    throw new FieldsError(400, 'xliffInvalid', [
      { field: 'xliff@trgLang', message: `"${doc.trgLang}" is not a language of the site` },
    ]);
  assertMayEditLanguage(writer.member, lang);
  if (lang === sourceLang) throw badRequest('xliffSourceLanguage');
  if (doc.files.length === 0)
    throw new FieldsError(400, 'xliffInvalid', [{ field: 'file', message: 'the file holds no <file> element' }]);

  const reports: ItemReport[] = [];
  const seen = new Set<string>();
  for (const file of doc.files) {
    if (seen.has(file.id)) {
      reports.push({
        file: file.id,
        itemId: null,
        result: 'refused',
        code: 'xliffInvalid',
        message: 'This item is in the file twice; only the first was read.',
        exportedFrom: file.baseVersion,
        version: null,
        fields: [],
      });
      continue;
    }
    seen.add(file.id);
    reports.push(await importFile(db, writer, sourceLang, lang, file));
  }
  const count = (outcome: FieldReport['outcome']) =>
    reports.reduce((sum, r) => sum + r.fields.filter((f) => f.outcome === outcome).length, 0);
  return {
    lang,
    totals: {
      changed: count('changed'),
      unchanged: count('unchanged'),
      confirmed: count('confirmed'),
      refused: count('refused'),
      conflicts: reports.filter((r) => r.result === 'conflict').length,
    },
    items: reports,
  };
}
