import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { AdminPage } from "@shepherd/shared/admin";
import { UPGRADE_BANNER_EXPERIMENT, type AdminExperiment } from "@shepherd/shared/experiments";
import { schema } from "../src/db/client";
import { setAdmin } from "../src/modules/admin/service";
import { assignVariant } from "../src/modules/experiments/service";
import { startTestApp, type TestApp } from "./helpers/app";
import { signUp, uniqueEmail } from "./helpers/auth";

/** Admin A/B tests: create, start, stop (audited), sticky variants for members, exposures and results. */

const MINUTE = 60 * 1000;

const banner = {
  name: UPGRADE_BANNER_EXPERIMENT.name,
  variants: [
    { name: UPGRADE_BANNER_EXPERIMENT.control, weight: 50 },
    { name: UPGRADE_BANNER_EXPERIMENT.variant, weight: 50 },
  ],
  conversion_event: "checkout_start",
};

describe("admin A/B tests", () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>> & { client: ReturnType<TestApp["client"]> };
  beforeAll(async () => {
    app = await startTestApp();
    const client = app.client();
    const user = await signUp(client, { name: "Admin Person" });
    await setAdmin(app.db, user.email, true);
    await app.ctx.sessions.sync(); // what this process kept of his session hears the change
    admin = { ...user, client };
  });
  afterAll(async () => {
    await app?.close();
  });

  const auditActions = async () =>
    (await app.db.select().from(schema.adminAuditLog)).map((r) => `${r.action} ${r.target}`).sort();

  test("create validates, start and stop are audited, and a member's variant is sticky while it runs", async () => {
    const bad = await admin.client.post("/api/admin/experiments", { ...banner, conversion_event: "page_view" });
    expect(bad.status).toBe(400);
    const badWeight = await admin.client.post("/api/admin/experiments", {
      ...banner,
      variants: [banner.variants[0], { name: "plain", weight: 0 }],
    });
    expect(badWeight.status).toBe(400);

    const created = await admin.client.post("/api/admin/experiments", banner);
    expect(created.status, created.text).toBe(201);
    const experiment = created.json() as AdminExperiment;
    expect(experiment).toMatchObject({ name: banner.name, status: "draft", conversion_event: "checkout_start" });
    expect((await admin.client.post("/api/admin/experiments", banner)).status).toBe(409);

    const memberClient = app.client();
    const member = await signUp(memberClient, { name: "Banner Reader" });
    expect((await memberClient.post("/api/admin/experiments", banner)).status).toBe(403);
    // A draft hands out no variant: the app shows the spec's text.
    expect((await memberClient.get(`/api/experiments/${banner.name}`)).json()).toEqual({ variant: null });
    expect((await app.client().get(`/api/experiments/${banner.name}`)).status).toBe(401);
    expect((await memberClient.get("/api/experiments/Not%20A%20Name")).status).toBe(400);

    const started = await admin.client.post(`/api/admin/experiments/${experiment.id}/start`);
    expect(started.status, started.text).toBe(200);
    expect((started.json() as AdminExperiment).status).toBe("running");
    expect((await admin.client.post(`/api/admin/experiments/${experiment.id}/start`)).status).toBe(409);

    const expected = assignVariant({ id: experiment.id, variants: banner.variants }, member.id);
    for (let i = 0; i < 3; i++) {
      expect((await memberClient.get(`/api/experiments/${banner.name}`)).json()).toEqual({ variant: expected });
    }

    // Exposure: stored once, with his variant; a second showing keeps the first time.
    expect((await memberClient.post(`/api/experiments/${banner.name}/exposure`)).json()).toEqual({ variant: expected });
    const [first] = await app.db
      .select()
      .from(schema.experimentExposures)
      .where(eq(schema.experimentExposures.userId, member.id));
    expect(first).toMatchObject({ experimentId: experiment.id, variant: expected });
    await memberClient.post(`/api/experiments/${banner.name}/exposure`);
    const again = await app.db.select().from(schema.experimentExposures).where(eq(schema.experimentExposures.userId, member.id));
    expect(again).toHaveLength(1);
    expect(again[0]!.exposedAt.getTime()).toBe(first!.exposedAt.getTime());

    // Starting checkout is his conversion, recorded by the server; a client may not forge it.
    expect((await memberClient.post("/api/functions/track-user-activity", { action_type: "checkout_start" })).status).toBe(400);
    const checkout = await memberClient.post("/api/subscription/checkout", { plan: "premium_monthly" });
    expect(checkout.status, checkout.text).toBe(200);
    const results = ((await admin.client.get(`/api/admin/experiments/${experiment.id}`)).json() as AdminExperiment).results;
    const his = results.find((r) => r.variant === expected)!;
    expect(his).toMatchObject({ exposed: 1, converted: 1, rate: 1 });
    expect(results.find((r) => r.variant !== expected)).toMatchObject({ exposed: 0, converted: 0, rate: null });

    const stopped = await admin.client.post(`/api/admin/experiments/${experiment.id}/stop`);
    expect(stopped.status, stopped.text).toBe(200);
    expect((stopped.json() as AdminExperiment).status).toBe("stopped");
    expect((await admin.client.post(`/api/admin/experiments/${experiment.id}/stop`)).status).toBe(409);
    expect((await admin.client.post(`/api/admin/experiments/${experiment.id}/start`)).status).toBe(409);
    expect((await memberClient.get(`/api/experiments/${banner.name}`)).json()).toEqual({ variant: null });
    expect((await memberClient.post(`/api/experiments/${banner.name}/exposure`)).json()).toEqual({ variant: null });

    expect(await auditActions()).toEqual(
      [
        `experiment.create experiment ${banner.name}`,
        `experiment.start experiment ${banner.name}`,
        `experiment.stop experiment ${banner.name}`,
      ].sort(),
    );
    const [audit] = await app.db
      .select()
      .from(schema.adminAuditLog)
      .where(and(eq(schema.adminAuditLog.action, "experiment.create")));
    expect(audit).toMatchObject({ actorEmail: admin.email, details: { id: experiment.id, conversion_event: "checkout_start" } });
  });

  test("results against seeded exposures and events: rates, Wilson intervals, the z-test, and the stop time", async () => {
    const [row] = await app.db
      .insert(schema.experiments)
      .values({
        name: "seeded-results",
        variants: [
          { name: "a", weight: 1 },
          { name: "b", weight: 1 },
        ],
        conversionEvent: "journal_save",
        status: "stopped",
        startedAt: new Date(Date.now() - 60 * MINUTE),
        stoppedAt: new Date(Date.now() - 10 * MINUTE),
      })
      .returning();
    const exposedAt = new Date(Date.now() - 50 * MINUTE);
    // a: 100 exposed, 10 converted; b: 100 exposed, 25 converted. Also members whose events must not count.
    const seed = async (variant: string, converted: boolean, extra?: "before" | "after-stop" | "other-action") => {
      const id = randomUUID();
      await app.db.insert(schema.users).values({ id, name: "Seeded", email: uniqueEmail("ab") });
      await app.db.insert(schema.experimentExposures).values({ experimentId: row!.id, userId: id, variant, exposedAt });
      if (converted) {
        await app.db
          .insert(schema.activityEvents)
          .values({ userId: id, actionType: "journal_save", createdAt: new Date(Date.now() - 30 * MINUTE) });
      }
      if (extra) {
        const at = {
          before: new Date(Date.now() - 55 * MINUTE),
          "after-stop": new Date(Date.now() - 5 * MINUTE),
          "other-action": new Date(Date.now() - 30 * MINUTE),
        }[extra];
        await app.db
          .insert(schema.activityEvents)
          .values({ userId: id, actionType: extra === "other-action" ? "check_in" : "journal_save", createdAt: at });
      }
    };
    for (let i = 0; i < 100; i++) await seed("a", i < 10, i === 50 ? "before" : i === 51 ? "after-stop" : undefined);
    for (let i = 0; i < 100; i++) await seed("b", i < 25, i === 60 ? "other-action" : undefined);

    const page = (await admin.client.get("/api/admin/experiments")).json() as AdminPage<AdminExperiment>;
    expect(page).toMatchObject({ page: 1, page_size: 25, total: 2 });
    const seeded = page.items.find((e) => e.name === "seeded-results")!;
    const [a, b] = seeded.results;
    expect(a).toMatchObject({ variant: "a", exposed: 100, converted: 10, rate: 0.1, p_value: null });
    expect(a!.ci_low).toBeCloseTo(0.0552, 4);
    expect(a!.ci_high).toBeCloseTo(0.1744, 4);
    expect(b).toMatchObject({ variant: "b", exposed: 100, converted: 25, rate: 0.25 });
    expect(b!.p_value).toBeCloseTo(0.00525, 4);

    const csv = await admin.client.get("/api/admin/experiments?format=csv");
    expect(csv.headers["content-disposition"]).toMatch(/^attachment; filename="experiments-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.text).toContain("seeded-results,stopped,journal_save,b,1,100,25,0.25,");
  });
});
