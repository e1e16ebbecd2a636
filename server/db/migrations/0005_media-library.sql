CREATE TABLE "media_alt_texts" (
	"file_id" uuid NOT NULL,
	"lang" text NOT NULL,
	"text" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_alt_texts_file_id_lang_pk" PRIMARY KEY("file_id","lang"),
	CONSTRAINT "media_alt_texts_lang_known" CHECK ("media_alt_texts"."lang" in ('en', 'hi', 'bn', 'gj', 'kn', 'ml', 'mh', 'od', 'tm', 'tl')),
	CONSTRAINT "media_alt_texts_length" CHECK (char_length("media_alt_texts"."text") between 1 and 300)
);
--> statement-breakpoint
CREATE TABLE "media_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"format" text NOT NULL,
	"sha256" text NOT NULL,
	"original_name" text NOT NULL,
	"bytes" bigint NOT NULL,
	"width" integer,
	"height" integer,
	"duration_ms" integer,
	"variants" jsonb NOT NULL,
	"uploaded_by" uuid,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_files_kind_known" CHECK ("media_files"."kind" in ('image', 'document', 'video')),
	CONSTRAINT "media_files_has_variant" CHECK (jsonb_typeof("media_files"."variants") = 'array' and jsonb_array_length("media_files"."variants") > 0)
);
--> statement-breakpoint
ALTER TABLE "media_alt_texts" ADD CONSTRAINT "media_alt_texts_file_id_media_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."media_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "media_files_sha256_key" ON "media_files" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "media_files_kind_uploaded_idx" ON "media_files" USING btree ("kind","uploaded_at");--> statement-breakpoint
CREATE INDEX "media_files_uploaded_idx" ON "media_files" USING btree ("uploaded_at");