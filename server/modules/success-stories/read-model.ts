// The story read model (ADR 29): a published story language as the row the public calls read. The
// English row keeps the id it always had; another language's adds "@lang" (lib/read-models.ts).
import type { StoryDocument } from '../../../contract/authoring';
import type { LanguageCode } from '../../../contract/languages';
import type { successStories } from '../../db/schema/success-stories';
import { dayOf, languageIdParts, type ReadModelSource } from '../../lib/read-models';
import { stableId } from '../../lib/stable-id';

export type StoryReadRow = typeof successStories.$inferInsert & { id: string };

export function storyRowId(item: ReadModelSource, lang: LanguageCode): string {
  return stableId('story', item.idSeed, ...languageIdParts(lang));
}

export function storyRow(item: ReadModelSource, lang: LanguageCode, doc: StoryDocument): StoryReadRow {
  return {
    id: storyRowId(item, lang),
    slug: item.slug,
    lang,
    authorName: doc.authorName,
    image: doc.image ?? '',
    imageAlt: doc.imageAlt,
    description: doc.description,
    isHighlighted: doc.isHighlighted,
    published: true,
    createdAt: dayOf(doc.date),
  };
}
