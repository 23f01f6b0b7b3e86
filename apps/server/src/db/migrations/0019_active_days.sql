CREATE TABLE "admin_active_days" (
	"day" date PRIMARY KEY NOT NULL,
	"daily" integer NOT NULL,
	"weekly" integer NOT NULL,
	"monthly" integer NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_last_active" (
	"user_id" text PRIMARY KEY NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_last_active" ADD CONSTRAINT "member_last_active_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_last_active_day_idx" ON "member_last_active" USING btree ("day");--> statement-breakpoint
-- Issue 17: every insert into activity_events, by whatever path (a page view, a named action, a cap hit, a seed),
-- moves each member's last active day forward, and an event dated before today drops the rolled-up days it changes.
-- One run per statement, over the rows it inserted.
CREATE OR REPLACE FUNCTION shepherd_activity_noted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  first_day date;
  last_day date;
BEGIN
  INSERT INTO member_last_active AS m (user_id, day)
    SELECT user_id, max((created_at AT TIME ZONE 'UTC')::date) FROM inserted GROUP BY user_id ORDER BY user_id
  ON CONFLICT (user_id) DO UPDATE SET day = excluded.day WHERE m.day < excluded.day;
  SELECT min((created_at AT TIME ZONE 'UTC')::date), max((created_at AT TIME ZONE 'UTC')::date)
    INTO first_day, last_day FROM inserted;
  IF first_day < (now() AT TIME ZONE 'UTC')::date THEN
    DELETE FROM admin_active_days WHERE day >= first_day AND day < last_day + 30;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER activity_events_noted AFTER INSERT ON "activity_events"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION shepherd_activity_noted();
--> statement-breakpoint
INSERT INTO member_last_active (user_id, day)
  SELECT user_id, max((created_at AT TIME ZONE 'UTC')::date) FROM activity_events GROUP BY user_id;
