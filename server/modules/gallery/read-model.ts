// The gallery's read model (ADR 29): a published gallery title language as its row and its images'
// rows. The English rows keep the ids they always had; another
// language's add "@lang" (lib/read-models.ts).
import type { GalleryDocument } from '../../../contract/authoring';
import type { LanguageCode } from '../../../contract/languages';
import type { galleryImages, galleryTitles } from '../../db/schema/gallery';
import { languageIdParts, type ReadModelSource } from '../../lib/read-models';
import { stableId } from '../../lib/stable-id';

type WithId<T> = T & { id: string };

export interface GalleryRows {
  title: WithId<typeof galleryTitles.$inferInsert>;
  images: WithId<typeof galleryImages.$inferInsert>[];
}

export function galleryRowId(item: ReadModelSource, lang: LanguageCode): string {
  return stableId('media-title', item.idSeed, ...languageIdParts(lang));
}

export function galleryRows(item: ReadModelSource, lang: LanguageCode, doc: GalleryDocument): GalleryRows {
  const titleId = galleryRowId(item, lang);
  return {
    title: { id: titleId, slug: item.slug, lang, title: doc.title, position: doc.position },
    images: doc.images.map((image, ii) => ({
      id: stableId('media-image', item.idSeed, ...languageIdParts(lang), image.key!),
      titleId,
      image: image.image,
      alt: image.alt,
      position: ii + 1,
    })),
  };
}
