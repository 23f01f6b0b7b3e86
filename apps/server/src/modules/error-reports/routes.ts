import { Hono } from "hono";
import { errorReportInput } from "@shepherd/shared";
import { currentUser } from "../../auth/middleware";
import type { AppContext, AppEnv } from "../../context";
import { clientIp } from "../../http/client-ip";
import { takeRateLimit } from "../../http/rate-limit";
import { readJson } from "../../http/validate";

/** Issue 19: reports per address (signed out too): enough for a real failure, not enough to fill the database. */
const ERROR_REPORT_LIMIT = {
  max: 10,
  windowSeconds: 60,
  message: "Thank you: we have your reports from the last minute. Please wait a minute before sending more.",
};

/** Rendering exceptions from the web app's error screen. Signed-out visitors may report too. */
export function errorReportRoutes(ctx: AppContext) {
  return new Hono<AppEnv>().post("/error-reports", async (c) => {
    const input = await readJson(c, errorReportInput);
    // Counted once the report is one we would store: a malformed one is refused without being counted.
    await takeRateLimit(ctx.db, `error-reports:${clientIp(c, ctx.config.trustProxy)}`, ERROR_REPORT_LIMIT);
    await ctx.errors.report({ ...input, userId: (await currentUser(c))?.id ?? null, requestId: c.get("requestId") });
    return c.json({ received: true }, 201);
  });
}
