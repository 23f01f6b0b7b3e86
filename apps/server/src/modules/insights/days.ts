import type { FocusThemeId, InsightDay, Mood } from "@shepherd/shared";
import { poolOf, type Database } from "../../db/client";

/**
 * His days as the charts see them, in one round trip: a named statement sent straight to node-postgres (as the Path's
 * enrollments are read), answering one row: his time zone; his check-ins, his devotional days and his journal entries
 * per day between two dates, each as compact JSON arrays built by PostgreSQL from one index range scan; and, for the
 * streak, how many days in a row before the range (back to the streak's window) he completed a devotional or checked
 * in: the run of kept days that holds the day before the range (streak_runs, kept by triggers), one index probe.
 * (Counting those days from his rows, up to 365 of each kind, was about half of a 4-week read's time for a member with
 * a long streak.)
 * The days are joined here, in JavaScript, where it costs less than PostgreSQL's full joins and window functions did
 * (measured as the statement's backend CPU over 500 runs: about a quarter less for 4 weeks and for a year of days).
 *
 * The caller does not know his today before the answer (it depends on his time zone, which comes with it), so it asks
 * for a little more than it needs, around the UTC date, and trims: his today is within a day of it.
 */

/** $1 user, $2 first date, $3 last date, $4 first date of the streak's window (after $2: no dates before the range). */
const DAYS = `select
  (select time_zone from profiles where id = $1),
  (select coalesce(json_agg(json_build_array(check_in_date, mood, focus_areas, spiritual_connection)), '[]')
    from daily_checkins where user_id = $1 and check_in_date between $2::date and $3::date),
  (select coalesce(json_agg(json_build_array(progress_date, completed,
      case when connection_updated_at is not null then spiritual_connection end)), '[]')
    from devotional_progress
    where user_id = $1 and progress_date between $2::date and $3::date and (completed or connection_updated_at is not null)),
  (select coalesce(json_agg(json_build_array(entry_date, entries)), '[]') from (
    select entry_date, count(*)::int as entries from journal_entries
    where user_id = $1 and created_at >= ($2::date - 2)::timestamptz and entry_date between $2::date and $3::date
    group by entry_date) per_day),
  (select coalesce((
    select case when last_day >= $2::date - 1 then greatest($2::date - greatest(first_day, $4::date), 0) else 0 end
    from streak_runs where user_id = $1 and first_day <= $2::date - 1
    order by first_day desc limit 1), 0))`;

type CheckinTuple = [string, Mood, FocusThemeId[] | null, number | null];
type ProgressTuple = [string, boolean, number | null];
type Row = [string | null, CheckinTuple[], ProgressTuple[], Array<[string, number]>, number];

export interface StoredDays {
  timeZone: string | null;
  /** The days of the range with something in them, oldest first. */
  days: InsightDay[];
  /** Consecutive days ending the day before the range (inside the streak's window) that count for the streak. */
  runBefore: number;
}

/** One day's row, filled in from whichever of his check-in, devotional and journal it has. */
function dayOf(byDate: Map<string, InsightDay>, date: string): InsightDay {
  let day = byDate.get(date);
  if (!day) {
    day = {
      date,
      connection: null,
      mood: null,
      focus_areas: [],
      devotional_completed: false,
      checked_in: false,
      journal_entries: 0,
    };
    byDate.set(date, day);
  }
  return day;
}

export async function readDays(
  db: Database,
  options: { userId: string; from: string; to: string; streakFrom: string },
): Promise<StoredDays> {
  const client = poolOf(db);
  const result = await client.query<Row>({
    name: "insights_days",
    text: DAYS,
    values: [options.userId, options.from, options.to, options.streakFrom],
    rowMode: "array",
  });
  const [timeZone, checkins, progress, journal, runBefore] = result.rows[0] ?? [null, [], [], [], 0];
  const byDate = new Map<string, InsightDay>();
  for (const [date, mood, focusAreas, connection] of checkins) {
    const day = dayOf(byDate, date);
    day.checked_in = true;
    day.mood = mood;
    day.focus_areas = focusAreas ?? [];
    day.connection = connection;
  }
  // The slider moved on the day's devotional is that day's connection, before the check-in's value.
  for (const [date, completed, connection] of progress) {
    const day = dayOf(byDate, date);
    day.devotional_completed = completed;
    if (connection !== null) day.connection = connection;
  }
  for (const [date, entries] of journal) dayOf(byDate, date).journal_entries = entries;
  const days = [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return { timeZone, days, runBefore };
}
