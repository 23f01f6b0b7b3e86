// Streak query time for a user with 365 days of history (target under 5 ms), beside a primary-key SELECT
// round trip on the same database in the same run. Run with `npx tsx bench/streak.ts`; prints JSON on the last line.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { createDatabase, createPool, schema } from "../apps/server/src/db/client";
import { applyMigrations } from "../apps/server/src/db/migrate";
import { startEmbeddedPostgres } from "../apps/server/src/db/embedded";
import { createLogger } from "../apps/server/src/logger";
import { streakDays } from "../apps/server/src/modules/devotional/service";

const log = createLogger("warn");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shepherd-bench-streak-"));
fs.chmodSync(dataDir, 0o755);
const pg = await startEmbeddedPostgres({ dataDir, log });
const pool = createPool(pg.url, log, 4);
try {
  const db = createDatabase(pool);
  await applyMigrations(pool);
  const userId = "bench-streak-user";
  await db.insert(schema.users).values({ id: userId, name: "Streak Bench", email: "streak@example.com" });
  await db.insert(schema.profiles).values({ id: userId, displayName: "Streak Bench", timeZone: "America/Chicago" });
  const now = new Date();
  await db.execute(sql`
    insert into devotionals (user_id, devotional_date, title, passage, passage_text, content, reflection, theme, prayer, source)
    select ${userId}, d::date, 'Title', 'John 3:16', 'text', 'body', 'q?', 'prayer', 'amen', 'library'
    from generate_series(current_date - 400, current_date, interval '1 day') d`);
  await db.execute(sql`
    insert into devotional_progress (user_id, devotional_id, progress_date, completed, completed_at)
    select user_id, id, devotional_date, true, now() from devotionals where user_id = ${userId}`);
  await db.execute(sql`
    insert into daily_checkins (user_id, check_in_date, mood)
    select ${userId}, d::date, 'good' from generate_series(current_date - 400, current_date, interval '1 day') d`);
  const time = async (fn: () => Promise<unknown>, runs = 300) => {
    for (let i = 0; i < 30; i++) await fn();
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      await fn();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return { medianMs: +times[Math.floor(runs / 2)]!.toFixed(3), p95Ms: +times[Math.floor(runs * 0.95)]!.toFixed(3) };
  };
  const streak = await streakDays(db, { userId, now });
  const query = await time(() => streakDays(db, { userId, now }));
  const baseline = await time(() =>
    db
      .select()
      .from(schema.users)
      .where(sql`${schema.users.id} = ${userId}`),
  );
  const result = {
    streakDays: streak,
    streak: query,
    primaryKeySelect: baseline,
    ratio: +(query.medianMs / baseline.medianMs).toFixed(2),
  };
  console.log(JSON.stringify(result));
} finally {
  await pool.end();
  await pg.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
