import type { IncomingMessage } from "node:http";
import type { MiddlewareHandler } from "hono";
import { setResponseHeaders } from "./security";

/**
 * Issue 39: a request answered before its body was read (413, 401, 403, 429...) left the rest of the body on its
 * keep-alive connection, and the client's next request on it failed. Before such an answer goes out:
 * - a body of at most DRAIN_MAX_BYTES is read to its end and thrown away, and the connection stays open: reading a
 *   small body the client is sending anyway costs less than a new connection (and a TLS handshake);
 * - a larger one (a 413 over an upload's limit, an endless stream) or one that takes longer than DRAIN_MAX_MS is not
 *   waited for: the answer says `Connection: close`, so the client sends its next request on a new connection and the
 *   rest of the upload is not carried for nothing.
 */
export const DRAIN_MAX_BYTES = 1024 * 1024;
export const DRAIN_MAX_MS = 5_000;

/** Reads the rest of the body and throws it away; false when it is longer than `maxBytes` or slower than `maxMs`. */
function drain(incoming: IncomingMessage, maxBytes: number, maxMs: number): Promise<boolean> {
  if (incoming.readableEnded) return Promise.resolve(true);
  return new Promise((resolve) => {
    let bytes = 0;
    const finish = (drained: boolean) => {
      clearTimeout(timer);
      incoming.off("data", onData);
      incoming.off("end", onEnd);
      incoming.off("close", onClose);
      resolve(drained);
    };
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > maxBytes) finish(false);
      // A body stream the handler opened but stopped reading pauses the request again; keep it flowing.
      else incoming.resume();
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(incoming.readableEnded);
    const timer = setTimeout(() => finish(false), maxMs);
    incoming.on("data", onData);
    incoming.once("end", onEnd);
    incoming.once("close", onClose);
    incoming.resume();
  });
}

/** The outermost middleware: whatever answered, the request's connection is left fit for the next request. */
export function keepConnectionUsable(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    // app.request() in tests has no socket; a request whose body came whole has nothing left on the connection.
    if (!incoming || incoming.complete) return;
    const declared = Number(incoming.headers["content-length"] ?? 0);
    if (declared <= DRAIN_MAX_BYTES && (await drain(incoming, DRAIN_MAX_BYTES, DRAIN_MAX_MS))) return;
    setResponseHeaders(c, [["connection", "close"]]);
  };
}
