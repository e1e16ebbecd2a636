// The banner read model (ADR 29): a published banner item language as its row and its images'
// rows. The English rows keep the ids they always had; another
// language's add "@lang" (lib/read-models.ts).
import type { BannerDocument } from '../../../contract/authoring';
import type { LanguageCode } from '../../../contract/languages';
import type { bannerImages, bannerItems } from '../../db/schema/banners';
import { languageIdParts, type ReadModelSource } from '../../lib/read-models';
import { stableId } from '../../lib/stable-id';

type WithId<T> = T & { id: string };

export interface BannerRows {
  banner: WithId<typeof bannerItems.$inferInsert>;
  images: WithId<typeof bannerImages.$inferInsert>[];
}

export function bannerRowId(item: ReadModelSource, lang: LanguageCode): string {
  return stableId('banner', item.idSeed, ...languageIdParts(lang));
}

export function bannerRows(item: ReadModelSource, lang: LanguageCode, doc: BannerDocument): BannerRows {
  const bannerId = bannerRowId(item, lang);
  return {
    banner: {
      id: bannerId,
      slug: item.slug,
      lang,
      title: doc.title,
      subTitle: doc.subTitle,
      location: doc.location,
      position: doc.position,
    },
    images: doc.images.map((image, ii) => ({
      id: stableId('banner-image', item.idSeed, ...languageIdParts(lang), image.key!),
      bannerId,
      image: image.image,
      alt: image.alt,
      position: ii + 1,
    })),
  };
}
