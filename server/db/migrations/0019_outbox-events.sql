CREATE TABLE "outbox_events" (
	"user_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_events_user_id_event_id_pk" PRIMARY KEY("user_id","event_id"),
	CONSTRAINT "outbox_events_kind" CHECK ("outbox_events"."kind" in ('enrolled', 'lessonCompleted', 'videoWatched', 'quizSubmitted', 'journalSaved'))
);
--> statement-breakpoint
ALTER TABLE "outbox_events" ADD CONSTRAINT "outbox_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;