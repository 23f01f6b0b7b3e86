import { Hono } from "hono";
import { trackActivityInput } from "@shepherd/shared";
import { requireUser } from "../../auth/middleware";
import type { AppContext, AppEnv } from "../../context";
import { readJson } from "../../http/validate";
import { recordActivity } from "./service";

/** Spec section 7: track-user-activity. */
export function activityRoutes(ctx: AppContext) {
  return new Hono<AppEnv>().post("/functions/track-user-activity", async (c) => {
    const user = await requireUser(c);
    const input = await readJson(c, trackActivityInput);
    await recordActivity(ctx.db, { userId: user.id, ...input });
    return c.json({ ok: true }, 201);
  });
}
