// The blog read model (ADR 29): a published post language as the row the public calls read. The
// English row keeps the id it always had; another language's adds "@lang" (lib/read-models.ts).
import type { BlogDocument } from '../../../contract/authoring';
import type { LanguageCode } from '../../../contract/languages';
import type { blogs } from '../../db/schema/blogs';
import { dayOf, languageIdParts, type ReadModelSource } from '../../lib/read-models';
import { stableId } from '../../lib/stable-id';

export type BlogReadRow = typeof blogs.$inferInsert & { id: string };

export function blogRowId(item: ReadModelSource, lang: LanguageCode): string {
  return stableId('blog', item.idSeed, ...languageIdParts(lang));
}

export function blogRow(item: ReadModelSource, lang: LanguageCode, doc: BlogDocument): BlogReadRow {
  return {
    id: blogRowId(item, lang),
    slug: item.slug,
    lang,
    title: doc.title,
    description: doc.description,
    image: doc.image ?? '',
    imageAlt: doc.imageAlt,
    author: doc.author,
    readTime: doc.readTime,
    published: true,
    createdAt: dayOf(doc.date),
  };
}
