CREATE TABLE "event_translations" (
	"event_id" uuid NOT NULL,
	"lang" text NOT NULL,
	"status" text NOT NULL,
	"draft" jsonb,
	"source_hashes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"submitted_by" uuid,
	"published_by" uuid,
	"published_at" timestamp with time zone,
	CONSTRAINT "event_translations_event_id_lang_pk" PRIMARY KEY("event_id","lang"),
	CONSTRAINT "event_translations_lang_known" CHECK ("event_translations"."lang" in ('en', 'hi', 'bn', 'gj', 'kn', 'ml', 'mh', 'od', 'tm', 'tl') and "event_translations"."lang" <> 'en'),
	CONSTRAINT "event_translations_status_known" CHECK ("event_translations"."status" in ('draft', 'in_review', 'published'))
);
--> statement-breakpoint
ALTER TABLE "event_translations" ADD CONSTRAINT "event_translations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_translations" ADD CONSTRAINT "event_translations_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_translations" ADD CONSTRAINT "event_translations_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_translations" ADD CONSTRAINT "event_translations_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Every language already written (the sample events, staff's earlier translations) is published, and
-- was translated from the English as it now stands: its fields become stale when the English changes.
INSERT INTO "event_translations" ("event_id", "lang", "status", "source_hashes", "published_at")
SELECT t."event_id", t."lang", 'published', jsonb_build_object('name', md5(en."name"), 'terms', md5(en."terms")), now()
FROM "event_texts" t JOIN "event_texts" en ON en."event_id" = t."event_id" AND en."lang" = 'en'
WHERE t."lang" <> 'en'
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "event_translations" ("event_id", "lang", "status", "published_at")
SELECT DISTINCT q."event_id", qt."lang", 'published', now()
FROM "event_question_texts" qt JOIN "event_questions" q ON q."id" = qt."question_id"
WHERE qt."lang" <> 'en'
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "event_translations" tr SET "source_hashes" = tr."source_hashes" || coalesce((
  SELECT jsonb_object_agg(f.k, f.v)
  FROM "event_questions" q
  JOIN "event_question_texts" qt ON qt."question_id" = q."id" AND qt."lang" = tr."lang"
  JOIN "event_question_texts" qe ON qe."question_id" = q."id" AND qe."lang" = 'en'
  CROSS JOIN LATERAL (
    SELECT 'questions.' || q."id" || '.content' AS k, md5(qe."content") AS v
    UNION ALL SELECT 'questions.' || q."id" || '.explanation', md5(qe."explanation")
    UNION ALL SELECT 'questions.' || q."id" || '.options.' || (o.i - 1), md5(o.opt)
      FROM unnest(qe."options") WITH ORDINALITY AS o(opt, i)
  ) f
  WHERE q."event_id" = tr."event_id"
), '{}'::jsonb);
--> statement-breakpoint
-- A ranked entrant's name or district changed, or their account erased: the published leaderboards
-- show them and are kept as pages for visitors (ADR 39), so the change is announced as an event's
-- on the channel the public caches listen on (ADR 21), whichever path made it.
CREATE FUNCTION announce_ranked_entrant_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "event_entries" WHERE "user_id" = OLD.id AND "rank" IS NOT NULL) THEN
    PERFORM pg_notify('content_changed', '{"kind":"event","lang":null}');
  END IF;
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER users_ranked_entrant_changed AFTER UPDATE OF "name", "district" ON "users"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.district IS DISTINCT FROM NEW.district)
  EXECUTE FUNCTION announce_ranked_entrant_changed();--> statement-breakpoint
CREATE TRIGGER users_ranked_entrant_erased BEFORE DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION announce_ranked_entrant_changed();
