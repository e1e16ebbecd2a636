// Gallery titles with their images, and banner items with theirs, of a language, in the order staff set;
// and the writes of the gallery and banner read models (projected from published versions, ADR 29).
import { asc, eq, inArray } from 'drizzle-orm';
import { inReaderLanguage } from '../../db/reader-language';
import type { DbOrTx } from '../../db/client';
import { bannerImages, bannerItems, mediaImages, mediaTitles } from '../../db/schema/media';
import type { LanguageCode } from '../../../contract/languages';
import { removeRow, upsertWithImages } from '../../lib/read-model-writes';
import type { ReadModelStatus } from '../../lib/read-models';
import type { BannerRows, GalleryRows } from './read-model';

export function listTitles(db: DbOrTx, lang: LanguageCode) {
  return db
    .select({ id: mediaTitles.id, title: mediaTitles.title })
    .from(mediaTitles)
    .where(inReaderLanguage(mediaTitles, lang))
    .orderBy(asc(mediaTitles.position), asc(mediaTitles.title));
}

export async function titleExists(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: mediaTitles.id }).from(mediaTitles).where(eq(mediaTitles.id, id));
  return Boolean(row);
}

export function listImages(db: DbOrTx, titleId: string) {
  return db
    .select({ id: mediaImages.id, image: mediaImages.image, alt: mediaImages.alt })
    .from(mediaImages)
    .where(eq(mediaImages.titleId, titleId))
    .orderBy(asc(mediaImages.position), asc(mediaImages.id));
}

export function listBanners(db: DbOrTx, lang: LanguageCode) {
  return db
    .select({
      id: bannerItems.id,
      title: bannerItems.title,
      subTitle: bannerItems.subTitle,
      location: bannerItems.location,
    })
    .from(bannerItems)
    .where(inReaderLanguage(bannerItems, lang))
    .orderBy(asc(bannerItems.position), asc(bannerItems.title));
}

export function listBannerImages(db: DbOrTx, bannerIds: string[]) {
  if (!bannerIds.length) return Promise.resolve([]);
  return db
    .select({ bannerId: bannerImages.bannerId, image: bannerImages.image, alt: bannerImages.alt })
    .from(bannerImages)
    .where(inArray(bannerImages.bannerId, bannerIds))
    .orderBy(asc(bannerImages.bannerId), asc(bannerImages.position));
}

/** A gallery title and its images as its published version says; only what differs is written. */
export function writeGalleryTitle(tx: DbOrTx, rows: GalleryRows): Promise<ReadModelStatus> {
  const tables = {
    parent: mediaTitles,
    images: mediaImages,
    imageParent: mediaImages.titleId,
    describe: 'A media title',
  };
  return upsertWithImages(tx, tables, { parent: rows.title, images: rows.images });
}

/** A banner item and its images as its published version says; only what differs is written. */
export function writeBanner(tx: DbOrTx, rows: BannerRows): Promise<ReadModelStatus> {
  const tables = {
    parent: bannerItems,
    images: bannerImages,
    imageParent: bannerImages.bannerId,
    describe: 'A banner item',
  };
  return upsertWithImages(tx, tables, { parent: rows.banner, images: rows.images });
}

// Nothing of a learner hangs on a gallery title or a banner item: taken off the site, they are removed.

export function removeGalleryTitle(tx: DbOrTx, id: string): Promise<boolean> {
  return removeRow(tx, mediaTitles, id);
}

export function removeBanner(tx: DbOrTx, id: string): Promise<boolean> {
  return removeRow(tx, bannerItems, id);
}
