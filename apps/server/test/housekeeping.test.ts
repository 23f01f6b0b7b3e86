import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { schema } from "../src/db/client";
import { CLIENT_WRITE_DAYS, pruneOldRows, REMINDER_SEND_DAYS } from "../src/jobs/housekeeping";
import { ACTIVE_DAYS_CRON } from "../src/modules/admin/jobs";
import { GATHERING_LOGS_CRON } from "../src/modules/gatherings/jobs";
import { QUEUES } from "../src/jobs/queue";
import { startTestApp, type TestApp } from "./helpers/app";
import { newPerson } from "./helpers/auth";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

describe("daily housekeeping", () => {
  test("is scheduled through the job queue: daily, the dashboard's roll-up after midnight, gathering logs every ten minutes", async () => {
    const schedules = await app.db.execute<{ name: string; cron: string }>(sql`select name, cron from pgboss.schedule`);
    expect(schedules.rows).toContainEqual({ name: "housekeeping", cron: "17 3 * * *" });
    expect(schedules.rows).toContainEqual({ name: QUEUES.activeDays, cron: ACTIVE_DAYS_CRON });
    expect(schedules.rows).toContainEqual({ name: QUEUES.gatheringLogs, cron: GATHERING_LOGS_CRON });
    expect(GATHERING_LOGS_CRON).toBe("*/10 * * * *");
  });

  test("removes remembered device writes and reminder records once they are old, and keeps the recent ones", async () => {
    const { id: userId } = await newPerson(app);
    const now = new Date();
    const write = (createdAt: Date) => ({
      userId,
      key: randomUUID(),
      method: "POST",
      path: "/api/journal",
      status: 201,
      createdAt,
    });
    const oldWrite = write(daysAgo(now, CLIENT_WRITE_DAYS + 1));
    const recentWrite = write(daysAgo(now, CLIENT_WRITE_DAYS - 1));
    await app.db.insert(schema.clientWrites).values([oldWrite, recentWrite]);
    await app.db.insert(schema.reminderSends).values([
      { userId, localDate: "2026-01-01", sentAt: daysAgo(now, REMINDER_SEND_DAYS + 1) },
      { userId, localDate: "2026-01-02", sentAt: daysAgo(now, 1) },
    ]);

    const quiet = `stopped-${randomUUID()}`;
    const living = `running-${randomUUID()}`;
    await app.db.insert(schema.gatheringServers).values([
      { id: quiet, seenAt: daysAgo(now, 2) },
      { id: living, seenAt: now },
    ]);

    const removed = await pruneOldRows(app.db, now);
    expect(removed.clientWrites).toBeGreaterThanOrEqual(1);
    expect(removed.reminderSends).toBeGreaterThanOrEqual(1);
    expect(removed.gatheringServers).toBeGreaterThanOrEqual(1);
    const servers = await app.db.select({ id: schema.gatheringServers.id }).from(schema.gatheringServers);
    expect(servers.map((r) => r.id)).toContain(living);
    expect(servers.map((r) => r.id)).not.toContain(quiet);
    const writes = await app.db.select().from(schema.clientWrites).where(eq(schema.clientWrites.userId, userId));
    expect(writes.map((w) => w.key)).toEqual([recentWrite.key]);
    const sends = await app.db.select().from(schema.reminderSends).where(eq(schema.reminderSends.userId, userId));
    expect(sends.map((s) => s.localDate)).toEqual(["2026-01-02"]);

    // Nothing more to remove the second time.
    const again = await pruneOldRows(app.db, now);
    expect(again).toEqual({ clientWrites: 0, reminderSends: 0, gatheringServers: 0, throttles: 0 });
  });
});
