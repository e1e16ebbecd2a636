ALTER TABLE "otp_challenges" ADD COLUMN "purpose" text DEFAULT 'sign-in' NOT NULL;--> statement-breakpoint
ALTER TABLE "otp_challenges" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "minor_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "guardian_consent_method" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "guardian_mobile" text;--> statement-breakpoint
ALTER TABLE "otp_challenges" ADD CONSTRAINT "otp_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "otp_challenges_user_idx" ON "otp_challenges" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "otp_challenges" ADD CONSTRAINT "otp_challenges_purpose_known" CHECK ("otp_challenges"."purpose" in ('sign-in', 'guardian-consent'));--> statement-breakpoint
ALTER TABLE "otp_challenges" ADD CONSTRAINT "otp_challenges_consent_has_user" CHECK (("otp_challenges"."purpose" = 'guardian-consent') = ("otp_challenges"."user_id" is not null));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_guardian_consent_method_known" CHECK ("users"."guardian_consent_method" is null or "users"."guardian_consent_method" in ('guardian-otp'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_guardian_mobile_format" CHECK ("users"."guardian_mobile" is null or "users"."guardian_mobile" ~ '^[0-9]{12}$');--> statement-breakpoint
-- Written by hand (ADR 18). A learner who declared an age under 18 (MINOR_AGE) before minor_until
-- existed is a minor until the latest their 18th birthday can fall, counted from their last profile
-- change: the age was declared then or earlier, so this errs on the late side. Consents recorded
-- before keep their name and relationship as a record but have no method, so they no longer open
-- learning: each such minor's guardian confirms with a one-time password.
UPDATE "users" SET "minor_until" = "updated_at" + make_interval(years => 18 - "age") WHERE "age" < 18;
