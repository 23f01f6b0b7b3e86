import type pg from "pg";
import type { FocusThemeId, InsightDay, Mood } from "@shepherd/shared";
import type { Database } from "../../db/client";

/**
 * His days as the charts see them, in one round trip: a named statement sent straight to node-postgres (as the Path's
 * enrollments are read), answering one row: his time zone, his days between two dates (only the days with something
 * in them, as compact JSON arrays built by PostgreSQL), and the two newest runs of consecutive done days inside the
 * streak's window, from which the streak is read once his own today is known.
 *
 * The caller does not know his today before the answer (it depends on his time zone, which comes with it), so it asks
 * for a little more than it needs, around the UTC date, and trims: his today is within a day of it.
 */

/** $1 user, $2 first date, $3 last date, $4 first date of the streak's window. */
const DAYS = `with
checkins as (
  select check_in_date as day, mood, focus_areas, spiritual_connection as connection from daily_checkins
  where user_id = $1 and check_in_date between $2::date and $3::date
),
progress as (
  select progress_date as day, completed,
    case when connection_updated_at is not null then spiritual_connection end as connection
  from devotional_progress
  where user_id = $1 and progress_date between $2::date and $3::date and (completed or connection_updated_at is not null)
),
journal as (
  select entry_date as day, count(*)::int as entries from journal_entries
  where user_id = $1 and created_at >= ($2::date - 2)::timestamptz and entry_date between $2::date and $3::date
  group by entry_date
),
days as (
  select coalesce(c.day, p.day, j.day) as day, coalesce(p.connection, c.connection) as connection, c.mood,
    c.focus_areas, coalesce(p.completed, false) as completed, c.day is not null as checked_in,
    coalesce(j.entries, 0) as entries
  from checkins c
  full join progress p on p.day = c.day
  full join journal j on j.day = coalesce(c.day, p.day)
),
done as (
  select progress_date as day from devotional_progress
    where user_id = $1 and completed and progress_date between $4::date and $3::date
  union
  select check_in_date from daily_checkins where user_id = $1 and check_in_date between $4::date and $3::date
),
runs as (
  select min(day) as first, max(day) as last
  from (select day, day + (row_number() over (order by day desc))::int as run from done) numbered
  group by run order by last desc limit 2
)
select
  (select time_zone from profiles where id = $1),
  (select coalesce(json_agg(json_build_array(day, connection, mood, focus_areas, completed, checked_in, entries) order by day), '[]')
    from days),
  (select coalesce(json_agg(json_build_array(first, last) order by last desc), '[]') from runs)`;

type DayTuple = [string, number | null, Mood | null, FocusThemeId[] | null, boolean, boolean, number];
type Row = [string | null, DayTuple[], Array<[string, string]>];

export interface StoredDays {
  timeZone: string | null;
  days: InsightDay[];
  /** Runs of consecutive done days, newest first: [first, last]. */
  runs: Array<[string, string]>;
}

export async function readDays(
  db: Database,
  options: { userId: string; from: string; to: string; streakFrom: string },
): Promise<StoredDays> {
  const client = (db as Database & { $client: pg.Pool }).$client;
  const result = await client.query<Row>({
    name: "insights_days",
    text: DAYS,
    values: [options.userId, options.from, options.to, options.streakFrom],
    rowMode: "array",
  });
  const [timeZone, tuples, runs] = result.rows[0] ?? [null, [], []];
  return {
    timeZone,
    days: tuples.map(([date, connection, mood, focusAreas, completed, checkedIn, entries]) => ({
      date,
      connection,
      mood,
      focus_areas: focusAreas ?? [],
      devotional_completed: completed,
      checked_in: checkedIn,
      journal_entries: entries,
    })),
    runs,
  };
}
