import { Hono } from "hono";
import type { SiteInfo } from "@shepherd/shared";
import type { AppContext, AppEnv } from "../../context";

/** The health checks alone: GET /health (liveness) and /health/ready (readiness). A worker serves only these. */
export function healthChecks(ctx: AppContext) {
  return (
    new Hono<AppEnv>()
      // Liveness: the process answers, and has reached its database within HEALTH_DATABASE_DOWN_SECONDS (a number the
      // background check keeps, db/outage.ts: no query here). Cheap enough for a load balancer to call often.
      .get("/health", (c) => {
        if (ctx.databaseContact.unreachableForMs() > ctx.config.healthDatabaseDownMs) {
          return c.json({ status: "unavailable", database: "unreachable" }, 503);
        }
        return c.json({ status: "ok" });
      })
      // Readiness: the database answers now, within DATABASE_CONNECT_TIMEOUT_SECONDS (for a new connection and the
      // query each).
      .get("/health/ready", async (c) => {
        try {
          // node-postgres takes a query's own query_timeout (its types do not say so).
          const probe = { text: "select 1", query_timeout: ctx.config.databaseTimeouts.connectMs };
          await ctx.pool.query(probe);
          ctx.databaseContact.reached();
          return c.json({ status: "ok", database: "ok" });
        } catch (error) {
          ctx.log.error({ err: error }, "readiness check: database unreachable");
          return c.json({ status: "unavailable", database: "unreachable" }, 503);
        }
      })
  );
}

export function healthRoutes(ctx: AppContext) {
  return (
    new Hono<AppEnv>()
      .route("/", healthChecks(ctx))
      // Public: who runs this service, for the Terms and the Privacy Policy (configuration, never a secret).
      .get("/site", (c) =>
        c.json({
          operator_name: ctx.config.operator.name ?? null,
          contact_email: ctx.config.operator.email ?? null,
          jurisdiction: ctx.config.operator.jurisdiction ?? null,
        } satisfies SiteInfo),
      )
  );
}
