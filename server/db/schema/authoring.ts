// The authoring module's tables (ADR 19): items, their versions per language, and where each
// language stands. What learners see is projected from a published version into the public
// modules' read models (courses, blogs, success stories, gallery and banners).
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CONTENT_KINDS, CONTENT_OWNERS, CONTENT_STATUSES, VERSION_ORIGINS } from '../../../contract/content-kinds';
import { quotedList, langList, createdAt, updatedAt } from '../columns';
import { users } from './users';

// One piece of content staff write, across its languages: a course, a blog post, a success story, a
// gallery title or a banner item. What learners see is projected from a language's published
// version into the public tables above; these tables are the staff's.
export const contentItems = pgTable(
  'content_items',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').notNull(),
    slug: text('slug').notNull(),
    // The language translations are made from.
    sourceLang: text('source_lang').notNull().default('en'),
    // What the public rows' ids are derived from (lib/stable-id.ts): the slug for imported content,
    // so its ids stay those the import always gave; the item's id for content staff create.
    idSeed: text('id_seed').notNull(),
    // 'import' until the first staff write; from then on the import leaves the item alone.
    owner: text('owner').notNull(),
    createdAt: createdAt(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: uuid('deleted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('content_items_kind_slug_key').on(t.kind, t.slug),
    uniqueIndex('content_items_id_seed_key').on(t.kind, t.idSeed),
    check('content_items_kind_known', sql`${t.kind} in (${quotedList(CONTENT_KINDS)})`),
    check('content_items_owner_known', sql`${t.owner} in (${quotedList(CONTENT_OWNERS)})`),
    check('content_items_source_lang_known', sql`${t.sourceLang} in (${langList})`),
  ],
);

// Every saved state of one language of an item, numbered from 1. A version is never changed.
export const contentVersions = pgTable(
  'content_versions',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => contentItems.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    number: integer('number').notNull(),
    // The whole document of the language, rich text already sanitised (contract/authoring.ts).
    body: jsonb('body').notNull(),
    // A short hash of every text field, by field path: what a translation's stale marks compare.
    textHashes: jsonb('text_hashes').notNull(),
    // A translation's fields: the source version and text hash each was translated from.
    sourceRefs: jsonb('source_refs'),
    origin: text('origin').notNull(),
    restoredFrom: integer('restored_from'),
    // Null for the import.
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.lang, t.number] }),
    check('content_versions_lang_known', sql`${t.lang} in (${langList})`),
    check('content_versions_origin_known', sql`${t.origin} in (${quotedList(VERSION_ORIGINS)})`),
    check('content_versions_number_positive', sql`${t.number} > 0`),
  ],
);

// Where each language of an item stands: its newest version, the one learners see, and a scheduled
// publication.
export const contentStates = pgTable(
  'content_states',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => contentItems.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    headVersion: integer('head_version').notNull(),
    status: text('status').notNull(),
    publishedVersion: integer('published_version'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    scheduledVersion: integer('scheduled_version'),
    publishAt: timestamp('publish_at', { withTimezone: true }),
    scheduledBy: uuid('scheduled_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.lang] }),
    // The scheduler's claim: due rows only, oldest first.
    index('content_states_publish_at_idx')
      .on(t.publishAt)
      .where(sql`${t.publishAt} is not null`),
    check('content_states_lang_known', sql`${t.lang} in (${langList})`),
    check('content_states_status_known', sql`${t.status} in (${quotedList(CONTENT_STATUSES)})`),
    check('content_states_schedule_whole', sql`(${t.publishAt} is null) = (${t.scheduledVersion} is null)`),
  ],
);
