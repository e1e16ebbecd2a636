// Published blogs of a language, newest first; the (lang, published, created_at) index serves every query here.
// The writes of the blog read model (projected from a published post version, ADR 29) are at the end.
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { inReaderLanguage } from '../../db/reader-language';
import type { DbOrTx } from '../../db/client';
import { blogs } from '../../db/schema/blogs';
import type { LanguageCode } from '../../../contract/languages';
import { hideRow, upsertRoot } from '../../lib/read-model-writes';
import type { ReadModelStatus } from '../../lib/read-models';
import type { BlogReadRow } from './read-model';

const columns = {
  id: blogs.id,
  title: blogs.title,
  description: blogs.description,
  image: blogs.image,
  imageAlt: blogs.imageAlt,
  author: blogs.author,
  createdAt: blogs.createdAt,
  readTime: blogs.readTime,
  lang: blogs.lang,
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

/** The published post of an address name (slug) in a language. */
export async function findPublishedBySlug(db: DbOrTx, slug: string, lang: LanguageCode): Promise<BlogRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(blogs)
    .where(and(eq(blogs.slug, slug), eq(blogs.lang, lang), eq(blogs.published, true)));
  return row;
}

/** A published post of an address name in any language, the oldest first. */
export async function findAnyPublishedBySlug(db: DbOrTx, slug: string): Promise<BlogRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(blogs)
    .where(and(eq(blogs.slug, slug), eq(blogs.published, true)))
    .orderBy(asc(blogs.createdAt))
    .limit(1);
  return row;
}

/** The post in another language, where that version is published (a reader who changed language, or a shared link). */
export async function findPublishedIn(db: DbOrTx, id: string, lang: LanguageCode): Promise<BlogRow | undefined> {
  const asked = db
    .select({ slug: blogs.slug })
    .from(blogs)
    .where(and(eq(blogs.id, id), eq(blogs.published, true)));
  const [row] = await db
    .select(columns)
    .from(blogs)
    .where(and(eq(blogs.slug, sql`(${asked})`), eq(blogs.lang, lang), eq(blogs.published, true)));
  return row;
}

/** A post language's row as its published version says; only what differs is written. */
export function writeBlog(tx: DbOrTx, row: BlogReadRow): Promise<ReadModelStatus> {
  return upsertRoot(
    tx,
    blogs,
    row,
    {
      where: and(eq(blogs.slug, row.slug), eq(blogs.lang, row.lang!)),
      describe: `A blog with slug ${row.slug} (${row.lang})`,
    },
    { hasUpdatedAt: true },
  );
}

/** Hides a post language; the row stays. */
export function hideBlog(tx: DbOrTx, id: string): Promise<boolean> {
  return hideRow(tx, blogs, id);
}
