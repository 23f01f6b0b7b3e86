import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Devotional } from "@shepherd/shared";
import { isoTimestampSql as ISO, poolOf, type Database } from "../../db/client";
import { ensureProgress, streakSql, toProgress } from "../devotional/service";

/**
 * GET /api/today, everything the Today screen shows, in two round trips: his devotional for today (written first when
 * there is none yet: getTodayDevotional), then one named statement for the rest. It used to be eleven queries, five of
 * them at once, each built by the query builder and planned afresh: the most read answer of the app cost 5 ms of server
 * CPU and 3 ms of PostgreSQL's (bench/profile.mjs today-screen).
 *
 * PostgreSQL writes each part as the JSON of its API shape (row_to_json, timestamps as toISOString writes them), the
 * same fields as toProgress, toCheckin and toWhisper; the streak is streakSql, as everywhere. today-screen.test.ts holds
 * the answer to the one those functions give. The one write, his progress row for the day (made the first time he opens
 * it), happens only when the statement finds none.
 */

/** $1 user, $2 his devotional for today, $3 his today. */
const SCREEN = new PgDialect().sqlToQuery(sql`select
  (select row_to_json(x)::text from (
    select p.id, p.devotional_id, p.completed, ${sql.raw(ISO("p.completed_at"))} as completed_at, p.spiritual_connection,
      ${sql.raw(ISO("p.connection_updated_at"))} as connection_updated_at, ${sql.raw(ISO("p.prayed_at"))} as prayed_at
    from devotional_progress p where p.user_id = $1 and p.devotional_id = $2) x),
  (${streakSql(sql.raw("$1"), sql.raw("$3::date"))}),
  (select row_to_json(x)::text from (
    select c.check_in_date, c.mood, c.focus_areas, c.notes, c.spiritual_connection,
      ${sql.raw(ISO("c.updated_at"))} as updated_at
    from daily_checkins c where c.user_id = $1 and c.check_in_date = $3::date) x),
  exists (select 1 from journal_entries j where j.user_id = $1 and j.devotional_id = $2),
  (select row_to_json(x)::text from (
    select w.id, w.message, w.trigger_type, w.read, ${sql.raw(ISO("w.created_at"))} as created_at
    from encouragement_whispers w where w.user_id = $1 and not w.read order by w.created_at desc limit 1) x)`).sql;

type Row = [string | null, number, string | null, boolean, string | null];

/** The Today screen's JSON text (TodayState, key for key) for his devotional of `date`, his today. */
export async function todayScreenJson(
  db: Database,
  options: { userId: string; devotional: Devotional; date: string; timeZone: string },
): Promise<string> {
  const read = async () =>
    (
      await poolOf(db).query<Row>({
        name: "today_screen",
        text: SCREEN,
        values: [options.userId, options.devotional.id, options.date],
        rowMode: "array",
      })
    ).rows[0]!;
  const [progress, streak, checkin, journalSaved, whisper] = await read();
  const progressJson =
    progress ??
    JSON.stringify(toProgress(await ensureProgress(db, { userId: options.userId, devotionalId: options.devotional.id })));
  return (
    `{"date":${JSON.stringify(options.date)},"time_zone":${JSON.stringify(options.timeZone)},` +
    `"devotional":${JSON.stringify(options.devotional)},"progress":${progressJson},"streak":${Number(streak)},` +
    `"checkin":${checkin ?? "null"},"journal_saved_today":${journalSaved},"whisper":${whisper ?? "null"}}`
  );
}
