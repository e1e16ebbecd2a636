// The shapes authoring answers: an item with its languages' states, a version, a language's head.
import type { AnyDocument, ContentItem, LanguageHead, LanguageState, VersionInfo } from '../../../contract/authoring';
import type { ContentKind, ContentStatus, VersionOrigin } from '../../../contract/content-kinds';
import { LANGUAGE_CODES, type LanguageCode } from '../../../contract/languages';
import type { DbOrTx } from '../../db/client';
import * as items from './repository';
import { publicId } from './read-models';
import { revisionOf } from '../../lib/content-documents';

export function stateOut(item: items.ItemRow, state: items.StateRow): LanguageState {
  return {
    lang: state.lang as LanguageCode,
    publicId: publicId(item.kind as ContentKind, item, state.lang as LanguageCode),
    status: state.status as ContentStatus,
    headVersion: state.headVersion,
    publishedVersion: state.publishedVersion,
    publishedAt: state.publishedAt?.toISOString() ?? null,
    scheduled:
      state.publishAt && state.scheduledVersion
        ? { version: state.scheduledVersion, at: state.publishAt.toISOString() }
        : null,
    updatedAt: state.updatedAt.toISOString(),
  };
}

export function itemOut(item: items.ItemRow, title: string, states: items.StateRow[]): ContentItem {
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
    languages: LANGUAGE_CODES.flatMap((code) => states.filter((state) => state.lang === code)).map((state) =>
      stateOut(item, state),
    ),
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

export async function headOut(
  db: DbOrTx,
  item: items.ItemRow,
  state: items.StateRow,
  version: items.VersionRow,
): Promise<LanguageHead> {
  return {
    itemId: item.id,
    kind: item.kind as ContentKind,
    lang: state.lang as LanguageCode,
    version: await versionOut(db, version),
    revision: revisionOf(version.body),
    state: stateOut(item, state),
    body: version.body as AnyDocument,
  };
}
