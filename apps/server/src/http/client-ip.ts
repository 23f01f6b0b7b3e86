import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/** The client's address: the socket's, or with TRUST_PROXY the first X-Forwarded-For entry a proxy added. */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c as never).remote.address ?? "unknown";
  } catch {
    return "unknown"; // app.request() in tests has no socket
  }
}
