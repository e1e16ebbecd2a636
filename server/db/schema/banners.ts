// The banners module's tables: the banner read model, one banner item of the home page per language
// with its images, projected from a published version (modules/banners/read-model.ts).
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { langList } from '../columns';

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
