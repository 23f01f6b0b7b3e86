-- Issue 40: every cache a server process keeps of database rows is ended by notices for every table and column it
-- reads, so a change made on one machine is seen on every other at once. Each cache says beside itself what it reads;
-- test/cache-notices.test.ts holds those declarations to the triggers here and in 0016 and 0023.
--
-- A member's rows (db/member-rows.ts) now keep whether he finished onboarding, and a profile made after his rows were
-- read changes them. Keys are listed with the columns read (nothing updates them), so the check needs no exception.
CREATE OR REPLACE TRIGGER profiles_notify_member_rows
  AFTER INSERT OR DELETE OR UPDATE OF id, time_zone, onboarding_completed_at ON "profiles"
  FOR EACH ROW EXECUTE FUNCTION shepherd_member_row_changed('id');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER plans_notify_member_rows AFTER INSERT OR DELETE OR UPDATE OF id, owner_id, created_at ON "plans"
  FOR EACH ROW EXECUTE FUNCTION shepherd_member_row_changed('owner_id');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER plan_days_notify_member_rows AFTER UPDATE OF id, day_number ON "plan_days"
  FOR EACH STATEMENT EXECUTE FUNCTION shepherd_member_rows_all_changed();
--> statement-breakpoint
-- The starter plans' outlines (modules/path/outlines.ts), kept by every process: '*' on the channel
-- shepherd_starter_plans when a starter plan or one of its days is written (a cover drawn, the library copied in at
-- start by a newer release). A member's own plan is read each time, so its writes (one at every day its writer
-- finishes) notify nothing.
CREATE OR REPLACE FUNCTION shepherd_starter_plan_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  starter boolean := false;
BEGIN
  IF TG_OP <> 'INSERT' THEN starter := OLD.source = 'starter'; END IF;
  IF TG_OP <> 'DELETE' AND NOT starter THEN starter := NEW.source = 'starter'; END IF;
  IF starter THEN PERFORM pg_notify('shepherd_starter_plans', '*'); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION shepherd_starter_plan_day_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before uuid;
  after uuid;
BEGIN
  IF TG_OP <> 'INSERT' THEN before := OLD.plan_id; END IF;
  IF TG_OP <> 'DELETE' THEN after := NEW.plan_id; END IF;
  IF EXISTS (SELECT 1 FROM plans WHERE id IN (before, after) AND source = 'starter') THEN
    PERFORM pg_notify('shepherd_starter_plans', '*');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER starter_plans_notify_change AFTER INSERT OR UPDATE OR DELETE ON "plans"
  FOR EACH ROW EXECUTE FUNCTION shepherd_starter_plan_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER starter_plan_days_notify_change AFTER INSERT OR UPDATE OR DELETE ON "plan_days"
  FOR EACH ROW EXECUTE FUNCTION shepherd_starter_plan_day_changed();
