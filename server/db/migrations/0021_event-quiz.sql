CREATE TABLE "event_answers" (
	"entry_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"late" boolean NOT NULL,
	"selected" smallint[] NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "event_answers_entry_id_question_id_late_pk" PRIMARY KEY("entry_id","question_id","late")
);
--> statement-breakpoint
CREATE TABLE "event_consents" (
	"entry_id" uuid PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"notice_version" text NOT NULL,
	"notice_lang" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"guardian_name" text NOT NULL,
	"guardian_relationship" text NOT NULL,
	"guardian_mobile" text NOT NULL,
	CONSTRAINT "event_consents_method_known" CHECK ("event_consents"."method" in ('guardian-otp')),
	CONSTRAINT "event_consents_lang_known" CHECK ("event_consents"."notice_lang" in ('en', 'hi', 'bn', 'gj', 'kn', 'ml', 'mh', 'od', 'tm', 'tl')),
	CONSTRAINT "event_consents_relationship_known" CHECK ("event_consents"."guardian_relationship" in ('Mother', 'Father', 'Guardian')),
	CONSTRAINT "event_consents_mobile_format" CHECK ("event_consents"."guardian_mobile" ~ '^[0-9]{12}$')
);
--> statement-breakpoint
CREATE TABLE "event_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint GENERATED ALWAYS AS IDENTITY (sequence name "event_entries_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" uuid NOT NULL,
	"user_id" uuid,
	"mobile_key" text NOT NULL,
	"lang" text NOT NULL,
	"state" text NOT NULL,
	"state_reason" text,
	"minor" boolean DEFAULT false NOT NULL,
	"question_ids" uuid[],
	"option_orders" jsonb,
	"started_at" timestamp with time zone,
	"deadline" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"correct" integer,
	"time_ms" integer,
	"rank" integer,
	"refused_starts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_entries_state_known" CHECK ("event_entries"."state" in ('awaiting_guardian', 'open', 'submitted', 'closed_by_server', 'withdrawn', 'disqualified')),
	CONSTRAINT "event_entries_lang_known" CHECK ("event_entries"."lang" in ('en', 'hi', 'bn', 'gj', 'kn', 'ml', 'mh', 'od', 'tm', 'tl')),
	CONSTRAINT "event_entries_started_has_deadline" CHECK (("event_entries"."started_at" is null) = ("event_entries"."deadline" is null))
);
--> statement-breakpoint
CREATE TABLE "event_question_texts" (
	"question_id" uuid NOT NULL,
	"lang" text NOT NULL,
	"content" text NOT NULL,
	"options" text[] NOT NULL,
	"explanation" text DEFAULT '' NOT NULL,
	CONSTRAINT "event_question_texts_question_id_lang_pk" PRIMARY KEY("question_id","lang"),
	CONSTRAINT "event_question_texts_lang_known" CHECK ("event_question_texts"."lang" in ('en', 'hi', 'bn', 'gj', 'kn', 'ml', 'mh', 'od', 'tm', 'tl'))
);
--> statement-breakpoint
CREATE TABLE "event_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"option_count" smallint NOT NULL,
	"correct" smallint[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_questions_type_known" CHECK ("event_questions"."type" in ('single', 'multi')),
	CONSTRAINT "event_questions_has_correct" CHECK (cardinality("event_questions"."correct") >= 1),
	CONSTRAINT "event_questions_single_one" CHECK ("event_questions"."type" <> 'single' or cardinality("event_questions"."correct") = 1)
);
--> statement-breakpoint
CREATE TABLE "event_texts" (
	"event_id" uuid NOT NULL,
	"lang" text NOT NULL,
	"name" text NOT NULL,
	"terms" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_texts_event_id_lang_pk" PRIMARY KEY("event_id","lang"),
	CONSTRAINT "event_texts_lang_known" CHECK ("event_texts"."lang" in ('en', 'hi', 'bn', 'gj', 'kn', 'ml', 'mh', 'od', 'tm', 'tl'))
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	"opens_at" time NOT NULL,
	"closes_at" time NOT NULL,
	"time_limit_seconds" integer NOT NULL,
	"questions_per_entry" integer NOT NULL,
	"minors_allowed" boolean DEFAULT true NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"terms_version" text NOT NULL,
	"review_hours" integer DEFAULT 48 NOT NULL,
	"results_published_at" timestamp with time zone,
	"seed" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_state_known" CHECK ("events"."state" in ('draft', 'scheduled', 'open', 'closed', 'results_published')),
	CONSTRAINT "events_days_order" CHECK ("events"."first_day" <= "events"."last_day"),
	CONSTRAINT "events_hours_order" CHECK ("events"."opens_at" < "events"."closes_at"),
	CONSTRAINT "events_limits_positive" CHECK ("events"."time_limit_seconds" > 0 and "events"."questions_per_entry" > 0 and "events"."review_hours" >= 0),
	CONSTRAINT "events_seed_known" CHECK ("events"."seed" is null or "events"."seed" in ('sample', 'demo'))
);
--> statement-breakpoint
ALTER TABLE "otp_challenges" DROP CONSTRAINT "otp_challenges_purpose_known";--> statement-breakpoint
ALTER TABLE "otp_challenges" DROP CONSTRAINT "otp_challenges_consent_has_user";--> statement-breakpoint
ALTER TABLE "otp_challenges" ADD COLUMN "subject_id" uuid;--> statement-breakpoint
ALTER TABLE "event_answers" ADD CONSTRAINT "event_answers_entry_id_event_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."event_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_consents" ADD CONSTRAINT "event_consents_entry_id_event_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."event_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_entries" ADD CONSTRAINT "event_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_entries" ADD CONSTRAINT "event_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_question_texts" ADD CONSTRAINT "event_question_texts_question_id_event_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."event_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_questions" ADD CONSTRAINT "event_questions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_texts" ADD CONSTRAINT "event_texts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_entries_one_per_number" ON "event_entries" USING btree ("event_id","mobile_key");--> statement-breakpoint
CREATE INDEX "event_entries_user_idx" ON "event_entries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "event_entries_open_deadline_idx" ON "event_entries" USING btree ("deadline") WHERE "event_entries"."state" = 'open';--> statement-breakpoint
CREATE INDEX "event_entries_event_state_idx" ON "event_entries" USING btree ("event_id","state");--> statement-breakpoint
CREATE INDEX "event_entries_event_rank_idx" ON "event_entries" USING btree ("event_id","rank") WHERE "event_entries"."rank" is not null;--> statement-breakpoint
CREATE INDEX "event_questions_event_idx" ON "event_questions" USING btree ("event_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "events_key_key" ON "events" USING btree ("key");--> statement-breakpoint
ALTER TABLE "otp_challenges" ADD CONSTRAINT "otp_challenges_event_has_subject" CHECK (("otp_challenges"."purpose" = 'event-consent') = ("otp_challenges"."subject_id" is not null));--> statement-breakpoint
ALTER TABLE "otp_challenges" ADD CONSTRAINT "otp_challenges_purpose_known" CHECK ("otp_challenges"."purpose" in ('sign-in', 'guardian-consent', 'event-consent'));--> statement-breakpoint
ALTER TABLE "otp_challenges" ADD CONSTRAINT "otp_challenges_consent_has_user" CHECK (("otp_challenges"."purpose" in ('guardian-consent', 'event-consent')) = ("otp_challenges"."user_id" is not null));