// The home page's banner items with their images, in a reader's language, in the order staff set.
//
// The module's surface for other modules (they call these, never banners' repository or routes):
// - bannerReadModel: a published banner item version projected into the banner tables, and taken
//   off the site (authoring, ADR 29)
import type { BannerDocument } from '../../../contract/authoring';
import type { Banners } from '../../../contract/public-content';
import type { Db } from '../../db/client';
import { DEFAULT_LANGUAGE, type LanguageCode } from '../../../contract/languages';
import type { ReadModel } from '../../lib/read-models';
import { bannerRowId, bannerRows } from './read-model';
import * as repository from './repository';

/** The banner read model: a published banner item language with its images, written by authoring's publishing. */
export const bannerReadModel: ReadModel<BannerDocument> = {
  rowId: bannerRowId,
  project: (tx, item, lang, doc) => repository.writeBanner(tx, bannerRows(item, lang, doc)),
  withdraw: repository.removeBanner,
};

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
