// The public gallery: its titles in a reader's language, in the order staff set, and the images of
// one title.
//
// The module's surface for other modules (they call these, never gallery's repository or routes):
// - galleryReadModel: a published gallery title version projected into the gallery's tables, and
//   taken off the site (authoring, ADR 29)
import type { GalleryDocument } from '../../../contract/authoring';
import type { GalleryImages, MediaTitles } from '../../../contract/public-content';
import type { Db } from '../../db/client';
import { DEFAULT_LANGUAGE, type LanguageCode } from '../../../contract/languages';
import type { ReadModel } from '../../lib/read-models';
import { notFound } from '../../plugins/errors';
import { galleryRowId, galleryRows } from './read-model';
import * as repository from './repository';

/** The gallery read model: a published gallery title language with its images, written by authoring's publishing. */
export const galleryReadModel: ReadModel<GalleryDocument> = {
  rowId: galleryRowId,
  project: (tx, item, lang, doc) => repository.writeGalleryTitle(tx, galleryRows(item, lang, doc)),
  withdraw: repository.removeGalleryTitle,
};

export async function titles(db: Db, lang: LanguageCode = DEFAULT_LANGUAGE): Promise<MediaTitles> {
  return { media: await repository.listTitles(db, lang) };
}

export async function gallery(db: Db, titleId: string): Promise<GalleryImages> {
  const [exists, images] = await Promise.all([repository.titleExists(db, titleId), repository.listImages(db, titleId)]);
  if (!exists) throw notFound('galleryNotFound');
  return { media: images };
}
