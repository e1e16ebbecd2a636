// The success-stories module's table: the story read model, one row per story language, projected
// from a published version of a story (modules/success-stories/read-model.ts).
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { LanguageCode } from '../../../contract/languages';
import { langList, createdAt, updatedAt } from '../columns';

export const successStories = pgTable(
  'success_stories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    lang: text('lang').$type<LanguageCode>().notNull().default('en'),
    authorName: text('author_name').notNull(),
    image: text('image').notNull(),
    imageAlt: text('image_alt').notNull().default(''),
    description: text('description').notNull(), // sanitised HTML
    isHighlighted: boolean('is_highlighted').notNull().default(false),
    published: boolean('published').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('success_stories_slug_lang_key').on(t.slug, t.lang),
    index('success_stories_lang_published_created_idx').on(t.lang, t.published, t.createdAt),
    check('success_stories_lang_known', sql`${t.lang} in (${langList})`),
  ],
);
