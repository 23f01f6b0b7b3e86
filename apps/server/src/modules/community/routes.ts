import { Hono } from "hono";
import { reportInput } from "@shepherd/shared";
import { requireUser } from "../../auth/middleware";
import type { AppContext, AppEnv } from "../../context";
import { readJson } from "../../http/validate";
import { reportContent } from "./reports";

export function communityRoutes(ctx: AppContext) {
  return new Hono<AppEnv>().post("/reports", async (c) => {
    const user = await requireUser(c);
    const input = await readJson(c, reportInput);
    return c.json(
      await reportContent(ctx.db, {
        userId: user.id,
        targetType: input.target_type,
        targetId: input.target_id,
        reason: input.reason,
      }),
      201,
    );
  });
}
