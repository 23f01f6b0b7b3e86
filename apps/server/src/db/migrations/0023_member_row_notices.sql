-- Issues 12 and 15: each server process keeps a member's own rows that nearly every visit reads (the plans he follows,
-- the days his insights chart) in memory (db/member-rows.ts). These triggers tell every process, at commit, whose rows
-- changed, by any path (this app, another process, a job, a cascade, a hand-written statement), so an entry ends
-- exactly when its rows do. The payload is 'u:<user id>'; '*' ends every entry.
CREATE OR REPLACE FUNCTION shepherd_member_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before text;
  after text;
BEGIN
  -- TG_ARGV[0] names the column that holds the member's id.
  IF TG_OP <> 'INSERT' THEN before := to_jsonb(OLD) ->> TG_ARGV[0]; END IF;
  IF TG_OP <> 'DELETE' THEN after := to_jsonb(NEW) ->> TG_ARGV[0]; END IF;
  IF before IS NOT NULL THEN PERFORM pg_notify('shepherd_member_rows', 'u:' || before); END IF;
  IF after IS NOT NULL AND after IS DISTINCT FROM before THEN PERFORM pg_notify('shepherd_member_rows', 'u:' || after); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION shepherd_member_rows_all_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('shepherd_member_rows', '*');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER profiles_notify_member_rows AFTER UPDATE OF time_zone OR DELETE ON "profiles"
  FOR EACH ROW EXECUTE FUNCTION shepherd_member_row_changed('id');
--> statement-breakpoint
CREATE TRIGGER plan_enrollments_notify_member_rows AFTER INSERT OR UPDATE OR DELETE ON "plan_enrollments"
  FOR EACH ROW EXECUTE FUNCTION shepherd_member_row_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER plan_day_completions_notify_member_rows AFTER INSERT OR UPDATE OR DELETE ON "plan_day_completions"
  FOR EACH ROW EXECUTE FUNCTION shepherd_member_row_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER plans_notify_member_rows AFTER INSERT OR DELETE OR UPDATE OF owner_id, created_at ON "plans"
  FOR EACH ROW EXECUTE FUNCTION shepherd_member_row_changed('owner_id');
--> statement-breakpoint
-- A day's number is what a completion is read as; renumbering is rare (a builder's edit), so it ends every entry.
CREATE TRIGGER plan_days_notify_member_rows AFTER UPDATE OF day_number ON "plan_days"
  FOR EACH STATEMENT EXECUTE FUNCTION shepherd_member_rows_all_changed();
--> statement-breakpoint
CREATE TRIGGER daily_checkins_notify_member_rows AFTER INSERT OR UPDATE OR DELETE ON "daily_checkins"
  FOR EACH ROW EXECUTE FUNCTION shepherd_member_row_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER devotional_progress_notify_member_rows
  AFTER INSERT OR DELETE OR UPDATE OF user_id, progress_date, completed, spiritual_connection, connection_updated_at
  ON "devotional_progress" FOR EACH ROW EXECUTE FUNCTION shepherd_member_row_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER journal_entries_notify_member_rows AFTER INSERT OR DELETE OR UPDATE OF user_id, entry_date, created_at
  ON "journal_entries" FOR EACH ROW EXECUTE FUNCTION shepherd_member_row_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER streak_runs_notify_member_rows AFTER INSERT OR UPDATE OR DELETE ON "streak_runs"
  FOR EACH ROW EXECUTE FUNCTION shepherd_member_row_changed('user_id');
