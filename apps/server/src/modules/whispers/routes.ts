import { Hono } from "hono";
import { encouragementContexts, encouragementInput, whisperListQuery } from "@shepherd/shared";
import { requireUser } from "../../auth/middleware";
import type { AppContext, AppEnv } from "../../context";
import { readJson, readQuery, UUID_PARAM, validationError } from "../../http/validate";
import { ownDevotional } from "../devotional/service";
import { generateEncouragement, listWhispers, markWhisperRead, newestUnreadWhisper } from "./service";

export function whisperRoutes(ctx: AppContext) {
  return (
    new Hono<AppEnv>()
      .get("/whispers", async (c) => {
        const user = await requireUser(c);
        const { before } = readQuery(c, whisperListQuery);
        return c.json(await listWhispers(ctx.db, { userId: user.id, before }));
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
        // Section 7: each trigger type has its own context fields.
        const parsed = encouragementContexts[input.triggerType].safeParse(input.contextData);
        if (!parsed.success) {
          for (const issue of parsed.error.issues) issue.path.unshift("contextData");
          throw validationError(parsed.error);
        }
        const context: Record<string, unknown> = parsed.data;
        if (typeof context.devotionalId === "string") await ownDevotional(ctx.db, user.id, context.devotionalId);
        const whisper = await generateEncouragement(ctx.db, ctx.ai, {
          userId: user.id,
          triggerType: input.triggerType,
          context,
        });
        return c.json({ whisper, care: whisper === null });
      })
  );
}
