import { Hono } from "hono";
import { z } from "zod";
import { requireUser } from "../../auth/middleware";
import type { AppContext, AppEnv } from "../../context";
import { AppError } from "../../errors";
import { readJson } from "../../http/validate";
import {
  allowedEndpoint,
  getReminderSettings,
  sendTestReminder,
  subscribePush,
  unsubscribePush,
  updateReminderSettings,
} from "./service";

const settingsInput = z
  .object({
    enabled: z.boolean(),
    time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Choose a time of day such as 07:30 (24 hours, HH:MM)."),
    weekdays: z
      .array(z.number().int().min(0, "Days are 0 (Sunday) to 6 (Saturday).").max(6, "Days are 0 (Sunday) to 6 (Saturday)."))
      .min(1, "Choose at least one day of the week.")
      .max(7, "There are only seven days in a week."),
    push: z.boolean(),
    email: z.boolean(),
    mention_push: z.boolean(),
  })
  .partial()
  .strict();

/** The browser's keys, URL-safe base64: a 65-byte P-256 point and a 16-byte secret. */
const base64url = (name: string, min: number, max: number) =>
  z
    .string()
    .min(min, `${name} is too short for a browser's push key.`)
    .max(max, `${name} is too long for a browser's push key.`)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${name} must be URL-safe base64, as the browser's PushSubscription gives it.`);

const subscriptionInput = z
  .object({
    endpoint: z.string().max(2000, "The push endpoint is too long.").url("The push endpoint must be a URL."),
    keys: z.object({ p256dh: base64url("keys.p256dh", 80, 100), auth: base64url("keys.auth", 16, 32) }).strip(),
    expirationTime: z.number().nullable().optional(),
  })
  .strict();

const endpointInput = z.object({ endpoint: z.string().min(1, "Name the push endpoint to remove.").max(2000) }).strict();

/** Issue 18, Reminders: the member's daily reminder and the browsers that receive his pushes. */
export function reminderRoutes(ctx: AppContext) {
  const deps = () => ({
    db: ctx.db,
    log: ctx.log,
    push: ctx.push,
    mail: ctx.mail,
    texts: ctx.reminderTexts,
    appUrl: ctx.config.publicUrl ?? ctx.baseUrl,
  });
  return new Hono<AppEnv>()
    .get("/reminders", async (c) => {
      const user = await requireUser(c);
      return c.json(await getReminderSettings(ctx.db, user.id));
    })
    .patch("/reminders", async (c) => {
      const user = await requireUser(c);
      const input = await readJson(c, settingsInput);
      return c.json(await updateReminderSettings(ctx.db, user.id, input));
    })
    .post("/reminders/test", async (c) => {
      const user = await requireUser(c);
      return c.json(await sendTestReminder(deps(), user.id));
    })
    .get("/push/public-key", async (c) => {
      await requireUser(c);
      return c.json({ public_key: ctx.push.publicKey });
    })
    .post("/push/subscriptions", async (c) => {
      const user = await requireUser(c);
      const input = await readJson(c, subscriptionInput);
      if (!allowedEndpoint(input.endpoint, ctx.config.env === "production")) {
        throw new AppError("BAD_REQUEST", "The push endpoint must be an https:// address from the browser's push service.");
      }
      return c.json(await subscribePush(ctx.db, user.id, { ...input, userAgent: c.req.header("user-agent") }), 201);
    })
    .post("/push/subscriptions/remove", async (c) => {
      const user = await requireUser(c);
      const { endpoint } = await readJson(c, endpointInput);
      return c.json(await unsubscribePush(ctx.db, user.id, endpoint));
    });
}
