import { Hono } from "hono";
import { deleteAccountInput } from "@shepherd/shared";
import { expireSessionCookies, requireUser } from "../../auth/middleware";
import type { AppContext, AppEnv } from "../../context";
import { readJson } from "../../http/validate";
import { deleteAccount, exportAccount } from "./service";

export function accountRoutes(ctx: AppContext) {
  return new Hono<AppEnv>()
    .get("/account/export", async (c) => {
      const user = await requireUser(c);
      const data = await exportAccount(ctx.db, user.id);
      const day = new Date().toISOString().slice(0, 10);
      c.header("content-disposition", `attachment; filename="shepherd-data-${day}.json"`);
      c.header("cache-control", "no-store");
      return c.json(data);
    })
    .delete("/account", async (c) => {
      const user = await requireUser(c);
      await readJson(c, deleteAccountInput);
      await deleteAccount(ctx.db, ctx.storage, ctx.billing, user.id);
      ctx.sessions.forgetUser(user.id);
      ctx.log.info({ userId: user.id }, "account deleted at the user's request");
      // The session cookie cache would otherwise keep this device "signed in" for its lifetime.
      expireSessionCookies(c, ctx);
      return c.json({ deleted: true });
    });
}
