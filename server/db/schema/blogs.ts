// The blogs module's table: the blog read model, one row per post language, projected from a
// published version of a blog post (modules/blogs/read-model.ts); the public calls answer English
// unless asked for another language.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { LanguageCode } from '../../../contract/languages';
import { langList, createdAt, updatedAt } from '../columns';

export const blogs = pgTable(
  'blogs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    lang: text('lang').$type<LanguageCode>().notNull().default('en'),
    title: text('title').notNull(),
    description: text('description').notNull(), // sanitised HTML
    image: text('image').notNull(),
    imageAlt: text('image_alt').notNull().default(''),
    author: text('author').notNull(),
    readTime: integer('read_time').notNull().default(1), // minutes
    published: boolean('published').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('blogs_slug_lang_key').on(t.slug, t.lang),
    index('blogs_lang_published_created_idx').on(t.lang, t.published, t.createdAt),
    check('blogs_lang_known', sql`${t.lang} in (${langList})`),
  ],
);
