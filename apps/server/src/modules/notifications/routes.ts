import { Hono } from "hono";
import { requireUser } from "../../auth/middleware";
import type { AppContext, AppEnv } from "../../context";
import { listNotifications } from "./service";

export function notificationRoutes(ctx: AppContext) {
  return new Hono<AppEnv>().get("/notifications", async (c) => {
    const user = await requireUser(c);
    return c.json(await listNotifications(ctx.db, user.id));
  });
}
