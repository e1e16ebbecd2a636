// The media module's tables: the gallery and banner read models, one gallery title or banner item
// per language with its images, projected from a published version (modules/media/read-model.ts).
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { langList } from '../columns';

export const mediaTitles = pgTable(
  'media_titles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    lang: text('lang').notNull().default('en'),
    title: text('title').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    uniqueIndex('media_titles_slug_lang_key').on(t.slug, t.lang),
    index('media_titles_lang_position_idx').on(t.lang, t.position),
    check('media_titles_lang_known', sql`${t.lang} in (${langList})`),
  ],
);

export const mediaImages = pgTable(
  'media_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    titleId: uuid('title_id')
      .notNull()
      .references(() => mediaTitles.id, { onDelete: 'cascade' }),
    image: text('image').notNull(),
    alt: text('alt').notNull().default(''),
    position: integer('position').notNull(),
  },
  (t) => [index('media_images_title_position_idx').on(t.titleId, t.position)],
);

export const bannerItems = pgTable(
  'banner_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    lang: text('lang').notNull().default('en'),
    title: text('title').notNull(),
    subTitle: text('sub_title').notNull().default(''),
    location: text('location').notNull().default(''),
    position: integer('position').notNull(),
  },
  (t) => [
    uniqueIndex('banner_items_slug_lang_key').on(t.slug, t.lang),
    index('banner_items_lang_position_idx').on(t.lang, t.position),
    check('banner_items_lang_known', sql`${t.lang} in (${langList})`),
  ],
);

export const bannerImages = pgTable(
  'banner_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bannerId: uuid('banner_id')
      .notNull()
      .references(() => bannerItems.id, { onDelete: 'cascade' }),
    image: text('image').notNull(),
    alt: text('alt').notNull().default(''),
    position: integer('position').notNull(),
  },
  (t) => [index('banner_images_banner_position_idx').on(t.bannerId, t.position)],
);
