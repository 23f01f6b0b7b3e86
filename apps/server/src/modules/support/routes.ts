import { Hono } from "hono";
import { supportMessageInput, supportRequestInput } from "@shepherd/shared";
import { requireUser } from "../../auth/middleware";
import type { AppContext, AppEnv } from "../../context";
import { readJson, UUID_PARAM } from "../../http/validate";
import { addOwnMessage, listOwnRequests, openRequest } from "./service";

/** A member's support requests (Settings' "Contact support"). */
export function supportRoutes(ctx: AppContext) {
  return new Hono<AppEnv>()
    .get("/support/requests", async (c) => {
      const user = await requireUser(c);
      return c.json(await listOwnRequests(ctx.db, user.id));
    })
    .post("/support/requests", async (c) => {
      const user = await requireUser(c);
      const input = await readJson(c, supportRequestInput);
      return c.json(await openRequest(ctx.db, { userId: user.id, input }), 201);
    })
    .post(`/support/requests/:id${UUID_PARAM}/messages`, async (c) => {
      const user = await requireUser(c);
      const { body } = await readJson(c, supportMessageInput);
      return c.json(await addOwnMessage(ctx.db, { userId: user.id, requestId: c.req.param("id"), body }), 201);
    });
}
