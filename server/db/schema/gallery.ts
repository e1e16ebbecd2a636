// The gallery module's tables: the gallery's read model, one gallery title per language with its
// images, projected from a published version (modules/gallery/read-model.ts). Named media_titles and
// media_images until migration 0017 (ADR 31).
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { langList } from '../columns';

export const galleryTitles = pgTable(
  'gallery_titles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    lang: text('lang').notNull().default('en'),
    title: text('title').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    uniqueIndex('gallery_titles_slug_lang_key').on(t.slug, t.lang),
    index('gallery_titles_lang_position_idx').on(t.lang, t.position),
    check('gallery_titles_lang_known', sql`${t.lang} in (${langList})`),
  ],
);

export const galleryImages = pgTable(
  'gallery_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    titleId: uuid('title_id')
      .notNull()
      .references(() => galleryTitles.id, { onDelete: 'cascade' }),
    image: text('image').notNull(),
    alt: text('alt').notNull().default(''),
    position: integer('position').notNull(),
  },
  (t) => [index('gallery_images_title_position_idx').on(t.titleId, t.position)],
);
