import { Hono } from "hono";
import { welcomeEmailInput } from "@shepherd/shared";
import { requireUser } from "../../auth/middleware";
import type { AppContext, AppEnv } from "../../context";
import { AppError } from "../../errors";
import { readJson } from "../../http/validate";
import { welcomeMail } from "../../providers/mail/templates";

/** Spec section 7: send-welcome-email. Only to the signed-in user's own address, so it cannot be used to send spam. */
export function functionRoutes(ctx: AppContext) {
  return new Hono<AppEnv>().post("/functions/send-welcome-email", async (c) => {
    const user = await requireUser(c);
    const input = await readJson(c, welcomeEmailInput);
    if (input.email.toLowerCase() !== user.email.toLowerCase()) {
      throw new AppError("FORBIDDEN", "The welcome email can only be sent to your own address.");
    }
    const name = input.displayName.trim() || user.name;
    try {
      await ctx.mail.send({ to: user.email, ...welcomeMail({ name, appUrl: ctx.baseUrl }), kind: "welcome" });
    } catch (error) {
      ctx.log.error({ err: error, userId: user.id }, "welcome email failed");
      throw new AppError("INTERNAL", "The welcome email could not be sent.");
    }
    return c.json({ sent: true });
  });
}
