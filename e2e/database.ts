import fs from "node:fs";
import path from "node:path";
import pg from "pg";

/**
 * The e2e server's own PostgreSQL, for specs that need days gone by (nobody can check in yesterday through the app) and
 * for the members the specs make directly (helpers.ts, makeMember). The server runs the embedded PostgreSQL under
 * E2E_DATA_DIR (global-setup.ts), which names its port in postgres-owner.json and its password in postgres-password;
 * nothing test-only is added to the server.
 */
export function e2eDatabaseUrl(database = "postgres"): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set: run the tests with npm run test:e2e");
  const { port } = JSON.parse(fs.readFileSync(path.join(dir, "postgres-owner.json"), "utf8")) as { port: number };
  const password = fs.readFileSync(path.join(dir, "postgres-password"), "utf8").trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/** Runs `work` on a connection to the e2e server's database (or to `connectionString`, another server's). */
export async function withDatabase<T>(work: (client: pg.Client) => Promise<T>, connectionString = e2eDatabaseUrl()): Promise<T> {
  const client = new pg.Client({ connectionString });
  client.on("error", () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * `days` days of check-ins ending today (his today, in his time zone), his connection climbing through them, with a
 * journal entry every third day; answers his today.
 */
export async function seedCheckIns(email: string, days: number): Promise<string> {
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ id: string; today: string }>(
      `select u.id, (now() at time zone coalesce(p.time_zone, 'UTC'))::date::text as today
       from users u join profiles p on p.id = u.id where u.email = $1`,
      [email],
    );
    const member = rows[0];
    if (!member) throw new Error(`no member ${email}`);
    await client.query(
      `insert into daily_checkins (user_id, check_in_date, mood, focus_areas, spiritual_connection, notes)
       select $1, $2::date - n, (array['neutral', 'good', 'great', 'good'])[1 + n % 4],
         case when n % 2 = 0 then array['prayer', 'marriage'] else array['work'] end, 85 - n, null
       from generate_series(0, $3::int - 1) n
       on conflict (user_id, check_in_date) do nothing`,
      [member.id, member.today, days],
    );
    await client.query(
      `insert into journal_entries (user_id, entry_date, content, created_at)
       select $1, $2::date - n, 'Prayed with my wife before work; grateful for her patience this week.',
         ($2::date - n)::timestamptz + interval '12 hours'
       from generate_series(0, $3::int - 1, 3) n`,
      [member.id, member.today, days],
    );
    return member.today;
  });
}
