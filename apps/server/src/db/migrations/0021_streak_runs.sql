CREATE TABLE "streak_runs" (
	"user_id" text NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	CONSTRAINT "streak_runs_user_id_first_day_pk" PRIMARY KEY("user_id","first_day")
);
--> statement-breakpoint
ALTER TABLE "streak_runs" ADD CONSTRAINT "streak_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- His runs of kept days (a completed devotional or a check-in) between two of his dates are worked out again from
-- those rows, after widening the span to the runs that touch it (a new day may join two runs; a day taken away may
-- split one). One person at a time (an advisory lock on him), so two writes of his at once cannot both rewrite a run;
-- each statement here reads afresh, so the second sees what the first committed. A person whose account is being
-- deleted has no runs left to keep (his rows are going by the cascade).
CREATE OR REPLACE FUNCTION shepherd_streak_runs_redo(person text, lo date, hi date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  from_day date;
  to_day date;
BEGIN
  PERFORM pg_advisory_xact_lock(20211, hashtext(person));
  IF NOT EXISTS (SELECT 1 FROM users WHERE id = person) THEN
    DELETE FROM streak_runs WHERE user_id = person;
    RETURN;
  END IF;
  SELECT least(lo, min(first_day)), greatest(hi, max(last_day)) INTO from_day, to_day
    FROM streak_runs WHERE user_id = person AND first_day <= hi + 1 AND last_day >= lo - 1;
  DELETE FROM streak_runs WHERE user_id = person AND first_day <= to_day AND last_day >= from_day;
  INSERT INTO streak_runs (user_id, first_day, last_day)
    SELECT person, min(day), max(day) FROM (
      SELECT day, day - (row_number() OVER (ORDER BY day))::int AS run FROM (
        SELECT progress_date AS day FROM devotional_progress
          WHERE user_id = person AND completed AND progress_date BETWEEN from_day AND to_day
        UNION
        SELECT check_in_date FROM daily_checkins
          WHERE user_id = person AND check_in_date BETWEEN from_day AND to_day
      ) kept
    ) numbered
    GROUP BY run;
END
$$;
--> statement-breakpoint
-- The days a statement changed, as two arrays (whose, which): each person's span of them is worked out again, in order
-- of person, so two statements touching the same people take their locks in the same order.
CREATE OR REPLACE FUNCTION shepherd_streak_days_changed(people text[], days date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  FOR changed IN SELECT person, min(day) AS lo, max(day) AS hi FROM unnest(people, days) AS c(person, day)
      WHERE person IS NOT NULL GROUP BY person ORDER BY person LOOP
    PERFORM shepherd_streak_runs_redo(changed.person, changed.lo, changed.hi);
  END LOOP;
END
$$;
--> statement-breakpoint
-- devotional_progress: a row that is (or was) completed changes his kept days; a slider moved or a prayer marked does not.
CREATE OR REPLACE FUNCTION shepherd_progress_streak() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  people text[];
  days date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(user_id), array_agg(progress_date) INTO people, days FROM new_rows WHERE completed;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(user_id), array_agg(progress_date) INTO people, days FROM old_rows WHERE completed;
  ELSE
    SELECT array_agg(n.user_id), array_agg(day) INTO people, days
      FROM new_rows n JOIN old_rows o ON o.id = n.id, unnest(array[o.progress_date, n.progress_date]) AS day
      WHERE n.completed IS DISTINCT FROM o.completed OR (n.completed AND n.progress_date IS DISTINCT FROM o.progress_date);
  END IF;
  PERFORM shepherd_streak_days_changed(people, days);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- daily_checkins: every row is a kept day.
CREATE OR REPLACE FUNCTION shepherd_checkin_streak() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  people text[];
  days date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(user_id), array_agg(check_in_date) INTO people, days FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(user_id), array_agg(check_in_date) INTO people, days FROM old_rows;
  ELSE
    SELECT array_agg(n.user_id), array_agg(day) INTO people, days
      FROM new_rows n JOIN old_rows o ON o.id = n.id, unnest(array[o.check_in_date, n.check_in_date]) AS day
      WHERE n.check_in_date IS DISTINCT FROM o.check_in_date;
  END IF;
  PERFORM shepherd_streak_days_changed(people, days);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER devotional_progress_streak_inserted AFTER INSERT ON "devotional_progress"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shepherd_progress_streak();
--> statement-breakpoint
CREATE TRIGGER devotional_progress_streak_updated AFTER UPDATE ON "devotional_progress"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shepherd_progress_streak();
--> statement-breakpoint
CREATE TRIGGER devotional_progress_streak_deleted AFTER DELETE ON "devotional_progress"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION shepherd_progress_streak();
--> statement-breakpoint
CREATE TRIGGER daily_checkins_streak_inserted AFTER INSERT ON "daily_checkins"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shepherd_checkin_streak();
--> statement-breakpoint
CREATE TRIGGER daily_checkins_streak_updated AFTER UPDATE ON "daily_checkins"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shepherd_checkin_streak();
--> statement-breakpoint
CREATE TRIGGER daily_checkins_streak_deleted AFTER DELETE ON "daily_checkins"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION shepherd_checkin_streak();
--> statement-breakpoint
-- The runs of everything kept before this migration.
INSERT INTO streak_runs (user_id, first_day, last_day)
  SELECT user_id, min(day), max(day) FROM (
    SELECT user_id, day, day - (row_number() OVER (PARTITION BY user_id ORDER BY day))::int AS run FROM (
      SELECT user_id, progress_date AS day FROM devotional_progress WHERE completed
      UNION
      SELECT user_id, check_in_date FROM daily_checkins
    ) kept
  ) numbered
  GROUP BY user_id, run;
