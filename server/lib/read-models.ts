// Read models (ADR 29): the public tables learners read (a course with its chapters, lessons,
// videos and quizzes; blog posts; success stories; gallery titles and banner items) are projections
// of published versions of content items (ADR 19). Each is owned by its public module, which says
// here how a published document becomes its rows; authoring calls them inside its publishing
// transaction and never writes those tables itself.
import { CONTENT_SLUG_MAX, CONTENT_SLUG_PATTERN } from '../../contract/content-kinds';
import { UUID_PATTERN } from '../../contract/ids';
import { DEFAULT_LANGUAGE, type LanguageCode } from '../../contract/languages';
import type { DbOrTx } from '../db/client';

/** What a projection made of the stored rows. */
export type ReadModelStatus = 'created' | 'updated' | 'unchanged';

/**
 * The stored row has the slug but another id (made outside authoring): never overwritten. The
 * import reports it as it is; staff hear it as a taken slug.
 */
export class ContentConflictError extends Error {}

/**
 * The item a read model's rows are projected from. Every row's id is derived from the id seed, the
 * language and the element's key (lib/stable-id.ts), never from its place: a lesson keeps its id,
 * and learners their completions of it, when it is reordered or moved. Imported content has its
 * slug as seed and its slugs as keys, so its ids are the ones the import always gave.
 */
export interface ReadModelSource {
  slug: string;
  idSeed: string;
}

/** One kind of content's read model, as its module's service names it on its surface. */
export interface ReadModel<Document> {
  /** The id of the item's top row in a language. */
  rowId(item: ReadModelSource, lang: LanguageCode): string;
  /**
   * Writes the document's rows in the caller's transaction, only those that differ, so projecting
   * the same document again changes nothing (not even updated_at). `createdAt` is a course's date
   * from the sample content; the other kinds carry their date in the document.
   */
  project(
    tx: DbOrTx,
    item: ReadModelSource,
    lang: LanguageCode,
    doc: Document,
    options?: { createdAt?: Date },
  ): Promise<ReadModelStatus>;
  /**
   * Takes a language off the site (unpublish, delete): hidden where learners' records hang on the
   * rows (courses, blogs, stories), removed otherwise. Returns whether anything changed.
   */
  withdraw(tx: DbOrTx, rowId: string): Promise<boolean>;
}

/**
 * Blogs, stories, gallery titles and banner items were English only before they had languages: the
 * English row keeps the id it always had, another language's row adds "@lang" (a key never holds
 * "@", so the two can never meet).
 */
export const languageIdParts = (lang: LanguageCode): string[] => (lang === 'en' ? [] : [`@${lang}`]);

/** Optional text as a column wants it: null when empty. */
export const textOrNull = (text: string | null | undefined) => (text && text.trim() ? text : null);

/** A document's date (YYYY-MM-DD) as the row's timestamp. */
export const dayOf = (date: string) => new Date(`${date}T00:00:00.000Z`);

/**
 * One item of a read model for a reader (ADR 33): its published version in the reader's language,
 * else its English one, else none (the caller then answers the item asked for). A Tamil reader given
 * a Hindi link reads it in English, with the note that says so.
 */
export async function versionForReader<Row>(
  findIn: (lang: LanguageCode) => Promise<Row | undefined>,
  lang: LanguageCode | undefined,
): Promise<Row | undefined> {
  if (!lang) return undefined;
  return (await findIn(lang)) ?? (lang === DEFAULT_LANGUAGE ? undefined : await findIn(DEFAULT_LANGUAGE));
}

/** How one public item (a post, a story) is found in its read model. */
export interface ItemFinders<Row> {
  /** The published row of this id. */
  byId: (id: string) => Promise<Row | undefined>;
  /** The published row in a language of the item this id belongs to. */
  byIdIn: (id: string, lang: LanguageCode) => Promise<Row | undefined>;
  /** The published row of an address name (slug) in a language. */
  bySlugIn: (slug: string, lang: LanguageCode) => Promise<Row | undefined>;
  /** A published row of an address name in any language. */
  bySlug: (slug: string) => Promise<Row | undefined>;
}

const UUID = new RegExp(UUID_PATTERN);
const SLUG = new RegExp(CONTENT_SLUG_PATTERN);

/**
 * A public item by the address a reader used (ADR 33): its id, or its address name, so
 * /blogs/spot-a-fake-call opens the post an editor named so. In the reader's language, else English,
 * else the one asked for (an id) or any published (a name); undefined for anything else.
 */
export async function itemForReader<Row>(
  address: string,
  lang: LanguageCode | undefined,
  find: ItemFinders<Row>,
): Promise<Row | undefined> {
  if (UUID.test(address))
    return (await versionForReader((l) => find.byIdIn(address, l), lang)) ?? (await find.byId(address));
  if (address.length <= CONTENT_SLUG_MAX && SLUG.test(address))
    return (
      (await versionForReader((l) => find.bySlugIn(address, l), lang ?? DEFAULT_LANGUAGE)) ??
      (await find.bySlug(address))
    );
  return undefined;
}
