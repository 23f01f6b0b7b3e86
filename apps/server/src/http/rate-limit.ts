import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { AppError } from "../errors";

/**
 * A fixed-window counter per key in the rate_limits table (Better Auth keeps its own sign-in counts there too; our
 * keys start with "shepherd:"), so every server process counts together. Throws 429 with `message` once `max`
 * requests were made in the window.
 */
export async function takeRateLimit(
  db: Database,
  key: string,
  limit: { max: number; windowSeconds: number; message: string },
): Promise<void> {
  const now = Date.now();
  const windowStart = now - limit.windowSeconds * 1000;
  const result = await db.execute<{ count: number }>(sql`
    insert into rate_limits (id, key, count, last_request)
    values (${crypto.randomUUID()}, ${`shepherd:${key}`}, 1, ${now})
    on conflict (key) do update set
      count = case when rate_limits.last_request < ${windowStart} then 1 else rate_limits.count + 1 end,
      last_request = case when rate_limits.last_request < ${windowStart} then ${now} else rate_limits.last_request end
    returning count`);
  const count = Number(result.rows[0]?.count ?? 0);
  if (count > limit.max) throw new AppError("TOO_MANY_REQUESTS", limit.message);
}
