import { Hono } from "hono";
import { generateInsightInput, insightListQuery, insightsDataQuery } from "@shepherd/shared";
import { requireUser } from "../../auth/middleware";
import type { AppContext, AppEnv } from "../../context";
import { jsonText } from "../../http/json-text";
import { readJson, readQuery, UUID_PARAM } from "../../http/validate";
import { deleteInsight, generateInsight, getInsight, insightsData, listInsights } from "./service";

export function insightRoutes(ctx: AppContext) {
  return (
    new Hono<AppEnv>()
      // The charts' data: his days of a range (4w, 3m, 1y) and his streak, as PostgreSQL wrote the days (days.ts).
      .get("/insights/data", async (c) => {
        const user = await requireUser(c);
        const { range } = readQuery(c, insightsDataQuery);
        return jsonText(c, await insightsData(ctx.db, { userId: user.id, range, kept: ctx.memberRows }));
      })
      .get("/insights", async (c) => {
        const user = await requireUser(c);
        const { before } = readQuery(c, insightListQuery);
        return c.json(await listInsights(ctx.db, { userId: user.id, before }));
      })
      // Generate insight: counted against the month's insight generations (429 with the spec's sentence at the cap).
      .post("/insights", async (c) => {
        const user = await requireUser(c);
        const { period } = await readJson(c, generateInsightInput);
        return c.json(await generateInsight(ctx.db, ctx.ai, { userId: user.id, period }), 201);
      })
      .get(`/insights/:id${UUID_PARAM}`, async (c) => {
        const user = await requireUser(c);
        return c.json(await getInsight(ctx.db, { userId: user.id, insightId: c.req.param("id") }));
      })
      .delete(`/insights/:id${UUID_PARAM}`, async (c) => {
        const user = await requireUser(c);
        await deleteInsight(ctx.db, { userId: user.id, insightId: c.req.param("id") });
        return c.json({ deleted: true });
      })
  );
}
