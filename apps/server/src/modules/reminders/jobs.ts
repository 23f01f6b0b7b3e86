import { createHash } from "node:crypto";
import { QUEUES, type JobQueue } from "../../jobs/queue";
import { minuteStart } from "./schedule";
import { runReminderMinute, type ReminderDeps } from "./service";

/** A tick also enqueues the minutes just before it, so a tick that ran late (or a missed one) skips no one. */
const CATCH_UP_MINUTES = 2;

/**
 * The minute's job id: a UUID made from the minute, so however many ticks, processes or retries enqueue it, pg-boss
 * holds one job for it (the insert is ON CONFLICT DO NOTHING on the id).
 */
export function minuteJobId(minute: Date): string {
  const hex = createHash("sha256").update(`shepherd reminder minute ${minute.toISOString()}`).digest("hex");
  // A version-5-shaped UUID (name-based), which PostgreSQL's uuid type accepts.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Enqueues the reminder job of each minute from `CATCH_UP_MINUTES` before `now` to `now`'s minute. */
export async function enqueueReminderMinutes(jobs: JobQueue, now: Date): Promise<void> {
  const current = minuteStart(now).getTime();
  for (let back = CATCH_UP_MINUTES; back >= 0; back -= 1) {
    const minute = new Date(current - back * 60_000);
    await jobs.send(
      QUEUES.reminderMinute,
      { minute: minute.toISOString() },
      { id: minuteJobId(minute), singletonKey: minute.toISOString() },
    );
  }
}

/**
 * Daily reminders through the job queue: a pg-boss schedule ticks every minute (one tick across every process), the
 * tick enqueues that minute's one job, and the job reminds everyone due then (runReminderMinute). Runs in the process
 * that works on jobs.
 */
export async function startReminderJobs(deps: ReminderDeps & { jobs: JobQueue }): Promise<void> {
  await deps.jobs.schedule(QUEUES.reminderTick, "* * * * *");
  await deps.jobs.work(QUEUES.reminderTick, () => enqueueReminderMinutes(deps.jobs, new Date()));
  await deps.jobs.work<{ minute: string }>(QUEUES.reminderMinute, async ({ minute }) => {
    const instant = new Date(minute);
    if (Number.isNaN(instant.getTime())) return;
    await runReminderMinute(deps, instant);
  });
}
