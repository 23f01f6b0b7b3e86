import { bigint, integer, pgTable, text } from "drizzle-orm/pg-core";

/**
 * Issue 39: our own counters (http/rate-limit.ts, auth/throttle.ts): wrong passwords and wrong two-step codes per
 * account, two-step codes already used, error reports per address. Not Better Auth's rate_limits, whose clean-up
 * deletes every row quiet for its longest window (a minute), far shorter than ours. Ours end in the daily housekeeping
 * (jobs/housekeeping.ts).
 */
export const throttles = pgTable("throttles", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  /** The last counted event (or the window's first, for a fixed window), in milliseconds since 1970. */
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});
