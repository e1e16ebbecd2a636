import type { Banners, GalleryImages, MediaTitles } from '../../../contract/public-content';
import type { Db } from '../../db/client';
import { DEFAULT_LANGUAGE, type LanguageCode } from '../../../contract/languages';
import { notFound } from '../../plugins/errors';
import * as repository from './repository';

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
