CREATE TABLE "analytics_refreshes" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL,
	"took_ms" integer NOT NULL,
	CONSTRAINT "analytics_refreshes_one_row" CHECK ("analytics_refreshes"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "interface_lang" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_interface_lang_known" CHECK ("users"."interface_lang" is null or "users"."interface_lang" in ('en', 'hi', 'bn', 'gj', 'kn', 'ml', 'mh', 'od', 'tm', 'tl'));