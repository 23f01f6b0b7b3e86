import { Hono } from "hono";
import { requireUser } from "../../auth/middleware";
import type { AppContext, AppEnv } from "../../context";
import { UUID_PARAM } from "../../http/validate";
import { deleteNotification, listNotifications, markAllNotificationsRead, markNotificationRead } from "./service";

export function notificationRoutes(ctx: AppContext) {
  return new Hono<AppEnv>()
    .get("/notifications", async (c) => {
      const user = await requireUser(c);
      return c.json(await listNotifications(ctx.db, user.id));
    })
    .post("/notifications/read-all", async (c) => {
      const user = await requireUser(c);
      return c.json(await markAllNotificationsRead(ctx.db, user.id));
    })
    .post(`/notifications/:id${UUID_PARAM}/read`, async (c) => {
      const user = await requireUser(c);
      await markNotificationRead(ctx.db, { userId: user.id, notificationId: c.req.param("id") });
      return c.json({ read: true });
    })
    .delete(`/notifications/:id${UUID_PARAM}`, async (c) => {
      const user = await requireUser(c);
      await deleteNotification(ctx.db, { userId: user.id, notificationId: c.req.param("id") });
      return c.json({ deleted: true });
    });
}
