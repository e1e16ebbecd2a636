// Banner items of a language with their images, in the order staff set; and the writes of the banner
// read model (projected from published versions, ADR 29).
import { asc, inArray } from 'drizzle-orm';
import { inReaderLanguage } from '../../db/reader-language';
import type { DbOrTx } from '../../db/client';
import { bannerImages, bannerItems } from '../../db/schema/banners';
import type { LanguageCode } from '../../../contract/languages';
import { removeRow, upsertWithImages } from '../../lib/read-model-writes';
import type { ReadModelStatus } from '../../lib/read-models';
import type { BannerRows } from './read-model';

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

// Nothing of a learner hangs on a banner item: taken off the site, it is removed.

export function removeBanner(tx: DbOrTx, id: string): Promise<boolean> {
  return removeRow(tx, bannerItems, id);
}
