import { STATUS_CODES, type IncomingMessage, type Server } from "node:http";
import type { Duplex } from "node:stream";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { WebSocketServer } from "ws";
import { GATHERING_WS_PATH } from "@shepherd/shared";
import { requireUser, userResolver } from "../../auth/middleware";
import type { AppContext, AppEnv } from "../../context";
import { schema } from "../../db/client";
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "../../db/outage";
import { AppError } from "../../errors";
import { requireRoom, type GatheringRow } from "./service";

/** A signaling message is small; an SDP offer with many candidates stays well under this. */
export const SIGNAL_MAX_BYTES = 64 * 1024;

interface Grant {
  userId: string;
  name: string;
  gathering: GatheringRow;
}
type GateEnv = { Bindings: { grant?: Grant }; Variables: AppEnv["Variables"] };

/**
 * The signaling WebSocket, GET /api/gatherings/{roomName}/ws on the app's own server and port. The upgrade request
 * goes through the same user resolution as every API route (the session cookie or a Bearer JWT) and the room rule
 * (access.ts): signed out 401, no such room 404, not a member of its flock 403, ended 410, a page of another site 403.
 * Only then is the socket upgraded and handed to the relay.
 */
export function attachGatherings(server: Server, ctx: AppContext): void {
  const wss = new WebSocketServer({ noServer: true, maxPayload: SIGNAL_MAX_BYTES });
  const trusted = new Set([new URL(ctx.baseUrl).origin, ...ctx.config.trustedOrigins.map((o) => new URL(o).origin)]);
  const installUser = userResolver(ctx);
  const refreshedCookies = new WeakMap<IncomingMessage, string[]>();
  const gate = new Hono<GateEnv>();
  gate.onError((error, c) => {
    if (error instanceof AppError) return c.json({ error: { code: error.code, message: error.message } }, error.status);
    // As the API answers (app.ts): the database is away for a moment, and the room's page tries again.
    if (isDatabaseUnavailable(error)) {
      c.header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
      return c.json({ error: { code: "UNAVAILABLE", message: DATABASE_UNAVAILABLE_MESSAGE } }, 503);
    }
    ctx.log.error({ err: error }, "gatherings: the upgrade check failed");
    return c.json({ error: { code: "INTERNAL", message: "Something went wrong on our side. Please try again." } }, 500);
  });
  gate.get("/api/gatherings/:room/ws", async (c) => {
    // A page of another site must not open a socket with his cookie (browsers always send Origin on a WebSocket).
    const origin = c.req.header("origin");
    if (c.req.header("cookie") && !c.req.header("authorization") && (!origin || !trusted.has(origin))) {
      throw new AppError("FORBIDDEN", "This request did not come from Shepherd. Reload the page and try again.");
    }
    installUser(c as never);
    const user = await requireUser(c);
    const { row } = await requireRoom(ctx.db, { roomName: c.req.param("room"), userId: user.id });
    const [profile] = await ctx.db
      .select({ displayName: schema.profiles.displayName })
      .from(schema.profiles)
      .where(eq(schema.profiles.id, user.id));
    c.env.grant = {
      userId: user.id,
      name: profile?.displayName ?? user.name,
      gathering: row,
    };
    return c.body(null, 204);
  });

  const refuse = (socket: Duplex, status: number, body: string, retryAfter?: string | null) => {
    const wait = retryAfter ? `Retry-After: ${retryAfter}\r\n` : "";
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ""}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\n${wait}Connection: close\r\n\r\n${body}`,
    );
  };

  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on("error", () => socket.destroy());
    const url = new URL(req.url ?? "/", ctx.baseUrl);
    if (!GATHERING_WS_PATH.test(url.pathname)) {
      refuse(socket, 404, JSON.stringify({ error: { code: "NOT_FOUND", message: "There is no such API route." } }));
      return;
    }
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) {
      if (typeof value === "string") headers.set(key, value);
      else if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    }
    const env: GateEnv["Bindings"] = {};
    void (async () => {
      try {
        const response = await gate.fetch(new Request(url, { headers }), env);
        if (!env.grant) {
          refuse(socket, response.status, await response.text(), response.headers.get("retry-after"));
          return;
        }
        const grant = env.grant;
        // A session due for its daily refresh got a new cookie: the upgrade's answer carries it.
        refreshedCookies.set(req, response.headers.getSetCookie());
        wss.handleUpgrade(req, socket, head, (ws) => ctx.gatherings.connect(ws, grant));
      } catch (error) {
        ctx.log.error({ err: error }, "gatherings: an upgrade failed");
        refuse(socket, 500, JSON.stringify({ error: { code: "INTERNAL", message: "Something went wrong on our side." } }));
      }
    })();
  });
  wss.on("headers", (lines, req) => {
    for (const cookie of refreshedCookies.get(req) ?? []) lines.push(`Set-Cookie: ${cookie}`);
  });
}
