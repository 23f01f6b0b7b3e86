// Long because the access check is one rule table (spec sections 6 and 9): every feature's free and Premium answer,
// its failures, each monthly cap and the usage warnings, checked against one app and one clock.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { monthKey } from "@shepherd/shared";
import { schema } from "../src/db/client";
import { AppError } from "../src/errors";
import { checkAccess, usageSummary, withAccess } from "../src/modules/access/service";
import { startTestApp, type TestApp } from "./helpers/app";
import { newPerson, newPremiumPerson } from "./helpers/auth";
import type { TestClient } from "./helpers/http-client";

const PREMIUM_ONLY = "This feature is only available for Premium members...";
const JOURNAL_LIMIT = "You've reached your monthly limit of 10 journal entries. Upgrade to Premium for unlimited access.";
const AUDIO_WARNING = "You've reached your monthly limit of 5 audio generations. Upgrade to Premium for unlimited access.";
const CAPPED = ["devotional", "insight", "audio", "journal", "image", "gathering_content"] as const;
const ALL_FEATURES = [...CAPPED, "series_creation", "custom_plan"] as const;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const person = () => newPerson(app);

const premiumPerson = () => newPremiumPerson(app);

function checkAccessOver(client: TestClient, feature: string) {
  return client.post("/api/functions/check-access", { feature });
}

/** Counts `n` uses of a feature for this month (or the month of `now`). */
async function use(userId: string, feature: string, n: number, options: { now?: Date; tokens?: number } = {}) {
  for (let i = 0; i < n; i++) await withAccess(app.db, { userId, feature, ...options }, async () => undefined);
}

async function usageRows(userId: string) {
  return app.db.select().from(schema.monthlyUsageLimits).where(eq(schema.monthlyUsageLimits.userId, userId));
}

async function aiUsageRows(userId: string) {
  return app.db.select().from(schema.aiUsage).where(eq(schema.aiUsage.userId, userId));
}

/** Runs `run` while a table or view of this file's own database has another name, then puts it back. */
async function whileRenamed(kind: "TABLE" | "VIEW", name: string, run: () => Promise<void>) {
  await app.db.execute(sql.raw(`ALTER ${kind} "${name}" RENAME TO "${name}_gone"`));
  try {
    await run();
  } finally {
    await app.db.execute(sql.raw(`ALTER ${kind} "${name}_gone" RENAME TO "${name}"`));
  }
}

describe("free and premium access", () => {
  test("a free person is refused the premium-only features with the spec's message", async () => {
    const { client, id } = await person();
    for (const feature of ["gathering_content", "series_creation", "custom_plan"]) {
      const response = await checkAccessOver(client, feature);
      expect(response.status).toBe(200);
      expect(response.json()).toMatchObject({ allowed: false, feature, reason: "premium_only", message: PREMIUM_ONLY });

      // Counting a use is refused the same way, as 403 PREMIUM_REQUIRED, and counts nothing.
      const refused = await withAccess(app.db, { userId: id, feature }, async () => "made").catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({ code: "PREMIUM_REQUIRED", status: 403, message: PREMIUM_ONLY });
    }
    expect(await aiUsageRows(id)).toEqual([]);
  });

  test("a free person may use the capped features within their caps", async () => {
    const { client } = await person();
    const journal = await checkAccessOver(client, "journal");
    expect(journal.json()).toEqual({
      allowed: true,
      feature: "journal",
      usage: { feature: "journal", used: 0, limit: 10, warning: null },
    });
    for (const feature of ["devotional", "insight", "audio"]) {
      expect((await checkAccessOver(client, feature)).json()).toMatchObject({ allowed: true });
    }
    // Images have a free cap of 0: refused, without a "limit of 0" warning in the usage summary.
    expect((await checkAccessOver(client, "image")).json()).toMatchObject({
      allowed: false,
      reason: "limit_reached",
      message: "You've reached your monthly limit of 0 image generations. Upgrade to Premium for unlimited access.",
      usage: { feature: "image", used: 0, limit: 0, warning: null },
    });
  });

  test("a premium person may use everything, without limits or warnings", async () => {
    const { client, id } = await premiumPerson();
    for (const feature of ALL_FEATURES) {
      const response = await checkAccessOver(client, feature);
      expect(response.status).toBe(200);
      expect(response.json(), feature).toMatchObject({ allowed: true, feature });
    }
    await use(id, "journal", 12);
    await use(id, "devotional", 3);
    await use(id, "custom_plan", 1);
    await use(id, "gathering_content", 1);

    const usage = await client.get("/api/usage");
    expect(usage.status).toBe(200);
    const body = usage.json();
    expect(body.is_premium).toBe(true);
    expect(body.month).toBe(monthKey());
    expect(body.features).toHaveLength(CAPPED.length);
    for (const feature of body.features) {
      expect(feature.limit, feature.feature).toBeNull();
      expect(feature.warning, feature.feature).toBeNull();
    }
    expect(body.features).toContainEqual({ feature: "journal", used: 12, limit: null, warning: null });
    expect(body.features).toContainEqual({ feature: "devotional", used: 3, limit: null, warning: null });
    expect(body.features).toContainEqual({ feature: "gathering_content", used: 1, limit: null, warning: null });
  });

  test("a premium person through the local checkout is allowed what a free person is not", async () => {
    const { client } = await person();
    expect((await checkAccessOver(client, "custom_plan")).json()).toMatchObject({ allowed: false });
    const { url } = (await client.post("/api/subscription/checkout", { plan: "premium_monthly" })).json();
    expect((await client.post(`${url}/complete`)).status).toBe(303);
    expect((await checkAccessOver(client, "custom_plan")).json()).toMatchObject({ allowed: true });
    expect((await client.get("/api/usage")).json()).toMatchObject({ is_premium: true });
  });

  test("the check needs a signed-in person and a feature name", async () => {
    expect((await checkAccessOver(app.client(), "journal")).status).toBe(401);
    expect((await app.client().get("/api/usage")).status).toBe(401);
    const { client } = await person();
    const missing = await client.post("/api/functions/check-access", {});
    expect(missing.status).toBe(400);
    expect(missing.json().error.message).toBe("feature: Name the feature to check");
  });
});

describe("access-check failures (spec section 6)", () => {
  test("an unknown feature: 400 Unknown feature type", async () => {
    const { client, id } = await person();
    const response = await checkAccessOver(client, "teleport");
    expect(response.status).toBe(400);
    expect(response.json().error).toMatchObject({ code: "BAD_REQUEST", message: "Unknown feature type" });
    await expect(withAccess(app.db, { userId: id, feature: "teleport" }, async () => 1)).rejects.toMatchObject({
      status: 400,
      message: "Unknown feature type",
    });
    expect(await usageRows(id)).toEqual([]);
  });

  test("the subscription cannot be read: 503 Unable to verify subscription status", async () => {
    const { client, id } = await person();
    await whileRenamed("VIEW", "user_subscription_view", async () => {
      for (const response of [await checkAccessOver(client, "journal"), await client.get("/api/usage")]) {
        expect(response.status).toBe(503);
        expect(response.json().error).toMatchObject({ code: "UNAVAILABLE", message: "Unable to verify subscription status" });
      }
      await expect(withAccess(app.db, { userId: id, feature: "journal" }, async () => 1)).rejects.toMatchObject({
        status: 503,
        message: "Unable to verify subscription status",
      });
    });
    // Back to normal once the view is there again, and the failed attempt counted nothing.
    expect((await checkAccessOver(client, "journal")).json()).toMatchObject({ allowed: true, usage: { used: 0 } });
  });

  test("the usage cannot be read: 503 Unable to verify usage limits", async () => {
    const { client, id } = await person();
    await whileRenamed("TABLE", "monthly_usage_limits", async () => {
      for (const response of [await checkAccessOver(client, "audio"), await client.get("/api/usage")]) {
        expect(response.status).toBe(503);
        expect(response.json().error).toMatchObject({ code: "UNAVAILABLE", message: "Unable to verify usage limits" });
      }
      await expect(withAccess(app.db, { userId: id, feature: "audio" }, async () => 1)).rejects.toMatchObject({
        status: 503,
        message: "Unable to verify usage limits",
      });
      // A premium-only feature needs no usage to be refused.
      expect((await checkAccessOver(client, "series_creation")).json()).toMatchObject({ allowed: false, message: PREMIUM_ONLY });
    });
    expect(await aiUsageRows(id)).toEqual([]);
    expect((await checkAccessOver(client, "audio")).status).toBe(200);
  });

  test("any other failure: 500 An error occurred while checking access, and nothing is counted", async () => {
    const { client, id } = await person();
    await use(id, "journal", 2);
    let ran = false;
    await whileRenamed("TABLE", "ai_usage", async () => {
      const error = await withAccess(app.db, { userId: id, feature: "journal", tokens: 50 }, async () => {
        ran = true;
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: "INTERNAL", status: 500, message: "An error occurred while checking access" });
    });
    expect(ran).toBe(false);
    const [row] = await usageRows(id);
    expect(row).toMatchObject({ journalEntries: 2, totalTokensUsed: 0 });
    expect((await checkAccessOver(client, "journal")).json()).toMatchObject({ allowed: true, usage: { used: 2 } });
  });
});

describe("monthly caps", () => {
  test("the 10th journal entry passes and the 11th is refused with 429 LIMIT_REACHED", async () => {
    const { client, id } = await person();
    let tokens = 0;
    for (let i = 1; i <= 10; i++) {
      const { result, access } = await withAccess(app.db, { userId: id, feature: "journal", tokens: 100 + i }, async () => i);
      tokens += 100 + i;
      expect(result).toBe(i);
      expect(access).toMatchObject({ allowed: true, usage: { feature: "journal", used: i, limit: 10 } });
    }
    const refused = await withAccess(app.db, { userId: id, feature: "journal", tokens: 500 }, async () => "written").catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: "LIMIT_REACHED", status: 429, message: JOURNAL_LIMIT });

    const [row] = await usageRows(id);
    expect(row).toMatchObject({ month: monthKey(), journalEntries: 10, totalTokensUsed: tokens });
    const calls = await aiUsageRows(id);
    expect(calls).toHaveLength(10);
    expect(calls.every((c) => c.featureType === "journal")).toBe(true);
    expect(calls.map((c) => c.tokensUsed).sort((a, b) => a - b)).toEqual([101, 102, 103, 104, 105, 106, 107, 108, 109, 110]);

    expect((await checkAccessOver(client, "journal")).json()).toEqual({
      allowed: false,
      feature: "journal",
      reason: "limit_reached",
      message: JOURNAL_LIMIT,
      usage: { feature: "journal", used: 10, limit: 10, warning: JOURNAL_LIMIT },
    });
    // Other features keep their own counts.
    expect((await checkAccessOver(client, "audio")).json()).toMatchObject({ allowed: true, usage: { used: 0 } });
  });

  test("work runs inside the same transaction as the count", async () => {
    const { id } = await person();
    await use(id, "journal", 1);
    const { result } = await withAccess(app.db, { userId: id, feature: "journal" }, async (tx) => {
      const [inside] = await tx.select().from(schema.monthlyUsageLimits).where(eq(schema.monthlyUsageLimits.userId, id));
      const [outside] = await usageRows(id);
      return { inside: inside!.journalEntries, outside: outside!.journalEntries };
    });
    // The work sees its own use counted; another connection does not until it commits.
    expect(result).toEqual({ inside: 2, outside: 1 });
    expect((await usageRows(id))[0]!.journalEntries).toBe(2);
  });

  test("when work fails its error reaches the caller and the count does not go up", async () => {
    const { id } = await person();
    await use(id, "journal", 3, { tokens: 10 });

    const tooLong = new AppError("BAD_REQUEST", "Journal entry too long");
    await expect(
      withAccess(app.db, { userId: id, feature: "journal", tokens: 99 }, async (tx) => {
        await tx.insert(schema.aiUsage).values({ userId: id, featureType: "marker", tokensUsed: 1 });
        throw tooLong;
      }),
    ).rejects.toBe(tooLong);

    const providerDown = new Error("the AI provider timed out");
    await expect(withAccess(app.db, { userId: id, feature: "journal" }, async () => Promise.reject(providerDown))).rejects.toBe(
      providerDown,
    );

    const [row] = await usageRows(id);
    expect(row).toMatchObject({ journalEntries: 3, totalTokensUsed: 30 });
    const calls = await aiUsageRows(id);
    expect(calls).toHaveLength(3);
    expect(calls.some((c) => c.featureType === "marker")).toBe(false);
  });

  test("two parallel uses against a cap of 1: exactly one passes", async () => {
    for (let round = 0; round < 5; round++) {
      const { id } = await person();
      // Odd rounds: this month's usage row exists already; even rounds: both calls race to create it.
      if (round % 2 === 1) await use(id, "journal", 1);
      let ran = 0;
      const attempt = () =>
        withAccess(app.db, { userId: id, feature: "devotional", tokens: 7 }, async () => {
          ran += 1;
          await new Promise((resolve) => setTimeout(resolve, 100));
          return "devotional";
        });
      const outcomes = await Promise.allSettled([attempt(), attempt()]);
      const passed = outcomes.filter((o) => o.status === "fulfilled");
      const refused = outcomes.filter((o) => o.status === "rejected");
      expect(passed, `round ${round}`).toHaveLength(1);
      expect(refused).toHaveLength(1);
      expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({
        code: "LIMIT_REACHED",
        message: "You've reached your monthly limit of 1 devotionals. Upgrade to Premium for unlimited access.",
      });
      expect(ran).toBe(1);
      const rows = await usageRows(id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ devotionalGenerations: 1, totalTokensUsed: 7 });
      expect((await aiUsageRows(id)).filter((c) => c.featureType === "devotional")).toHaveLength(1);
    }
  });

  test("parallel uses at the journal cap: only the 10th passes", async () => {
    const { id } = await person();
    await use(id, "journal", 9);
    const outcomes = await Promise.allSettled(
      [1, 2, 3].map(() =>
        withAccess(app.db, { userId: id, feature: "journal" }, async () => {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }),
      ),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    expect((await usageRows(id))[0]!.journalEntries).toBe(10);
  });
});

describe("usage warnings and months", () => {
  const featureOf = (body: { features: { feature: string }[] }, feature: string) =>
    body.features.find((f) => f.feature === feature);

  test("GET /api/usage warns at 80% of the usage-warning table and not below", async () => {
    const { client, id } = await person();
    const usage = async () => {
      const response = await client.get("/api/usage");
      expect(response.status).toBe(200);
      return response.json();
    };
    const empty = await usage();
    expect(empty).toEqual({
      month: monthKey(),
      is_premium: false,
      features: [
        { feature: "devotional", used: 0, limit: 1, warning: null },
        { feature: "insight", used: 0, limit: 1, warning: null },
        { feature: "audio", used: 0, limit: 5, warning: null },
        { feature: "journal", used: 0, limit: 10, warning: null },
        { feature: "image", used: 0, limit: 0, warning: null },
        { feature: "gathering_content", used: 0, limit: 0, warning: null },
      ],
    });

    await use(id, "audio", 3);
    await use(id, "journal", 7);
    expect(featureOf(await usage(), "audio")).toEqual({ feature: "audio", used: 3, limit: 5, warning: null });
    expect(featureOf(await usage(), "journal")).toEqual({ feature: "journal", used: 7, limit: 10, warning: null });

    await use(id, "audio", 1);
    await use(id, "journal", 1);
    const warned = await usage();
    expect(featureOf(warned, "audio")).toEqual({ feature: "audio", used: 4, limit: 5, warning: AUDIO_WARNING });
    expect(featureOf(warned, "journal")).toEqual({
      feature: "journal",
      used: 8,
      limit: 10,
      warning: "You've reached your monthly limit of 10 journal entries. Upgrade to Premium for unlimited access.",
    });

    // Devotionals and insights warn from the usage-warning table (30 and 4): one use is far from 80%.
    await use(id, "devotional", 1);
    await use(id, "insight", 1);
    const after = await usage();
    expect(featureOf(after, "devotional")).toEqual({ feature: "devotional", used: 1, limit: 1, warning: null });
    expect(featureOf(after, "insight")).toEqual({ feature: "insight", used: 1, limit: 1, warning: null });
  });

  test("usage belongs to the month of its first day; a new month starts at 0", async () => {
    const { id } = await person();
    const lastMinuteOfJanuary = new Date("2026-01-31T23:59:00.000Z");
    const firstMomentOfFebruary = new Date("2026-02-01T00:00:00.000Z");

    await withAccess(app.db, { userId: id, feature: "devotional", now: lastMinuteOfJanuary, tokens: 40 }, async () => 1);
    expect(await usageRows(id)).toEqual([expect.objectContaining({ month: "2026-01-01", devotionalGenerations: 1 })]);
    await expect(
      withAccess(app.db, { userId: id, feature: "devotional", now: new Date("2026-01-31T23:59:59.000Z") }, async () => 1),
    ).rejects.toMatchObject({ code: "LIMIT_REACHED" });

    const february = await usageSummary(app.db, { userId: id, now: firstMomentOfFebruary });
    expect(february.month).toBe("2026-02-01");
    expect(february.features.find((f) => f.feature === "devotional")).toMatchObject({ used: 0 });
    expect(await checkAccess(app.db, { userId: id, feature: "devotional", now: firstMomentOfFebruary })).toMatchObject({
      allowed: true,
    });

    await withAccess(app.db, { userId: id, feature: "devotional", now: firstMomentOfFebruary, tokens: 60 }, async () => 1);
    const rows = await usageRows(id);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.month === "2026-01-01")).toMatchObject({ devotionalGenerations: 1, totalTokensUsed: 40 });
    expect(rows.find((r) => r.month === "2026-02-01")).toMatchObject({ devotionalGenerations: 1, totalTokensUsed: 60 });
    expect((await usageSummary(app.db, { userId: id, now: lastMinuteOfJanuary })).month).toBe("2026-01-01");
  });

  test("another person's usage never shows in mine", async () => {
    const a = await person();
    const b = await person();
    await use(a.id, "journal", 9);
    await use(a.id, "audio", 4);

    const mine = (await b.client.get("/api/usage")).json();
    for (const feature of mine.features) expect(feature, feature.feature).toMatchObject({ used: 0, warning: null });
    expect((await checkAccessOver(b.client, "journal")).json()).toMatchObject({ allowed: true, usage: { used: 0 } });
    const { access } = await withAccess(app.db, { userId: b.id, feature: "journal" }, async () => undefined);
    expect(access.usage).toMatchObject({ used: 1 });

    const theirs = (await a.client.get("/api/usage")).json();
    expect(featureOf(theirs, "journal")).toMatchObject({ used: 9 });
    expect(featureOf(theirs, "audio")).toMatchObject({ used: 4, warning: AUDIO_WARNING });
    expect(
      await app.db
        .select()
        .from(schema.monthlyUsageLimits)
        .where(and(eq(schema.monthlyUsageLimits.userId, b.id), eq(schema.monthlyUsageLimits.journalEntries, 1))),
    ).toHaveLength(1);
  });
});
