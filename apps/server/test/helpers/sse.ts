import http from "node:http";

export interface SseEvent {
  event: string;
  data: string;
}

export interface EventStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body so far (the whole body of a non-stream answer such as a 401). */
  text(): string;
  /** Every event received so far, in order. */
  events: SseEvent[];
  /** Comment lines received so far (without the leading colon), e.g. "connected", "heartbeat". */
  comments: string[];
  /** The `retry:` hint, when the server sent one. */
  retryMs: number | null;
  /** The next event not taken yet; rejects with `what` in the message when none arrives in time. */
  take(what: string, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/**
 * Opens GET `path` as a browser's EventSource would (Accept: text/event-stream, the session cookie) and resolves once
 * the answer's first bytes arrived: for our stream that is the `retry:` hint, sent after the subscription is in place.
 */
export function openEventStream(
  baseUrl: string,
  options: { cookie?: string; path?: string; timeoutMs?: number } = {},
): Promise<EventStream> {
  const url = new URL(options.path ?? "/api/realtime", baseUrl);
  // As a browser does: a keep-alive connection (Node's default without an agent would ask to close it).
  const headers: Record<string, string> = { accept: "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" };
  if (options.cookie) headers.cookie = options.cookie;
  const timeoutMs = options.timeoutMs ?? 10_000;

  return new Promise<EventStream>((resolve, reject) => {
    const request = http.request(url, { method: "GET", headers, agent: false });
    const opening = setTimeout(() => request.destroy(new Error(`GET ${url.pathname}: no answer in ${timeoutMs} ms`)), timeoutMs);
    request.on("error", (error) => {
      clearTimeout(opening);
      reject(error);
    });
    request.on("response", (res) => {
      let body = "";
      let pending = "";
      let taken = 0;
      let endedResolve!: () => void;
      const ended = new Promise<void>((r) => (endedResolve = r));
      const waiters = new Set<() => void>();
      const stream: EventStream = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        text: () => body,
        events: [],
        comments: [],
        retryMs: null,
        ended,
        close: () => request.destroy(),
        take(what, waitMs = 10_000) {
          return new Promise<SseEvent>((resolveTake, rejectTake) => {
            const check = () => {
              if (taken < stream.events.length) {
                done();
                resolveTake(stream.events[taken++]!);
                return true;
              }
              return false;
            };
            const timer = setTimeout(() => {
              done();
              rejectTake(
                new Error(
                  `Timed out after ${waitMs} ms waiting for ${what} on ${url.pathname}; received so far:\n${body.slice(-2000)}`,
                ),
              );
            }, waitMs);
            const done = () => {
              clearTimeout(timer);
              waiters.delete(check);
            };
            if (!check()) waiters.add(check);
          });
        },
      };

      const parse = (block: string) => {
        let event = "message";
        const data: string[] = [];
        let isEvent = false;
        for (const line of block.split(/\r?\n/)) {
          if (line.startsWith(":")) stream.comments.push(line.slice(1).trim());
          else if (line.startsWith("retry:")) stream.retryMs = Number(line.slice(6).trim());
          else if (line.startsWith("event:")) {
            event = line.slice(6).trim();
            isEvent = true;
          } else if (line.startsWith("data:")) {
            data.push(line.slice(5).replace(/^ /, ""));
            isEvent = true;
          }
        }
        if (isEvent) stream.events.push({ event, data: data.join("\n") });
      };

      let first = true;
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
        pending += chunk;
        let end: number;
        while ((end = pending.search(/\r?\n\r?\n/)) !== -1) {
          const match = /\r?\n\r?\n/.exec(pending.slice(end))!;
          parse(pending.slice(0, end));
          pending = pending.slice(end + match[0].length);
        }
        for (const waiter of [...waiters]) waiter();
        if (first) {
          first = false;
          clearTimeout(opening);
          resolve(stream);
        }
      });
      res.on("end", () => {
        endedResolve();
        if (first) {
          first = false;
          clearTimeout(opening);
          resolve(stream);
        }
      });
      res.on("error", () => endedResolve());
      res.on("close", () => endedResolve());
    });
    request.end();
  });
}
