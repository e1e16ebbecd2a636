// Published success stories of a language, newest first; the (lang, published, created_at) index serves every query here.
import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { successStories } from '../../db/schema';
import type { LanguageCode } from '../../../contract/languages';

const columns = {
  id: successStories.id,
  image: successStories.image,
  imageAlt: successStories.imageAlt,
  authorName: successStories.authorName,
  description: successStories.description,
  isHighlighted: successStories.isHighlighted,
  createdAt: successStories.createdAt,
};

export type StoryRow = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] };

export function listPublished(db: DbOrTx, lang: LanguageCode, offset: number, limit: number): Promise<StoryRow[]> {
  return db
    .select(columns)
    .from(successStories)
    .where(and(eq(successStories.lang, lang), eq(successStories.published, true)))
    .orderBy(desc(successStories.createdAt), desc(successStories.id))
    .offset(offset)
    .limit(limit);
}

export async function countPublished(db: DbOrTx, lang: LanguageCode): Promise<number> {
  const [row] = await db.select({ n: count() }).from(successStories).where(and(eq(successStories.lang, lang), eq(successStories.published, true)));
  return row?.n ?? 0;
}

export async function findPublished(db: DbOrTx, id: string): Promise<StoryRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(successStories)
    .where(and(eq(successStories.id, id), eq(successStories.published, true)));
  return row;
}
