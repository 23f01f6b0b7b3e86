import { Hono } from "hono";
import { encouragementInput } from "@shepherd/shared";
import { requireUser } from "../../auth/middleware";
import type { AppContext, AppEnv } from "../../context";
import { readJson, UUID_PARAM } from "../../http/validate";
import { generateEncouragement, listWhispers, markWhisperRead, newestUnreadWhisper } from "./service";

export function whisperRoutes(ctx: AppContext) {
  return (
    new Hono<AppEnv>()
      .get("/whispers", async (c) => {
        const user = await requireUser(c);
        return c.json({ whispers: await listWhispers(ctx.db, user.id) });
      })
      .get("/whispers/latest-unread", async (c) => {
        const user = await requireUser(c);
        return c.json({ whisper: await newestUnreadWhisper(ctx.db, user.id) });
      })
      .post(`/whispers/:id${UUID_PARAM}/read`, async (c) => {
        const user = await requireUser(c);
        return c.json(await markWhisperRead(ctx.db, { userId: user.id, whisperId: c.req.param("id") }));
      })
      // Spec section 7: generate-encouragement {triggerType, contextData}. The app triggers whispers itself on the
      // section 9 events; this is the same function for callers that want one.
      .post("/functions/generate-encouragement", async (c) => {
        const user = await requireUser(c);
        const input = await readJson(c, encouragementInput);
        const whisper = await generateEncouragement(ctx.db, ctx.ai, {
          userId: user.id,
          triggerType: input.triggerType,
          context: input.contextData,
        });
        return c.json({ whisper, care: whisper === null });
      })
  );
}
