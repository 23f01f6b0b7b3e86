import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { SiteInfo } from "@shepherd/shared";
import type { AppContext, AppEnv } from "../../context";

export function healthRoutes(ctx: AppContext) {
  return (
    new Hono<AppEnv>()
      // Liveness: the process answers. Cheap enough for a load balancer to call often.
      .get("/health", (c) => c.json({ status: "ok" }))
      // Public: who runs this service, for the Terms and the Privacy Policy (configuration, never a secret).
      .get("/site", (c) =>
        c.json({
          operator_name: ctx.config.operator.name ?? null,
          contact_email: ctx.config.operator.email ?? null,
          jurisdiction: ctx.config.operator.jurisdiction ?? null,
        } satisfies SiteInfo),
      )
      // Readiness: the database answers too.
      .get("/health/ready", async (c) => {
        try {
          await ctx.db.execute(sql`select 1`);
          return c.json({ status: "ok", database: "ok" });
        } catch (error) {
          ctx.log.error({ err: error }, "readiness check: database unreachable");
          return c.json({ status: "unavailable", database: "unreachable" }, 503);
        }
      })
  );
}
