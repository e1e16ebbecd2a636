// Published blogs of a language, newest first; the (lang, published, created_at) index serves every query here.
import { and, count, desc, eq } from 'drizzle-orm';
import { inReaderLanguage } from '../../db/reader-language';
import type { DbOrTx } from '../../db/client';
import { blogs } from '../../db/schema/blogs';
import type { LanguageCode } from '../../../contract/languages';

const columns = {
  id: blogs.id,
  title: blogs.title,
  description: blogs.description,
  image: blogs.image,
  imageAlt: blogs.imageAlt,
  author: blogs.author,
  createdAt: blogs.createdAt,
  readTime: blogs.readTime,
};

export type BlogRow = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] };

export function listPublished(db: DbOrTx, lang: LanguageCode, offset: number, limit: number): Promise<BlogRow[]> {
  return db
    .select(columns)
    .from(blogs)
    .where(inReaderLanguage(blogs, lang))
    .orderBy(desc(blogs.createdAt), desc(blogs.id))
    .offset(offset)
    .limit(limit);
}

export async function countPublished(db: DbOrTx, lang: LanguageCode): Promise<number> {
  const [row] = await db.select({ n: count() }).from(blogs).where(inReaderLanguage(blogs, lang));
  return row?.n ?? 0;
}

export async function findPublished(db: DbOrTx, id: string): Promise<BlogRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(blogs)
    .where(and(eq(blogs.id, id), eq(blogs.published, true)));
  return row;
}
