CREATE TABLE "voice_over_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"lang" text NOT NULL,
	"version" integer NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"synthesised" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "voice_over_jobs_state_known" CHECK ("voice_over_jobs"."state" in ('queued', 'running', 'failed', 'done')),
	CONSTRAINT "voice_over_jobs_lang_known" CHECK ("voice_over_jobs"."lang" in ('en', 'hi', 'bn', 'gj', 'kn', 'ml', 'mh', 'od', 'tm', 'tl'))
);
--> statement-breakpoint
CREATE TABLE "voice_overs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"lang" text NOT NULL,
	"part" text NOT NULL,
	"kind" text NOT NULL,
	"first_sentence" integer NOT NULL,
	"sentence_count" integer NOT NULL,
	"text_hash" text NOT NULL,
	"spoken_text" text NOT NULL,
	"duration_ms" integer NOT NULL,
	"bytes" integer NOT NULL,
	"file_key" text NOT NULL,
	"sentence_starts_ms" jsonb NOT NULL,
	"engine" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voice_overs_kind_known" CHECK ("voice_overs"."kind" in ('recorded', 'synthetic')),
	CONSTRAINT "voice_overs_lang_known" CHECK ("voice_overs"."lang" in ('en', 'hi', 'bn', 'gj', 'kn', 'ml', 'mh', 'od', 'tm', 'tl')),
	CONSTRAINT "voice_overs_sentences" CHECK ("voice_overs"."first_sentence" >= 0 and "voice_overs"."sentence_count" > 0),
	CONSTRAINT "voice_overs_synthetic_whole" CHECK ("voice_overs"."kind" <> 'synthetic' or "voice_overs"."first_sentence" = 0),
	CONSTRAINT "voice_overs_sizes" CHECK ("voice_overs"."duration_ms" >= 0 and "voice_overs"."bytes" > 0)
);
--> statement-breakpoint
ALTER TABLE "voice_over_jobs" ADD CONSTRAINT "voice_over_jobs_item_id_content_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_overs" ADD CONSTRAINT "voice_overs_item_id_content_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_overs" ADD CONSTRAINT "voice_overs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "voice_over_jobs_version_key" ON "voice_over_jobs" USING btree ("item_id","lang","version");--> statement-breakpoint
CREATE INDEX "voice_over_jobs_claim_idx" ON "voice_over_jobs" USING btree ("run_after") WHERE "voice_over_jobs"."state" in ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "voice_overs_part_key" ON "voice_overs" USING btree ("item_id","lang","part","kind","first_sentence");