-- Sessions may be held in each instance's memory (plugins/session-cache.ts, ADR 39): every change
-- that could end a session or change what it says of its user is announced on the channel
-- session_changed, delivered on commit to every instance, whichever path made the change (a sign-out,
-- a new sign-in, a staff action, the retention job, erasure, a script). `s:<token hash>` names one
-- session, `u:<user id>` every session of a user, `*` all of them (a statement that ended more than
-- a hundred sessions at once: the retention job's sweep).
CREATE FUNCTION announce_sessions_ended() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ended bigint;
  hash text;
BEGIN
  SELECT count(*) INTO ended FROM old_sessions;
  IF ended > 100 THEN
    PERFORM pg_notify('session_changed', '*');
  ELSE
    FOR hash IN SELECT token_hash FROM old_sessions LOOP
      PERFORM pg_notify('session_changed', 's:' || hash);
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER sessions_deleted AFTER DELETE ON "sessions"
  REFERENCING OLD TABLE AS old_sessions FOR EACH STATEMENT EXECUTE FUNCTION announce_sessions_ended();--> statement-breakpoint
CREATE TRIGGER sessions_updated AFTER UPDATE ON "sessions"
  REFERENCING OLD TABLE AS old_sessions FOR EACH STATEMENT EXECUTE FUNCTION announce_sessions_ended();--> statement-breakpoint
CREATE FUNCTION announce_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changed', 'u:' || OLD.id::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER users_session_fields_changed AFTER UPDATE OF "role", "name", "active", "mobile", "minor_until", "guardian_consent_method" ON "users"
  FOR EACH ROW EXECUTE FUNCTION announce_user_changed();--> statement-breakpoint
CREATE TRIGGER users_deleted AFTER DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION announce_user_changed();
