// The sample-content import's way in (modules/sample-content): a file's document becomes a version
// made by the import and is published as the file says, unless staff have written to the item.
import { randomUUID } from 'node:crypto';
import type { AnyDocument } from '../../../contract/authoring';
import type { ContentKind } from '../../../contract/content-kinds';
import type { LanguageCode } from '../../../contract/languages';
import type { DbOrTx } from '../../db/client';
import { announceContentChange } from '../../lib/content-changes';
import type { ReadModelStatus } from '../../lib/read-models';
import { assignKeys, canonicalJson, publishProblems, sanitizeDocument, textHashes } from '../../lib/content-documents';
import * as items from './repository';
import { hide } from './read-models';
import { nextSourceRefs } from './versions';
import { publishNow } from './publishing';

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
  input: {
    kind: ContentKind;
    slug: string;
    lang: LanguageCode;
    sourceLang: LanguageCode;
    body: AnyDocument;
    published: boolean;
    createdAt?: Date;
  },
): Promise<ImportStatus> {
  const { kind, lang } = input;
  let item = await items.lockItemBySlug(tx, kind, input.slug);
  item ??= await items.insertItem(tx, {
    id: randomUUID(),
    kind,
    slug: input.slug,
    sourceLang: input.sourceLang,
    idSeed: input.slug,
    owner: 'import',
    createdBy: null,
  });
  item ??= await items.lockItemBySlug(tx, kind, input.slug);
  if (!item) throw new Error(`content item ${kind} ${input.slug} could not be created`);
  if (item.owner === 'staff' || item.deletedAt) return 'skipped';

  const sourceLang = item.sourceLang as LanguageCode;
  const { doc, problems } = assignKeys(kind, input.body);
  if (problems.length)
    throw new Error(`${kind} ${input.slug} (${lang}): ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}`);
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
    if (problems.length)
      throw new Error(
        `${kind} ${input.slug} (${lang}) cannot be published: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}`,
      );
    const result = await publishNow(tx, { id: null, name: 'content import', address: null }, item, lang, number, {
      createdAt: input.createdAt,
      audit: false,
      importing: true,
    });
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
