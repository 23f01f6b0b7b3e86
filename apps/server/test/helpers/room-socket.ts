import WebSocket from "ws";
import type { ClientMessage, ServerMessage } from "@shepherd/shared";

/**
 * A gathering's signaling socket from Node, as a browser opens it (the session cookie and our Origin). Messages are
 * queued as they arrive; `next(type)` waits (bounded) for the next one of that type.
 */
export interface RoomSocket {
  received: ServerMessage[];
  send(message: ClientMessage | Record<string, unknown>): void;
  next<T extends ServerMessage["type"]>(type: T, what?: string, timeoutMs?: number): Promise<Extract<ServerMessage, { type: T }>>;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

export function roomSocketUrl(baseUrl: string, roomName: string): string {
  return `${baseUrl.replace(/^http/, "ws")}/api/gatherings/${roomName}/ws`;
}

/** Opens the socket; resolves when it is open, or rejects with the upgrade's HTTP status (`status` on the error). */
export function openRoomSocket(
  baseUrl: string,
  roomName: string,
  options: { cookie?: string; origin?: string | null } = {},
): Promise<RoomSocket> {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  const origin = options.origin === undefined ? baseUrl : options.origin;
  if (origin) headers.origin = origin;
  const ws = new WebSocket(roomSocketUrl(baseUrl, roomName), { headers });
  const received: ServerMessage[] = [];
  const seen = new Map<string, number>();
  const waiters: Array<() => void> = [];
  ws.on("message", (data) => {
    received.push(JSON.parse(data.toString()) as ServerMessage);
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on("close", (code, reason) => {
      resolve({ code, reason: reason.toString() });
      for (const wake of waiters.splice(0)) wake();
    }),
  );
  return new Promise((resolve, reject) => {
    ws.on("unexpected-response", (_req, res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const error = new Error(`upgrade refused: ${res.statusCode} ${Buffer.concat(chunks).toString()}`) as Error & {
          status?: number;
          body?: string;
        };
        error.status = res.statusCode;
        error.body = Buffer.concat(chunks).toString();
        reject(error);
      });
    });
    ws.on("error", (error) => reject(error));
    ws.on("open", () =>
      resolve({
        received,
        send: (message) => ws.send(JSON.stringify(message)),
        async next(type, what = type, timeoutMs = 10_000) {
          const deadline = Date.now() + timeoutMs;
          for (;;) {
            const from = seen.get(type) ?? 0;
            const index = received.findIndex((m, i) => i >= from && m.type === type);
            if (index >= 0) {
              seen.set(type, index + 1);
              return received[index] as never;
            }
            const left = deadline - Date.now();
            if (left <= 0)
              throw new Error(`timed out waiting for ${what}; received ${JSON.stringify(received.map((m) => m.type))}`);
            await new Promise<void>((wake) => {
              const timer = setTimeout(wake, left);
              waiters.push(() => {
                clearTimeout(timer);
                wake();
              });
            });
          }
        },
        closed,
        close: () => ws.close(),
      }),
    );
  });
}
