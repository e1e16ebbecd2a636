// The public gallery (titles and their images) and the home page's banner items, in a reader's
// language, in the order staff set.
//
// The module's surface for other modules (they call these, never media's repository or routes):
// - galleryReadModel, bannerReadModel: a published gallery title or banner item version projected
//   into the media tables, and taken off the site (authoring, ADR 29)
import type { BannerDocument, GalleryDocument } from '../../../contract/authoring';
import type { Banners, GalleryImages, MediaTitles } from '../../../contract/public-content';
import type { Db } from '../../db/client';
import { DEFAULT_LANGUAGE, type LanguageCode } from '../../../contract/languages';
import type { ReadModel } from '../../lib/read-models';
import { notFound } from '../../plugins/errors';
import { bannerRowId, bannerRows, galleryRowId, galleryRows } from './read-model';
import * as repository from './repository';

/** The gallery read model: a published gallery title language with its images, written by authoring's publishing. */
export const galleryReadModel: ReadModel<GalleryDocument> = {
  rowId: galleryRowId,
  project: (tx, item, lang, doc) => repository.writeGalleryTitle(tx, galleryRows(item, lang, doc)),
  withdraw: repository.removeGalleryTitle,
};

/** The banner read model: a published banner item language with its images, written by authoring's publishing. */
export const bannerReadModel: ReadModel<BannerDocument> = {
  rowId: bannerRowId,
  project: (tx, item, lang, doc) => repository.writeBanner(tx, bannerRows(item, lang, doc)),
  withdraw: repository.removeBanner,
};

export async function titles(db: Db, lang: LanguageCode = DEFAULT_LANGUAGE): Promise<MediaTitles> {
  return { media: await repository.listTitles(db, lang) };
}

export async function gallery(db: Db, titleId: string): Promise<GalleryImages> {
  const [exists, images] = await Promise.all([repository.titleExists(db, titleId), repository.listImages(db, titleId)]);
  if (!exists) throw notFound('galleryNotFound');
  return { media: images };
}

/** Banner items with their images; the home page picks two of each item's images at random. */
export async function banners(db: Db, lang: LanguageCode = DEFAULT_LANGUAGE): Promise<Banners> {
  const items = await repository.listBanners(db, lang);
  const images = await repository.listBannerImages(
    db,
    items.map((item) => item.id),
  );
  const byBanner = new Map<string, { image: string; alt: string }[]>();
  for (const { bannerId, image, alt } of images) {
    const list = byBanner.get(bannerId) ?? [];
    list.push({ image, alt });
    byBanner.set(bannerId, list);
  }
  return {
    media: items.map((item) => ({
      id: item.id,
      title: item.title,
      sub_title: item.subTitle,
      location: item.location,
      media_images: byBanner.get(item.id) ?? [],
    })),
  };
}
