import { Hono } from "hono";
import type { AppContext, AppEnv } from "./context";
import { healthChecks } from "./modules/health/routes";

/** What a worker answers for anything but its health checks. */
export const WORKER_ONLY_MESSAGE =
  "This server works Shepherd's background jobs only (SERVER_ROLE=worker); it answers its health checks alone.";

/**
 * The HTTP app of a worker (SERVER_ROLE=worker, main.ts): GET /api/health and /api/health/ready, so an orchestrator
 * can check it on PORT like any server, and 404 for everything else (no site, no API, no event streams or sockets).
 */
export function createWorkerApp(ctx: AppContext) {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set("requestId", crypto.randomUUID());
    c.set("getUser", async () => null);
    await next();
    c.header("cache-control", "no-store");
  });
  app.route("/api", healthChecks(ctx));
  app.all("*", (c) => c.json({ error: { code: "NOT_FOUND", message: WORKER_ONLY_MESSAGE } }, 404));
  return app;
}
