-- The three largest analytics views of migration 0012 become tables (ADR 27): registrations,
-- activity and first-attempt answers are keyed by a day that, once past, changes only when a
-- learner is erased or their profile changes. The frequent refresh recomputes only the periods of
-- the last days; a whole recomputation runs once a day (server/modules/analytics/refresh.ts holds
-- their queries). Same columns and unique keys as the views they replace; empty until the first
-- refresh, which is a whole one.
DROP MATERIALIZED VIEW IF EXISTS "analytics_registrations";
--> statement-breakpoint
DROP MATERIALIZED VIEW IF EXISTS "analytics_activity";
--> statement-breakpoint
DROP MATERIALIZED VIEW IF EXISTS "analytics_answers";
--> statement-breakpoint
CREATE TABLE "analytics_registrations" (
  "scope" text NOT NULL,
  "dimension" text NOT NULL,
  "key" text NOT NULL,
  "day" date NOT NULL,
  "learners" integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_registrations_key" ON "analytics_registrations" (scope, dimension, day, key);
--> statement-breakpoint
CREATE INDEX "analytics_registrations_day_idx" ON "analytics_registrations" (day);
--> statement-breakpoint
CREATE TABLE "analytics_activity" (
  "scope" text NOT NULL,
  "grain" text NOT NULL,
  "period" date NOT NULL,
  "learners" integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_activity_key" ON "analytics_activity" (scope, grain, period);
--> statement-breakpoint
CREATE INDEX "analytics_activity_period_idx" ON "analytics_activity" (period);
--> statement-breakpoint
CREATE TABLE "analytics_answers" (
  "quiz_id" uuid NOT NULL,
  "day" date NOT NULL,
  "question_id" uuid NOT NULL,
  "option_id" uuid NOT NULL,
  "learners" integer NOT NULL,
  "answered_right" integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_answers_key" ON "analytics_answers" (quiz_id, day, question_id, option_id);
--> statement-breakpoint
CREATE INDEX "analytics_answers_day_idx" ON "analytics_answers" (day);
