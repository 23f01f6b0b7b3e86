import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { AppError } from "../errors";

/**
 * Counts one more event for `key` in our throttles table (not Better Auth's rate_limits: its clean-up deletes whatever
 * has been quiet for a minute; db/schema/throttles.ts), so every server process counts together, and returns the count. The count starts again at 1 once the
 * window since `last_request` is over. A fixed window keeps `last_request` at the window's first event; a sliding one
 * moves it to each event (a count that lasts while events keep coming, as failures do).
 */
export async function countEvent(
  db: Database,
  key: string,
  options: { windowSeconds: number; window: "fixed" | "sliding"; now?: number },
): Promise<number> {
  const now = options.now ?? Date.now();
  const windowStart = now - options.windowSeconds * 1000;
  const lastRequest =
    options.window === "sliding"
      ? sql`${now}`
      : sql`case when throttles.last_request < ${windowStart} then ${now} else throttles.last_request end`;
  const result = await db.execute<{ count: number }>(sql`
    insert into throttles (key, count, last_request)
    values (${key}, 1, ${now})
    on conflict (key) do update set
      count = case when throttles.last_request < ${windowStart} then 1 else throttles.count + 1 end,
      last_request = ${lastRequest}
    returning count`);
  return Number(result.rows[0]?.count ?? 0);
}

/** A fixed-window limit per key: throws 429 with `message` once `max` requests were made in the window. */
export async function takeRateLimit(
  db: Database,
  key: string,
  limit: { max: number; windowSeconds: number; message: string },
): Promise<void> {
  const count = await countEvent(db, key, { windowSeconds: limit.windowSeconds, window: "fixed" });
  if (count > limit.max) throw new AppError("TOO_MANY_REQUESTS", limit.message);
}
