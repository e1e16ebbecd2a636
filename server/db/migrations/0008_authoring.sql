CREATE TABLE "content_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"slug" text NOT NULL,
	"source_lang" text DEFAULT 'en' NOT NULL,
	"id_seed" text NOT NULL,
	"owner" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid,
	CONSTRAINT "content_items_kind_known" CHECK ("content_items"."kind" in ('course', 'blog', 'story', 'gallery', 'banner')),
	CONSTRAINT "content_items_owner_known" CHECK ("content_items"."owner" in ('import', 'staff')),
	CONSTRAINT "content_items_source_lang_known" CHECK ("content_items"."source_lang" in ('en', 'hi', 'bn', 'gj', 'kn', 'ml', 'mh', 'od', 'tm', 'tl'))
);
--> statement-breakpoint
CREATE TABLE "content_states" (
	"item_id" uuid NOT NULL,
	"lang" text NOT NULL,
	"head_version" integer NOT NULL,
	"status" text NOT NULL,
	"published_version" integer,
	"published_at" timestamp with time zone,
	"scheduled_version" integer,
	"publish_at" timestamp with time zone,
	"scheduled_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_states_item_id_lang_pk" PRIMARY KEY("item_id","lang"),
	CONSTRAINT "content_states_lang_known" CHECK ("content_states"."lang" in ('en', 'hi', 'bn', 'gj', 'kn', 'ml', 'mh', 'od', 'tm', 'tl')),
	CONSTRAINT "content_states_status_known" CHECK ("content_states"."status" in ('draft', 'in_review', 'published')),
	CONSTRAINT "content_states_schedule_whole" CHECK (("content_states"."publish_at" is null) = ("content_states"."scheduled_version" is null))
);
--> statement-breakpoint
CREATE TABLE "content_versions" (
	"item_id" uuid NOT NULL,
	"lang" text NOT NULL,
	"number" integer NOT NULL,
	"body" jsonb NOT NULL,
	"text_hashes" jsonb NOT NULL,
	"source_refs" jsonb,
	"origin" text NOT NULL,
	"restored_from" integer,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_versions_item_id_lang_number_pk" PRIMARY KEY("item_id","lang","number"),
	CONSTRAINT "content_versions_lang_known" CHECK ("content_versions"."lang" in ('en', 'hi', 'bn', 'gj', 'kn', 'ml', 'mh', 'od', 'tm', 'tl')),
	CONSTRAINT "content_versions_origin_known" CHECK ("content_versions"."origin" in ('save', 'restore', 'import')),
	CONSTRAINT "content_versions_number_positive" CHECK ("content_versions"."number" > 0)
);
--> statement-breakpoint
DROP INDEX "banner_items_slug_key";--> statement-breakpoint
DROP INDEX "banner_items_position_idx";--> statement-breakpoint
DROP INDEX "blogs_slug_key";--> statement-breakpoint
DROP INDEX "blogs_published_created_idx";--> statement-breakpoint
DROP INDEX "media_titles_slug_key";--> statement-breakpoint
DROP INDEX "media_titles_position_idx";--> statement-breakpoint
DROP INDEX "success_stories_slug_key";--> statement-breakpoint
DROP INDEX "success_stories_published_created_idx";--> statement-breakpoint
ALTER TABLE "banner_items" ADD COLUMN "lang" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "lang" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "media_titles" ADD COLUMN "lang" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "success_stories" ADD COLUMN "lang" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_states" ADD CONSTRAINT "content_states_item_id_content_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_states" ADD CONSTRAINT "content_states_scheduled_by_users_id_fk" FOREIGN KEY ("scheduled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_versions" ADD CONSTRAINT "content_versions_item_id_content_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_versions" ADD CONSTRAINT "content_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_items_kind_slug_key" ON "content_items" USING btree ("kind","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "content_items_id_seed_key" ON "content_items" USING btree ("kind","id_seed");--> statement-breakpoint
CREATE INDEX "content_states_publish_at_idx" ON "content_states" USING btree ("publish_at") WHERE "content_states"."publish_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "banner_items_slug_lang_key" ON "banner_items" USING btree ("slug","lang");--> statement-breakpoint
CREATE INDEX "banner_items_lang_position_idx" ON "banner_items" USING btree ("lang","position");--> statement-breakpoint
CREATE UNIQUE INDEX "blogs_slug_lang_key" ON "blogs" USING btree ("slug","lang");--> statement-breakpoint
CREATE INDEX "blogs_lang_published_created_idx" ON "blogs" USING btree ("lang","published","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "media_titles_slug_lang_key" ON "media_titles" USING btree ("slug","lang");--> statement-breakpoint
CREATE INDEX "media_titles_lang_position_idx" ON "media_titles" USING btree ("lang","position");--> statement-breakpoint
CREATE UNIQUE INDEX "success_stories_slug_lang_key" ON "success_stories" USING btree ("slug","lang");--> statement-breakpoint
CREATE INDEX "success_stories_lang_published_created_idx" ON "success_stories" USING btree ("lang","published","created_at");--> statement-breakpoint
ALTER TABLE "banner_items" ADD CONSTRAINT "banner_items_lang_known" CHECK ("banner_items"."lang" in ('en', 'hi', 'bn', 'gj', 'kn', 'ml', 'mh', 'od', 'tm', 'tl'));--> statement-breakpoint
ALTER TABLE "blogs" ADD CONSTRAINT "blogs_lang_known" CHECK ("blogs"."lang" in ('en', 'hi', 'bn', 'gj', 'kn', 'ml', 'mh', 'od', 'tm', 'tl'));--> statement-breakpoint
ALTER TABLE "media_titles" ADD CONSTRAINT "media_titles_lang_known" CHECK ("media_titles"."lang" in ('en', 'hi', 'bn', 'gj', 'kn', 'ml', 'mh', 'od', 'tm', 'tl'));--> statement-breakpoint
ALTER TABLE "success_stories" ADD CONSTRAINT "success_stories_lang_known" CHECK ("success_stories"."lang" in ('en', 'hi', 'bn', 'gj', 'kn', 'ml', 'mh', 'od', 'tm', 'tl'));