// The media library's tables: the files staff uploaded and their text alternatives (modules/media-library/).
import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { MEDIA_ALT_MAX_LENGTH, UPLOAD_KINDS } from '../../../contract/media-rules';
import { langList, updatedAt } from '../columns';
import { users } from './users';

const uploadKindList = sql.raw(UPLOAD_KINDS.map((kind) => `'${kind}'`).join(', '));

/** One stored file as the media library keeps it (modules/media-library/). */
export interface MediaVariantRecord {
  /** The storage key (`by-hash/ab/ab....webp`); the address is the store's publicPath of it. */
  key: string;
  contentType: string;
  bytes: number;
  width?: number;
  height?: number;
}

// A file staff uploaded, once per file as uploaded (sha256): the same bytes uploaded again are this
// row. What is stored are the variants (a photo's WebP copies, or the one cleaned or kept file),
// named by their own hash; two rows may share a variant (the same picture as PNG and as JPEG), so a
// variant leaves the store only when no row names it any more.
export const mediaFiles = pgTable(
  'media_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    // What the bytes were (jpeg, pdf, webm...), whatever the name said.
    format: text('format').notNull(),
    sha256: text('sha256').notNull(),
    originalName: text('original_name').notNull(),
    // The file as uploaded; each variant has its own size.
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    durationMs: integer('duration_ms'),
    variants: jsonb('variants').$type<MediaVariantRecord[]>().notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('media_files_sha256_key').on(t.sha256),
    index('media_files_kind_uploaded_idx').on(t.kind, t.uploadedAt),
    index('media_files_uploaded_idx').on(t.uploadedAt),
    check('media_files_kind_known', sql`${t.kind} in (${uploadKindList})`),
    check(
      'media_files_has_variant',
      sql`jsonb_typeof(${t.variants}) = 'array' and jsonb_array_length(${t.variants}) > 0`,
    ),
  ],
);

// A file's text alternative in one language (what a screen reader says for a picture).
export const mediaAltTexts = pgTable(
  'media_alt_texts',
  {
    fileId: uuid('file_id')
      .notNull()
      .references(() => mediaFiles.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    text: text('text').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.fileId, t.lang] }),
    check('media_alt_texts_lang_known', sql`${t.lang} in (${langList})`),
    check('media_alt_texts_length', sql`char_length(${t.text}) between 1 and ${sql.raw(String(MEDIA_ALT_MAX_LENGTH))}`),
  ],
);
