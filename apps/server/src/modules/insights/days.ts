import type { InsightDay } from "@shepherd/shared";
import { poolOf, type Database } from "../../db/client";
import { memberRowsKind } from "../../db/member-rows";

/**
 * His days between two dates, in one round trip: a named statement sent straight to node-postgres (as the Path's
 * enrollments are read), answering one row: his time zone; his two latest runs of kept days (the streak,
 * `streakFromRuns`); and each day of the range with something in it, its date and its InsightDay as JSON text that
 * PostgreSQL writes (his check-in, his devotional's progress and his journal entries per day, one index range scan each,
 * joined by date), oldest first. The charts pass that text on unparsed: a year is 365 days, and parsing them, joining
 * them into objects and writing them out again was most of a year's read (its time and its garbage). The insight
 * writers, who read a few weeks, parse them (`readDays`).
 *
 * The caller does not know his today before the answer (it depends on his time zone, which comes with it), so it asks
 * for a little more than it needs, around the UTC date, and trims: his today is within a day of it.
 */
const CHART_DAYS = `select
  (select time_zone from profiles where id = $1),
  (select coalesce(string_agg(first_day::text || ' ' || last_day::text, ' ' order by first_day desc), '') from (
    select first_day, last_day from streak_runs where user_id = $1 and first_day <= $3::date
    order by first_day desc limit 2) latest),
  coalesce(string_agg(day::text, ' ' order by day), ''),
  coalesce(string_agg(json_build_object('date', day, 'connection', coalesce(slider, checkin_connection), 'mood', mood,
    'focus_areas', coalesce(focus_areas, '{}'), 'devotional_completed', coalesce(completed, false),
    'checked_in', checked_in, 'journal_entries', coalesce(entries, 0))::text, E'\\n' order by day), '')
from (
  select coalesce(c.day, p.day, j.day) as day, c.connection as checkin_connection, c.mood, c.focus_areas,
    c.day is not null as checked_in, p.completed, p.connection as slider, j.entries
  from (select check_in_date as day, spiritual_connection as connection, mood, focus_areas from daily_checkins
      where user_id = $1 and check_in_date between $2::date and $3::date) c
    full join (select progress_date as day, completed,
        case when connection_updated_at is not null then spiritual_connection end as connection
      from devotional_progress where user_id = $1 and progress_date between $2::date and $3::date
        and (completed or connection_updated_at is not null)) p on p.day = c.day
    full join (select entry_date as day, count(*)::int as entries from journal_entries
      where user_id = $1 and created_at >= ($2::date - 2)::timestamptz and entry_date between $2::date and $3::date
      group by entry_date) j on j.day = coalesce(c.day, p.day)
) days`;

/** What CHART_DAYS reads, kept per member by the charts: each trigger named notifies 'u:<his id>' (migrations 0023, 0027). */
export const CHART_DAYS_ROWS = memberRowsKind("insights", {
  // profiles_notify_member_rows
  profiles: { columns: ["id", "time_zone"] },
  // streak_runs_notify_member_rows
  streak_runs: { columns: ["user_id", "first_day", "last_day"] },
  // daily_checkins_notify_member_rows
  daily_checkins: { columns: ["user_id", "check_in_date", "spiritual_connection", "mood", "focus_areas"] },
  // devotional_progress_notify_member_rows
  devotional_progress: {
    columns: ["user_id", "progress_date", "completed", "spiritual_connection", "connection_updated_at"],
  },
  // journal_entries_notify_member_rows
  journal_entries: { columns: ["user_id", "entry_date", "created_at"] },
});

export interface ChartDays {
  timeZone: string | null;
  /** His latest runs of kept days starting on or before the last date asked, newest first: [first, last]. */
  runs: Array<[string, string]>;
  /** The days with something in them, oldest first, and each one's InsightDay as JSON text. */
  dates: string[];
  json: string[];
}

export async function readChartDays(db: Database, options: { userId: string; from: string; to: string }): Promise<ChartDays> {
  // Plain text columns, split here: node-postgres would parse arrays of JSON text character by character (slower than
  // the objects it replaces). Dates are separated by spaces; a day's JSON never holds a raw newline.
  const result = await poolOf(db).query<[string | null, string, string, string]>({
    name: "insights_chart_days",
    text: CHART_DAYS,
    values: [options.userId, options.from, options.to],
    rowMode: "array",
  });
  const [timeZone, runs, dates, json] = result.rows[0] ?? [null, "", "", ""];
  const words = (text: string) => (text ? text.split(" ") : []);
  const bounds = words(runs);
  return {
    timeZone,
    runs: Array.from({ length: bounds.length / 2 }, (_, i) => [bounds[2 * i]!, bounds[2 * i + 1]!] as [string, string]),
    dates: words(dates),
    json: json ? json.split("\n") : [],
  };
}

/** His days between two dates as objects, oldest first, for the insight writers. */
export async function readDays(
  db: Database,
  options: { userId: string; from: string; to: string },
): Promise<{ timeZone: string | null; days: InsightDay[] }> {
  const { timeZone, json } = await readChartDays(db, options);
  return { timeZone, days: JSON.parse(`[${json.join(",")}]`) as InsightDay[] };
}
