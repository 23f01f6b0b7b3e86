import { Hono } from "hono";
import { requireUser } from "../../auth/middleware";
import type { AppContext, AppEnv } from "../../context";
import { getSubscription } from "./service";

export function subscriptionRoutes(ctx: AppContext) {
  return new Hono<AppEnv>().get("/subscription", async (c) => {
    const user = requireUser(c);
    return c.json(await getSubscription(ctx.db, user.id));
  });
}
