// Published success stories in a reader's language (else English: db/reader-language.ts), newest first;
// the (lang, published, created_at) and (slug, lang) indexes serve every query here. The writes of the
// story read model (projected from a published story version, ADR 29) are at the end.
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { inReaderLanguage } from '../../db/reader-language';
import type { DbOrTx } from '../../db/client';
import { successStories } from '../../db/schema/success-stories';
import type { LanguageCode } from '../../../contract/languages';
import { hideRow, upsertRoot } from '../../lib/read-model-writes';
import type { ReadModelStatus } from '../../lib/read-models';
import type { StoryReadRow } from './read-model';

const columns = {
  id: successStories.id,
  image: successStories.image,
  imageAlt: successStories.imageAlt,
  authorName: successStories.authorName,
  description: successStories.description,
  isHighlighted: successStories.isHighlighted,
  createdAt: successStories.createdAt,
  lang: successStories.lang,
};

export type StoryRow = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] };

export function listPublished(db: DbOrTx, lang: LanguageCode, offset: number, limit: number): Promise<StoryRow[]> {
  return db
    .select(columns)
    .from(successStories)
    .where(inReaderLanguage(successStories, lang))
    .orderBy(desc(successStories.createdAt), desc(successStories.id))
    .offset(offset)
    .limit(limit);
}

export async function countPublished(db: DbOrTx, lang: LanguageCode): Promise<number> {
  const [row] = await db.select({ n: count() }).from(successStories).where(inReaderLanguage(successStories, lang));
  return row?.n ?? 0;
}

export async function findPublished(db: DbOrTx, id: string): Promise<StoryRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(successStories)
    .where(and(eq(successStories.id, id), eq(successStories.published, true)));
  return row;
}

/** The published story of an address name (slug) in a language. */
export async function findPublishedBySlug(db: DbOrTx, slug: string, lang: LanguageCode): Promise<StoryRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(successStories)
    .where(and(eq(successStories.slug, slug), eq(successStories.lang, lang), eq(successStories.published, true)));
  return row;
}

/** A published story of an address name in any language, the oldest first. */
export async function findAnyPublishedBySlug(db: DbOrTx, slug: string): Promise<StoryRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(successStories)
    .where(and(eq(successStories.slug, slug), eq(successStories.published, true)))
    .orderBy(asc(successStories.createdAt))
    .limit(1);
  return row;
}

/** The published `lang` version of the published story `id` (the same item: the same slug); undefined when there is none. */
export async function findPublishedIn(db: DbOrTx, id: string, lang: LanguageCode): Promise<StoryRow | undefined> {
  const asked = db
    .select({ slug: successStories.slug })
    .from(successStories)
    .where(and(eq(successStories.id, id), eq(successStories.published, true)));
  const [row] = await db
    .select(columns)
    .from(successStories)
    .where(
      and(eq(successStories.slug, sql`(${asked})`), eq(successStories.lang, lang), eq(successStories.published, true)),
    );
  return row;
}

/** A story language's row as its published version says; only what differs is written. */
export function writeStory(tx: DbOrTx, row: StoryReadRow): Promise<ReadModelStatus> {
  return upsertRoot(
    tx,
    successStories,
    row,
    {
      where: and(eq(successStories.slug, row.slug), eq(successStories.lang, row.lang!)),
      describe: `A success story with slug ${row.slug} (${row.lang})`,
    },
    { hasUpdatedAt: true },
  );
}

/** Hides a story language; the row stays. */
export function hideStory(tx: DbOrTx, id: string): Promise<boolean> {
  return hideRow(tx, successStories, id);
}
