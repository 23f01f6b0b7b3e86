import { lt } from "drizzle-orm";
import { schema, type Database } from "../db/client";
import type { Logger } from "../logger";
import { rollUpRecentDays } from "../modules/admin/active-days";
import { QUEUES, type JobQueue } from "./queue";

/** A device's replayed write is answered from client_writes for this long (a phone offline for weeks is rare). */
export const CLIENT_WRITE_DAYS = 30;
/** The once-a-day reminder record only matters for its own day; a week covers every time zone and retry. */
export const REMINDER_SEND_DAYS = 7;
/** Daily, at a quiet hour (UTC). */
const HOUSEKEEPING_CRON = "17 3 * * *";
/** Daily, a few minutes after the UTC day the admin dashboard counts has ended. */
export const ACTIVE_DAYS_CRON = "7 0 * * *";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Deletes rows that only served a while: remembered device writes and past reminder records. */
export async function pruneOldRows(db: Database, now = new Date()): Promise<{ clientWrites: number; reminderSends: number }> {
  const writes = await db
    .delete(schema.clientWrites)
    .where(lt(schema.clientWrites.createdAt, new Date(now.getTime() - CLIENT_WRITE_DAYS * DAY_MS)))
    .returning({ key: schema.clientWrites.key });
  const sends = await db
    .delete(schema.reminderSends)
    .where(lt(schema.reminderSends.sentAt, new Date(now.getTime() - REMINDER_SEND_DAYS * DAY_MS)))
    .returning({ id: schema.reminderSends.id });
  return { clientWrites: writes.length, reminderSends: sends.length };
}

/**
 * The daily jobs, through the job queue (one run across every process): housekeeping, and the admin dashboard's
 * roll-up of the day that ended (so the first admin of the day does not wait for it).
 */
export async function startHousekeeping(deps: { db: Database; jobs: JobQueue; log: Logger }): Promise<void> {
  await deps.jobs.schedule(QUEUES.housekeeping, HOUSEKEEPING_CRON);
  await deps.jobs.work(QUEUES.housekeeping, async () => {
    const removed = await pruneOldRows(deps.db);
    deps.log.info(removed, "housekeeping: removed old rows");
  });
  await deps.jobs.schedule(QUEUES.activeDays, ACTIVE_DAYS_CRON);
  await deps.jobs.work(QUEUES.activeDays, async () => {
    const days = await rollUpRecentDays(deps.db);
    deps.log.info({ days }, "housekeeping: active members rolled up");
  });
}
