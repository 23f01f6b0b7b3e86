import type { Database } from "../../db/client";
import { QUEUES, type JobQueue } from "../../jobs/queue";
import { sweepEndedLogs } from "./service";

/** A gathering's chat goes an hour after it ends (GATHERING_LOG_KEPT_HOURS): looked for every ten minutes. */
export const GATHERING_LOGS_CRON = "*/10 * * * *";

/** Deletes ended gatherings' chat and signaling, through the job queue (one run across every process). */
export async function startGatheringLogsJob(deps: { db: Database; jobs: JobQueue }): Promise<void> {
  await deps.jobs.schedule(QUEUES.gatheringLogs, GATHERING_LOGS_CRON);
  await deps.jobs.work(QUEUES.gatheringLogs, () => sweepEndedLogs(deps.db));
}
