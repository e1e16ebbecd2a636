ALTER TABLE "users" ADD COLUMN "guardian_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "guardian_relationship" text;