import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { requireUser } from "../auth/middleware";
import type { AppContext, AppEnv } from "../context";

/** How long a browser waits before reconnecting a dropped stream (the SSE `retry:` field). */
export const REALTIME_RETRY_MS = 3_000;
/** A comment line this often keeps proxies and load balancers from closing an idle stream (most cut at 30-60 s). */
export const REALTIME_HEARTBEAT_MS = 25_000;

/** GET /api/realtime: server-sent events for the signed-in user (`event: notifications` when his notifications change). */
export function realtimeRoutes(ctx: AppContext) {
  return new Hono<AppEnv>().get("/realtime", async (c) => {
    const user = await requireUser(c);
    // Proxies such as nginx would otherwise hold events back in their buffer.
    c.header("X-Accel-Buffering", "no");
    const response = streamSSE(c, async (stream) => {
      let finish!: () => void;
      const finished = new Promise<void>((resolve) => (finish = resolve));
      // One write at a time, in order; a write to a closed stream resolves (Hono swallows it), so the chain never stalls.
      let writes = Promise.resolve();
      const send = (text: string) => {
        writes = writes.then(async () => {
          await stream.write(text);
        });
      };
      const subscription = ctx.realtime.subscribe(
        user.id,
        (event) => send(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`),
        finish,
      );
      stream.onAbort(finish);
      const heartbeat = setInterval(() => send(": heartbeat\n\n"), REALTIME_HEARTBEAT_MS);
      // The first bytes send the headers at once; when the client reads them, the subscription is in place and counted
      // against his cap (his oldest beyond it closed, in whichever process holds them).
      await subscription.counted;
      send(`retry: ${REALTIME_RETRY_MS}\n: connected\n\n`);
      try {
        await finished;
      } finally {
        clearInterval(heartbeat);
        subscription.unsubscribe();
      }
      await writes;
    });
    // An event stream is never reused for another request: close the connection when it ends, so a graceful
    // shutdown that ends the streams is not held open by their idle keep-alive sockets.
    response.headers.set("connection", "close");
    return response;
  });
}
