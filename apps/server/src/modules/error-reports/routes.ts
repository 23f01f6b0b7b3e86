import { Hono } from "hono";
import { errorReportInput } from "@shepherd/shared";
import { currentUser } from "../../auth/middleware";
import type { AppContext, AppEnv } from "../../context";
import { readJson } from "../../http/validate";

/** Rendering exceptions from the web app's error screen. Signed-out visitors may report too. */
export function errorReportRoutes(ctx: AppContext) {
  return new Hono<AppEnv>().post("/error-reports", async (c) => {
    const input = await readJson(c, errorReportInput);
    await ctx.errors.report({ ...input, userId: (await currentUser(c))?.id ?? null, requestId: c.get("requestId") });
    return c.json({ received: true }, 201);
  });
}
