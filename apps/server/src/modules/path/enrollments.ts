import { poolOf, type Database } from "../../db/client";
import { memberRowsKind, type MemberRows } from "../../db/member-rows";

/**
 * A member's own rows of The Path, read on every visit to Today, /path and a plan's page: his enrollments with the days
 * he completed, and his time zone, in one round trip. These two are named statements sent straight to node-postgres,
 * rows as arrays: the plan's own fields come from memory (outlines.ts), so all that is left is his rows, and the query
 * builder's per-row mapping cost more than reading them.
 */

export interface EnrollmentRow {
  planId: string;
  status: string;
  startDate: string;
  pausedOn: string | null;
  completedAt: Date | null;
  /** [day number, his date of completing it] */
  completions: Array<[number, string]>;
}

/** His time zone, and one row per enrollment (none when he follows nothing). Dates as text: they are his own dates. */
const COLUMNS = `p.time_zone, e.plan_id, e.status, e.start_date::text, e.paused_on::text, e.completed_at,
  coalesce((select json_agg(json_build_array(d.day_number, c.completed_on)) from plan_day_completions c
    join plan_days d on d.id = c.plan_day_id where c.enrollment_id = e.id), '[]')`;

/** $1 user: every plan he follows, oldest first; and the plans he made, newest first (on every row). */
const MINE = `select ${COLUMNS},
  (select json_agg(o.id order by o.created_at desc) from plans o where o.owner_id = p.id) as own
  from profiles p left join plan_enrollments e on e.user_id = p.id
  where p.id = $1 order by e.created_at`;

/** $1 user, $2 plan: his enrollment in that plan, if any. */
const IN_PLAN = `select ${COLUMNS} from profiles p left join plan_enrollments e on e.user_id = p.id and e.plan_id = $2
  where p.id = $1`;

type Row = [
  string | null,
  string | null,
  string,
  string,
  string | null,
  Date | null,
  Array<[number, string]>,
  string[] | null | undefined,
];

async function read(db: Database, name: string, text: string, values: string[]) {
  const client = poolOf(db);
  const result = await client.query<Row>({ name, text, values, rowMode: "array" });
  const enrollments: EnrollmentRow[] = [];
  for (const [, planId, status, startDate, pausedOn, completedAt, completions] of result.rows) {
    if (planId) enrollments.push({ planId, status: status!, startDate, pausedOn, completedAt, completions });
  }
  return { timeZone: result.rows[0]?.[0] ?? null, enrollments, own: result.rows[0]?.[7] ?? [] };
}

export type MyEnrollments = Awaited<ReturnType<typeof read>>;

/**
 * What MINE reads, kept per member: every trigger below notifies 'u:<his id>' (migrations 0023 and 0027), but a day's
 * renumbering, which notifies '*'.
 */
const PATH_ROWS = memberRowsKind("path", {
  // profiles_notify_member_rows
  profiles: { columns: ["id", "time_zone"] },
  // plan_enrollments_notify_member_rows
  plan_enrollments: {
    columns: ["id", "user_id", "plan_id", "status", "start_date", "paused_on", "completed_at", "created_at"],
  },
  // plan_day_completions_notify_member_rows
  plan_day_completions: { columns: ["enrollment_id", "plan_day_id", "completed_on"] },
  // plan_days_notify_member_rows ('*')
  plan_days: {
    columns: ["id", "day_number"],
    unnoticed: {
      insert: "a new day has no completions yet",
      delete: "its completions are deleted with it (on delete cascade), and that is noticed",
    },
  },
  // plans_notify_member_rows (his own plans)
  plans: { columns: ["id", "owner_id", "created_at"] },
});

/**
 * Every plan he follows, and the plans he made. A read (GET) passes the process's MemberRows, so that The Path, a plan's
 * page and the library cost no round trip while his rows are unchanged; a write reads them afresh.
 */
export const myEnrollments = (db: Database, userId: string, kept?: MemberRows): Promise<MyEnrollments> =>
  kept
    ? kept.read(userId, PATH_ROWS, () => read(db, "path_my_enrollments", MINE, [userId]))
    : read(db, "path_my_enrollments", MINE, [userId]);

export async function myEnrollmentIn(db: Database, options: { userId: string; planId: string; kept?: MemberRows }) {
  if (options.kept) {
    const { timeZone, enrollments } = await myEnrollments(db, options.userId, options.kept);
    return { timeZone, enrollment: enrollments.find((e) => e.planId === options.planId) ?? null };
  }
  const { timeZone, enrollments } = await read(db, "path_my_enrollment_in", IN_PLAN, [options.userId, options.planId]);
  return { timeZone, enrollment: enrollments[0] ?? null };
}
