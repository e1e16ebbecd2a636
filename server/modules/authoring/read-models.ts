// Publishing writes no public table itself: each kind's read model is named on its public module's
// surface (courses, blogs, success-stories, gallery, banners; lib/read-models.ts, ADR 29), and
// authoring calls it inside its own transaction, holding the item's lock.
import type { AnyDocument, ContentDocuments } from '../../../contract/authoring';
import type { ContentKind } from '../../../contract/content-kinds';
import type { LanguageCode } from '../../../contract/languages';
import type { DbOrTx } from '../../db/client';
import { ContentConflictError, type ReadModel, type ReadModelStatus } from '../../lib/read-models';
import { conflict } from '../../plugins/errors';
import * as bannersService from '../banners/service';
import * as blogsService from '../blogs/service';
import * as coursesService from '../courses/service';
import * as galleryService from '../gallery/service';
import * as storiesService from '../success-stories/service';
import * as items from './repository';

/** Each kind's read model, named on its public module's surface: authoring never writes their tables itself. */
const READ_MODELS: { [K in ContentKind]: ReadModel<ContentDocuments[K]> } = {
  course: coursesService.courseReadModel,
  blog: blogsService.blogReadModel,
  story: storiesService.storyReadModel,
  gallery: galleryService.galleryReadModel,
  banner: bannersService.bannerReadModel,
};

const readModel = (kind: ContentKind) => READ_MODELS[kind] as ReadModel<AnyDocument>;

export function publicId(kind: ContentKind, item: items.ItemRow, lang: LanguageCode): string {
  return readModel(kind).rowId(item, lang);
}

/**
 * Writes the document's rows into the public tables; whether anything changed there. A public row
 * made outside authoring that holds the slug stops it: the import reports it as it is, staff hear
 * it as a taken slug.
 */
export async function project(
  tx: DbOrTx,
  item: items.ItemRow,
  lang: LanguageCode,
  doc: AnyDocument,
  options: { createdAt?: Date; importing?: boolean } = {},
): Promise<ReadModelStatus> {
  try {
    return await readModel(item.kind as ContentKind).project(tx, item, lang, doc, { createdAt: options.createdAt });
  } catch (error) {
    if (error instanceof ContentConflictError && !options.importing) throw conflict('slugTaken');
    throw error;
  }
}

/** Takes a language off the site: hidden (courses, blogs, stories keep their learners' data) or removed. */
export async function hide(tx: DbOrTx, item: items.ItemRow, lang: LanguageCode): Promise<boolean> {
  const kind = item.kind as ContentKind;
  return readModel(kind).withdraw(tx, publicId(kind, item, lang));
}

/**
 * Surface: the item each public row (a course, post, story, gallery title or banner item in a
 * language) was published from, keyed `kind/publicId`. Public ids are derived from the item (UUID v5),
 * so they are computed here for the items of the kinds asked about, in the languages asked about.
 */
export async function itemsOfPublicRows(
  db: DbOrTx,
  rows: readonly { kind: ContentKind; id: string; lang: LanguageCode }[],
): Promise<Map<string, string>> {
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
