import { Hono } from "hono";
import { checkAccessInput } from "@shepherd/shared";
import { requireUser } from "../../auth/middleware";
import type { AppContext, AppEnv } from "../../context";
import { readJson } from "../../http/validate";
import { checkAccess, usageSummary } from "./service";

export function accessRoutes(ctx: AppContext) {
  return (
    new Hono<AppEnv>()
      // The spec's access check as a function: may I use this feature now? Reads only; features count use themselves.
      .post("/functions/check-access", async (c) => {
        const user = await requireUser(c);
        const { feature } = await readJson(c, checkAccessInput);
        return c.json(await checkAccess(ctx.db, { userId: user.id, feature }));
      })
      .get("/usage", async (c) => {
        const user = await requireUser(c);
        return c.json(await usageSummary(ctx.db, { userId: user.id }));
      })
  );
}
