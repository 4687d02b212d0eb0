-- Each instance keeps sessions and memberships in memory (src/server/auth/session-cache.ts) and
-- forgets them when told on this channel, so a sign-out, a revoked session or a removed member is
-- refused at once everywhere. The payload names the user, and the organisation for a membership.
CREATE OR REPLACE FUNCTION notify_auth_change_of_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('whq_auth_changes', json_build_object('user_id', OLD.user_id)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER session_auth_change AFTER UPDATE OR DELETE ON "session"
  FOR EACH ROW EXECUTE FUNCTION notify_auth_change_of_session();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_auth_change_of_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('whq_auth_changes', json_build_object('user_id', OLD.id)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_auth_change AFTER UPDATE OR DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION notify_auth_change_of_user();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_auth_change_of_membership() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('whq_auth_changes', json_build_object('user_id', OLD.user_id, 'org_id', OLD.org_id)::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('whq_auth_changes', json_build_object('user_id', NEW.user_id, 'org_id', NEW.org_id)::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- onboarded_at changes often and grants nothing, so only the columns that decide access notify.
CREATE TRIGGER memberships_auth_change AFTER INSERT OR DELETE OR UPDATE OF role, user_id, org_id ON memberships
  FOR EACH ROW EXECUTE FUNCTION notify_auth_change_of_membership();
