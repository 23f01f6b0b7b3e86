import type { Database } from "../../db/client";
import { QUEUES, type JobQueue } from "../../jobs/queue";
import type { Logger } from "../../logger";
import { rollUpRecentDays } from "./active-days";

/** Daily, a few minutes after the UTC day the admin dashboard counts has ended. */
export const ACTIVE_DAYS_CRON = "7 0 * * *";

/**
 * The dashboard's roll-up of the day that ended, through the job queue (one run across every process), so the first
 * admin of the day does not wait for it.
 */
export async function startActiveDaysJob(deps: { db: Database; jobs: JobQueue; log: Logger }): Promise<void> {
  await deps.jobs.schedule(QUEUES.activeDays, ACTIVE_DAYS_CRON);
  await deps.jobs.work(QUEUES.activeDays, async () => {
    const days = await rollUpRecentDays(deps.db);
    deps.log.info({ days }, "admin: active members rolled up");
  });
}
