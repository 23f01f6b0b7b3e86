import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { CreatedPlan, GenerationState } from "@shepherd/shared";
import { createDatabase, createPool, schema } from "../src/db/client";
import { freePort } from "../src/db/embedded";
import { createLogger } from "../src/logger";
import { newPremiumPerson } from "./helpers/auth";
import { buildServerIfNeeded, startBuiltServer, waitUntil, type BuiltServer } from "./helpers/built-server";
import { brief, expectDistinctPassages, waitForPlan, writesPlanDays } from "./helpers/custom-plans";
import { createTestDatabase, type TestDatabase } from "./helpers/database";
import { startFakeOpenAi, type FakeOpenAi } from "./helpers/fake-openai";
import { TestClient } from "./helpers/http-client";

/**
 * The plan generation job survives a crash: the built server (node apps/server/dist/main.js), SIGKILLed while it
 * writes a plan, finishes that plan after it starts again. Its lease is 2 s here, so the dead process's job is taken
 * over soon after the restart (in production it is JOB_LEASE_SECONDS, 120 by default).
 */

let database: TestDatabase;
let fake: FakeOpenAi;
let dataDir: string;
const running: BuiltServer[] = [];
const pool = () => createPool(database.url, createLogger("silent"), { max: 2 });

beforeAll(async () => {
  buildServerIfNeeded();
  database = await createTestDatabase();
  fake = await startFakeOpenAi();
  // Each day takes the "model" a moment, so the kill lands mid-plan.
  fake.reply(writesPlanDays({ delayMs: 250 }));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shepherd-jobs-"));
});

afterAll(async () => {
  for (const server of running) await server.stop().catch(() => undefined);
  await fake?.close();
  await database?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function start(port: number): Promise<BuiltServer> {
  const server = await startBuiltServer({
    dataDir,
    port,
    env: {
      DATABASE_URL: database.url,
      AI_BASE_URL: fake.url,
      JOB_LEASE_SECONDS: "2",
      JOB_RETRY_DELAY_SECONDS: "1",
      BETTER_AUTH_SECRET: "a-test-secret-that-is-long-enough-0123456789",
    },
  });
  running.push(server);
  return server;
}

test("a server killed mid-plan finishes the plan after it starts again", async () => {
  const port = await freePort();
  const first = await start(port);
  const p = pool();
  try {
    const member = await newPremiumPerson({ client: () => new TestClient(first.url), db: createDatabase(p) });
    const res = await member.client.post("/api/path/custom-plans", brief({ days: 12 }));
    expect(res.status, res.text).toBe(201);
    const { plan_id: planId }: CreatedPlan = res.json();

    let before: GenerationState | undefined;
    await waitUntil(async () => {
      before = (await member.client.get(`/api/path/plans/${planId}/generation`)).json();
      return before!.written >= 2;
    }, "two days written");
    await first.crash();
    running.splice(running.indexOf(first), 1);

    const db = createDatabase(p);
    const [left] = await db.select({ status: schema.plans.status }).from(schema.plans).where(eq(schema.plans.id, planId));
    expect(left!.status).toBe("generating");

    // Same port, so his client (and its session cookie) is as good as before.
    await start(port);
    const ready = await waitForPlan(member.client, planId, 90_000);
    expect(ready).toMatchObject({ status: "ready", written: 12, total: 12 });
    const days = await db
      .select()
      .from(schema.planDays)
      .where(eq(schema.planDays.planId, planId))
      .orderBy(asc(schema.planDays.dayNumber));
    expect(days.map((d) => d.dayNumber)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    // Every day is the model's, each once: the days saved before the kill were kept, none written twice.
    expect(days.map((d) => d.title)).toEqual(Array.from({ length: 12 }, (_, i) => `Model day ${i + 1}`));
    expectDistinctPassages(days.map((d) => d.passages));
  } finally {
    await p.end();
  }
}, 180_000);
