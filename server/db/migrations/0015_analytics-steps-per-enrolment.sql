-- Each enrolment's steps, and the three views computed from them (funnel, days between steps,
-- where learners stop), become tables kept per enrolment (ADR 27): a frequent refresh recomputes
-- only the enrolments whose learner did something since the last one, and then only the groups
-- (course, day of enrolment) those enrolments count in. server/modules/analytics/steps.ts holds
-- their queries. The steps row of an enrolment goes with it (and so with an erased learner) at
-- once; the dashboard never reads it. Empty until the next refresh, which recomputes everything.
DROP MATERIALIZED VIEW IF EXISTS "analytics_funnel";
--> statement-breakpoint
DROP MATERIALIZED VIEW IF EXISTS "analytics_step_days";
--> statement-breakpoint
DROP MATERIALIZED VIEW IF EXISTS "analytics_stops";
--> statement-breakpoint
DROP MATERIALIZED VIEW IF EXISTS "analytics_enrolment_steps";
--> statement-breakpoint
CREATE TABLE "analytics_enrolment_steps" (
  "user_id" uuid NOT NULL,
  "course_id" uuid NOT NULL,
  "day" date NOT NULL,
  "enrolled_at" timestamp with time zone NOT NULL,
  "started_at" timestamp with time zone,
  "half_at" timestamp with time zone,
  "completed_at" timestamp with time zone,
  "certificate_at" timestamp with time zone,
  "stopped_after" uuid,
  CONSTRAINT "analytics_enrolment_steps_pkey" PRIMARY KEY ("user_id", "course_id"),
  CONSTRAINT "analytics_enrolment_steps_enrolment_fk" FOREIGN KEY ("user_id", "course_id")
    REFERENCES "enrolments" ("user_id", "course_id") ON DELETE CASCADE
);
--> statement-breakpoint
CREATE INDEX "analytics_enrolment_steps_group_idx" ON "analytics_enrolment_steps" (course_id, day);
--> statement-breakpoint
CREATE TABLE "analytics_funnel" (
  "course_id" uuid NOT NULL,
  "day" date NOT NULL,
  "enrolled" integer NOT NULL,
  "started" integer NOT NULL,
  "half_done" integer NOT NULL,
  "completed" integer NOT NULL,
  "certificate" integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_funnel_key" ON "analytics_funnel" (course_id, day);
--> statement-breakpoint
CREATE INDEX "analytics_funnel_day_idx" ON "analytics_funnel" (day);
--> statement-breakpoint
CREATE TABLE "analytics_step_days" (
  "course_id" uuid NOT NULL,
  "day" date NOT NULL,
  "step" text NOT NULL,
  "days" integer NOT NULL,
  "learners" integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_step_days_key" ON "analytics_step_days" (course_id, day, step, days);
--> statement-breakpoint
CREATE INDEX "analytics_step_days_day_idx" ON "analytics_step_days" (day);
--> statement-breakpoint
CREATE TABLE "analytics_stops" (
  "course_id" uuid NOT NULL,
  "day" date NOT NULL,
  "item_id" uuid NOT NULL,
  "learners" integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_stops_key" ON "analytics_stops" (course_id, day, item_id);
--> statement-breakpoint
-- The next refresh recomputes everything (these tables start empty).
UPDATE "analytics_refreshes" SET "whole_at" = NULL;
