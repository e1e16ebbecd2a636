// Blogs, success stories, gallery titles and banner items are shown to a reader in their language
// where that language's version is on the site, else in English: one list, each item once.
import { and, eq, getTableName, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { DEFAULT_LANGUAGE, type LanguageCode } from '../../contract/languages';

type Localised = PgTable & { slug: PgColumn; lang: PgColumn; published?: PgColumn };

/**
 * The rows of `lang`, and the English rows of the items that have no `lang` row on the site. An
 * item's languages share its slug (unique with the language). With `published`, only published
 * rows count, on both sides.
 */
export function inReaderLanguage(table: Localised, lang: LanguageCode): SQL {
  const published = table.published
    ? sql` and ${sql.identifier('other')}.${sql.identifier(table.published.name)}`
    : sql``;
  const visible = table.published ? eq(table.published, true) : undefined;
  if (lang === DEFAULT_LANGUAGE) return and(eq(table.lang, lang), visible)!;
  const other = sql.identifier('other');
  const translated = sql`(select 1 from ${sql.identifier(getTableName(table))} as ${other}
    where ${other}.${sql.identifier(table.slug.name)} = ${table.slug} and ${other}.${sql.identifier(table.lang.name)} = ${lang}${published})`;
  return and(or(eq(table.lang, lang), and(eq(table.lang, DEFAULT_LANGUAGE), notExists(translated))), visible)!;
}
