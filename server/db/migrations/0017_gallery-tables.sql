-- The public gallery's tables are named for what they hold (ADR 31): media_titles becomes
-- gallery_titles and media_images gallery_images. drizzle-kit wrote this as two table renames and
-- then its indexes and constraints dropped and made again under the new names; each is renamed in
-- place instead, which ends in the same schema (the snapshot is drizzle-kit's) without rebuilding
-- an index or checking every row again. The primary keys, which drizzle-kit does not name, are
-- renamed too, so an upgraded database has the names a new one gets. Every row stays.
ALTER TABLE "media_titles" RENAME TO "gallery_titles";--> statement-breakpoint
ALTER TABLE "media_images" RENAME TO "gallery_images";--> statement-breakpoint
ALTER INDEX "media_titles_pkey" RENAME TO "gallery_titles_pkey";--> statement-breakpoint
ALTER INDEX "media_images_pkey" RENAME TO "gallery_images_pkey";--> statement-breakpoint
ALTER INDEX "media_titles_slug_lang_key" RENAME TO "gallery_titles_slug_lang_key";--> statement-breakpoint
ALTER INDEX "media_titles_lang_position_idx" RENAME TO "gallery_titles_lang_position_idx";--> statement-breakpoint
ALTER INDEX "media_images_title_position_idx" RENAME TO "gallery_images_title_position_idx";--> statement-breakpoint
ALTER TABLE "gallery_titles" RENAME CONSTRAINT "media_titles_lang_known" TO "gallery_titles_lang_known";--> statement-breakpoint
ALTER TABLE "gallery_images" RENAME CONSTRAINT "media_images_title_id_media_titles_id_fk" TO "gallery_images_title_id_gallery_titles_id_fk";
