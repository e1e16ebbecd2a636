// Gallery titles of a language with their images, in the order staff set; and the writes of the
// gallery's read model (projected from published versions, ADR 29).
import { asc, eq } from 'drizzle-orm';
import { inReaderLanguage } from '../../db/reader-language';
import type { DbOrTx } from '../../db/client';
import { galleryImages, galleryTitles } from '../../db/schema/gallery';
import type { LanguageCode } from '../../../contract/languages';
import { removeRow, upsertWithImages } from '../../lib/read-model-writes';
import type { ReadModelStatus } from '../../lib/read-models';
import type { GalleryRows } from './read-model';

export function listTitles(db: DbOrTx, lang: LanguageCode) {
  return db
    .select({ id: galleryTitles.id, title: galleryTitles.title })
    .from(galleryTitles)
    .where(inReaderLanguage(galleryTitles, lang))
    .orderBy(asc(galleryTitles.position), asc(galleryTitles.title));
}

export async function titleExists(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: galleryTitles.id }).from(galleryTitles).where(eq(galleryTitles.id, id));
  return Boolean(row);
}

export function listImages(db: DbOrTx, titleId: string) {
  return db
    .select({ id: galleryImages.id, image: galleryImages.image, alt: galleryImages.alt })
    .from(galleryImages)
    .where(eq(galleryImages.titleId, titleId))
    .orderBy(asc(galleryImages.position), asc(galleryImages.id));
}

/** A gallery title and its images as its published version says; only what differs is written. */
export function writeGalleryTitle(tx: DbOrTx, rows: GalleryRows): Promise<ReadModelStatus> {
  const tables = {
    parent: galleryTitles,
    images: galleryImages,
    imageParent: galleryImages.titleId,
    describe: 'A gallery title',
  };
  return upsertWithImages(tx, tables, { parent: rows.title, images: rows.images });
}

// Nothing of a learner hangs on a gallery title: taken off the site, it is removed.

export function removeGalleryTitle(tx: DbOrTx, id: string): Promise<boolean> {
  return removeRow(tx, galleryTitles, id);
}
