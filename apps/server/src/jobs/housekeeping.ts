import { lt } from "drizzle-orm";
import { schema, type Database } from "../db/client";
import type { Logger } from "../logger";
import { QUEUES, type JobQueue } from "./queue";

/** A device's replayed write is answered from client_writes for this long (a phone offline for weeks is rare). */
export const CLIENT_WRITE_DAYS = 30;
/** The once-a-day reminder record only matters for its own day; a week covers every time zone and retry. */
export const REMINDER_SEND_DAYS = 7;
/** Daily, at a quiet hour (UTC). */
const HOUSEKEEPING_CRON = "17 3 * * *";
/** A gathering server's sign of life is only read within minutes; a day-old row is a process long gone. */
const GATHERING_SERVER_DAYS = 1;
/** Our throttles' windows are minutes long (auth/throttle.ts, http/rate-limit.ts): a counter quiet for a day is over. */
export const THROTTLE_DAYS = 1;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes rows that only served a while: remembered device writes, past reminder records, the signs of life of
 * gathering servers that stopped, and throttle counters long quiet.
 */
export async function pruneOldRows(
  db: Database,
  now = new Date(),
): Promise<{ clientWrites: number; reminderSends: number; gatheringServers: number; throttles: number }> {
  const writes = await db
    .delete(schema.clientWrites)
    .where(lt(schema.clientWrites.createdAt, new Date(now.getTime() - CLIENT_WRITE_DAYS * DAY_MS)))
    .returning({ key: schema.clientWrites.key });
  const sends = await db
    .delete(schema.reminderSends)
    .where(lt(schema.reminderSends.sentAt, new Date(now.getTime() - REMINDER_SEND_DAYS * DAY_MS)))
    .returning({ id: schema.reminderSends.id });
  const servers = await db
    .delete(schema.gatheringServers)
    .where(lt(schema.gatheringServers.seenAt, new Date(now.getTime() - GATHERING_SERVER_DAYS * DAY_MS)))
    .returning({ id: schema.gatheringServers.id });
  const throttles = await db
    .delete(schema.throttles)
    .where(lt(schema.throttles.lastRequest, now.getTime() - THROTTLE_DAYS * DAY_MS))
    .returning({ key: schema.throttles.key });
  return {
    clientWrites: writes.length,
    reminderSends: sends.length,
    gatheringServers: servers.length,
    throttles: throttles.length,
  };
}

/** The daily housekeeping job, through the job queue (one run across every process). */
export async function startHousekeeping(deps: { db: Database; jobs: JobQueue; log: Logger }): Promise<void> {
  await deps.jobs.schedule(QUEUES.housekeeping, HOUSEKEEPING_CRON);
  await deps.jobs.work(QUEUES.housekeeping, async () => {
    const removed = await pruneOldRows(deps.db);
    deps.log.info(removed, "housekeeping: removed old rows");
  });
}
