-- Issue 20: each server process keeps who a session token belongs to in memory (auth/session-cache.ts). These triggers
-- tell every process, at commit, when a session or a user changes or is deleted (by any path: Better Auth, a ban, an
-- account deletion's cascade, another process, a hand-written statement), so an entry ends exactly when its row does.
CREATE OR REPLACE FUNCTION shepherd_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('shepherd_sessions', 's:' || OLD.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION shepherd_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('shepherd_sessions', 'u:' || OLD.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_change AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION shepherd_session_changed();
--> statement-breakpoint
CREATE TRIGGER users_notify_change AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION shepherd_user_changed();
