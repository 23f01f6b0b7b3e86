import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context";

export function healthRoutes(_ctx: AppContext) {
  return new Hono<AppEnv>().get("/health", (c) => c.json({ status: "ok" }));
}
