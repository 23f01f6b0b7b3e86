import { and, eq, sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import {
  addDays,
  isValidTimeZone,
  localDate,
  OFFLINE_WRITE_MAX_DAYS,
  STREAK_LOOKBACK_DAYS,
  type Devotional,
  type KeptDay,
  type Progress,
} from "@shepherd/shared";
import { poolOf, prepared, schema, type Database, type Executor } from "../../db/client";
import { AppError, notFound } from "../../errors";

/**
 * The devotional day that Today, the journal, whispers, flocks and profiles share: a person's own date in his time
 * zone, his devotionals and his progress on them, and the streak (spec section 4).
 */

const { devotionals, devotionalProgress, profiles } = schema;

export async function userDay(db: Executor, userId: string, now = new Date()): Promise<{ date: string; timeZone: string }> {
  const [row] = await prepared(db, "user_time_zone", () =>
    db
      .select({ timeZone: profiles.timeZone })
      .from(profiles)
      .where(eq(profiles.id, sql.placeholder("userId")))
      .prepare("user_time_zone"),
  ).execute({ userId });
  return dayIn(now, row?.timeZone);
}

/**
 * Issue 18: the day a write counts for. `madeOn` (his own date when he made it offline) from OFFLINE_WRITE_MAX_DAYS
 * back to today; never a day to come. Absent: today. `what` names the write in the message ("A check-in").
 */
export function dayMadeOn(today: string, madeOn: string | undefined, what: string): string {
  const date = madeOn ?? today;
  if (date > today) throw new AppError("BAD_REQUEST", `${what} cannot be made for a day that has not come yet.`);
  if (addDays(date, OFFLINE_WRITE_MAX_DAYS) < today) {
    throw new AppError(
      "BAD_REQUEST",
      `${what} made offline counts for its day only if it is sent within ${OFFLINE_WRITE_MAX_DAYS} days.`,
    );
  }
  return date;
}

/** The date at `now` in a stored time zone; a missing or unknown zone counts as UTC. */
export function dayIn(now: Date, zone: string | null | undefined): { date: string; timeZone: string } {
  const timeZone = zone && isValidTimeZone(zone) ? zone : "UTC";
  return { date: localDate(now, timeZone), timeZone };
}

export async function setTimeZone(db: Database, options: { userId: string; timeZone: string }): Promise<void> {
  if (!isValidTimeZone(options.timeZone)) throw new AppError("BAD_REQUEST", `"${options.timeZone}" is not a time zone we know.`);
  await db.update(profiles).set({ timeZone: options.timeZone }).where(eq(profiles.id, options.userId));
}

/** The columns a Devotional is made of (today's read selects only these). */
export const devotionalColumns = {
  id: devotionals.id,
  devotionalDate: devotionals.devotionalDate,
  title: devotionals.title,
  passage: devotionals.passage,
  passageText: devotionals.passageText,
  content: devotionals.content,
  reflection: devotionals.reflection,
  theme: devotionals.theme,
  prayer: devotionals.prayer,
  imageUrl: devotionals.imageUrl,
};

export function toDevotional(row: Pick<typeof devotionals.$inferSelect, keyof typeof devotionalColumns>): Devotional {
  return {
    id: row.id,
    devotional_date: row.devotionalDate,
    title: row.title,
    passage: row.passage,
    passage_text: row.passageText,
    content: row.content,
    reflection: row.reflection,
    theme: row.theme,
    prayer: row.prayer,
    image_url: row.imageUrl,
  };
}

export function toProgress(row: typeof devotionalProgress.$inferSelect): Progress {
  return {
    id: row.id,
    devotional_id: row.devotionalId,
    completed: row.completed,
    completed_at: row.completedAt?.toISOString() ?? null,
    spiritual_connection: row.spiritualConnection,
    connection_updated_at: row.connectionUpdatedAt?.toISOString() ?? null,
    prayed_at: row.prayedAt?.toISOString() ?? null,
  };
}

export async function ownDevotional(db: Executor, userId: string, devotionalId: string) {
  const [row] = await db
    .select()
    .from(devotionals)
    .where(and(eq(devotionals.id, devotionalId), eq(devotionals.userId, userId)));
  if (!row) throw notFound("That devotional");
  return row;
}

/** The person's progress on a devotional, created on first touch. */
export async function ensureProgress(
  db: Executor,
  options: { userId: string; devotionalId: string },
): Promise<typeof devotionalProgress.$inferSelect> {
  const devotional = await ownDevotional(db, options.userId, options.devotionalId);
  await db
    .insert(devotionalProgress)
    .values({ userId: options.userId, devotionalId: devotional.id, progressDate: devotional.devotionalDate })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(devotionalProgress)
    .where(and(eq(devotionalProgress.userId, options.userId), eq(devotionalProgress.devotionalId, devotional.id)));
  return row!;
}

/**
 * Spec section 4, the streak, as SQL: the consecutive days up to today or yesterday (his own dates) with a completed
 * devotional or a check-in, counted back at most 365 days. It is 0 when he kept neither today nor yesterday. The runs of
 * kept days are in streak_runs (kept by triggers, migration 0021): his run that starts latest on or before today is the
 * only one that can hold today or yesterday, so the streak is one index probe. `user` and `date` (his today, a date)
 * are SQL: bound values here, the Today screen's placeholders in today/screen.ts, so both count the one way.
 */
export function streakSql(user: SQL, date: SQL): SQL {
  return sql`
    select coalesce((
      select case when last_day >= ${date} - 1
        then (least(last_day, ${date}) - greatest(first_day, ${date} - ${sql.raw(String(STREAK_LOOKBACK_DAYS - 1))}) + 1)
        else 0 end
      from streak_runs where user_id = ${user} and first_day <= ${date}
      order by first_day desc limit 1), 0)::int as streak`;
}

/** His streak today (streakSql), in one query after his time zone. */
export async function streakDays(db: Executor, options: { userId: string; now?: Date }): Promise<number> {
  const { date } = await userDay(db, options.userId, options.now);
  const result = await db.execute<{ streak: number }>(streakSql(sql`${options.userId}`, sql`${date}::date`));
  return Number(result.rows[0]?.streak ?? 0);
}

/**
 * The streaks of several people at once (a flock's members), each counted on his own today, in one query: the same
 * streakSql for every one of them, rather than two queries a member.
 */
export async function streaksOf(
  db: Executor,
  people: Array<{ userId: string; timeZone: string | null }>,
  now = new Date(),
): Promise<Map<string, number>> {
  if (people.length === 0) return new Map();
  const days = JSON.stringify(people.map((p) => ({ user_id: p.userId, day: dayIn(now, p.timeZone).date })));
  const result = await db.execute<{ user_id: string; streak: number }>(sql`
    select m.user_id, (${streakSql(sql`m.user_id`, sql`m.day`)}) as streak
    from json_to_recordset(${days}::json) as m(user_id text, day date)`);
  return new Map(result.rows.map((r) => [r.user_id, Number(r.streak)]));
}

/** The id of the person's devotional for a date, if one was prepared (nothing is generated here). */
export async function devotionalIdOn(db: Executor, options: { userId: string; date: string }): Promise<string | null> {
  const [row] = await db
    .select({ id: devotionals.id })
    .from(devotionals)
    .where(and(eq(devotionals.userId, options.userId), eq(devotionals.devotionalDate, options.date)));
  return row?.id ?? null;
}

/**
 * The days from `from` to `to` (his own dates, both included) that count for the streak, oldest first: the streak
 * calendar's marks, read with the same rule as `streakDays` (a completed devotional or a check-in).
 */
export function keptDaysSql(user: SQL, from: SQL, to: SQL): SQL {
  return sql`
    select to_char(day, 'YYYY-MM-DD') as date, bool_or(completed) as completed, bool_or(checked_in) as checked_in
    from (
      select progress_date as day, true as completed, false as checked_in from devotional_progress
        where user_id = ${user} and completed and progress_date between ${from} and ${to}
      union all
      select check_in_date, false, true from daily_checkins
        where user_id = ${user} and check_in_date between ${from} and ${to}
    ) kept
    group by day
    order by day`;
}

/** $1 user, $2 his today, $3 and $4 the calendar's first and last days: his streak and the kept days between. */
const STREAK_CALENDAR = new PgDialect().sqlToQuery(sql`select (${streakSql(sql.raw("$1"), sql.raw("$2::date"))}),
  (select coalesce(json_agg(json_build_object('date', k.date, 'completed', k.completed, 'checked_in', k.checked_in)
      order by k.date), '[]')
    from (${keptDaysSql(sql.raw("$1"), sql.raw("$3::date"), sql.raw("$4::date"))}) k)`).sql;

/**
 * GET /api/streak/days: his today, his streak and the days he kept between two dates, in two round trips (his time
 * zone, then one named statement: streakSql and keptDaysSql together). The streak calendar opens with Today.
 */
export async function streakCalendar(
  db: Database,
  options: { userId: string; from: string; to: string; now?: Date },
): Promise<{ today: string; streak: number; days: KeptDay[] }> {
  const { date } = await userDay(db, options.userId, options.now);
  const { rows } = await poolOf(db).query<[number, KeptDay[]]>({
    name: "streak_calendar",
    text: STREAK_CALENDAR,
    values: [options.userId, date, options.from, options.to],
    rowMode: "array",
  });
  const [streak, days] = rows[0]!;
  return { today: date, streak: Number(streak), days };
}
