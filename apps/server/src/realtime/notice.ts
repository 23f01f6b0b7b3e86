import { sql } from "drizzle-orm";
import type { RealtimeEvent } from "@shepherd/shared";
import type { Executor } from "../db/client";

/** The one PostgreSQL channel every server process LISTENs on (see hub.ts). */
export const REALTIME_CHANNEL = "shepherd_realtime";

/** What travels on the channel: whose browsers to tell, and what changed (never the change itself). */
export interface Notice {
  userId: string;
  event: RealtimeEvent;
}

export const encodeNotice = (notice: Notice) => JSON.stringify(notice);

/**
 * Tells these users' open browsers that something changed, as part of the writer's own transaction: PostgreSQL
 * delivers a NOTIFY when the transaction commits, and never when it rolls back, so a browser is not told about rows
 * that were not written. Outside a transaction it is delivered at once.
 */
export async function publishWithin(db: Executor, userIds: readonly string[], event: RealtimeEvent): Promise<void> {
  if (userIds.length === 0) return;
  const notifies = userIds.map((userId) => sql`pg_notify(${REALTIME_CHANNEL}, ${encodeNotice({ userId, event })})`);
  await db.execute(sql`select ${sql.join(notifies, sql`, `)}`);
}
