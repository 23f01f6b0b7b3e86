import { openDB, type IDBPDatabase } from "idb";

/**
 * Issue 18: writes made with no connection wait on the device (IndexedDB) and are sent in the order they were made
 * when it returns. Each carries the id the device gave it (sent as the Idempotency-Key header), so a write sent twice,
 * by a retry or by two tabs, is stored once by the server. Each member's writes are his own: signing out drops them
 * only once they are sent (he is asked first if any are left).
 */
export interface QueuedWrite {
  /** The client-generated id (a UUID): the Idempotency-Key. */
  id: string;
  memberId: string;
  method: "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  body: unknown;
  /** What it is, for the member: "Journal entry", "Mark Complete"... */
  label: string;
  /** When it was made (ms since the epoch) and the order among writes made in the same millisecond. */
  createdAt: number;
  seq: number;
  attempts: number;
}

/**
 * The same writes, waiting in the same state (a write is never changed in place but its attempts). A list read again
 * that says the same keeps the one on screen, so a page that shows it is not rendered again for nothing (issue 14: on a
 * cold load, Today's whole morning was, in one long task).
 */
export function sameQueuedWrites(a: readonly QueuedWrite[], b: readonly QueuedWrite[]): boolean {
  return a.length === b.length && a.every((write, i) => write.id === b[i]!.id && write.attempts === b[i]!.attempts);
}

/** What sending one write came to: stored (or already stored), try again later, or refused for good. */
/** `signedOut`: the server said 401 (kept for when he signs in again, when it was queued). */
export type SendOutcome =
  { kind: "done"; body: unknown } | { kind: "retry"; signedOut?: boolean } | { kind: "refused"; message: string };

export interface QueueStore {
  /** Adds a write; a write whose id is already queued is left as it is (dedupe by id). */
  add(write: QueuedWrite): Promise<void>;
  /** His queued writes, oldest first. */
  list(memberId: string): Promise<QueuedWrite[]>;
  put(write: QueuedWrite): Promise<void>;
  remove(id: string): Promise<void>;
}

const DB_NAME = "shepherd-offline";
const STORE = "writes";

export function openQueueStore(name = DB_NAME): QueueStore {
  let db: Promise<IDBPDatabase> | undefined;
  const open = () =>
    (db ??= openDB(name, 1, {
      upgrade(database) {
        const store = database.createObjectStore(STORE, { keyPath: "id" });
        store.createIndex("member", ["memberId", "createdAt", "seq"]);
      },
    }));
  return {
    async add(write) {
      const tx = (await open()).transaction(STORE, "readwrite");
      if ((await tx.store.getKey(write.id)) === undefined) await tx.store.add(write);
      await tx.done;
    },
    async list(memberId) {
      const range = IDBKeyRange.bound([memberId, -Infinity, -Infinity], [memberId, Infinity, Infinity]);
      return (await (await open()).getAllFromIndex(STORE, "member", range)) as QueuedWrite[];
    },
    async put(write) {
      await (await open()).put(STORE, write);
    },
    async remove(id) {
      await (await open()).delete(STORE, id);
    },
  };
}

let lastStamp = 0;
let seq = 0;

/** A new write to queue, stamped now (writes made in the same millisecond keep their order through seq). */
export function newWrite(
  input: Omit<QueuedWrite, "id" | "createdAt" | "seq" | "attempts"> & { id?: string },
  now = Date.now(),
): QueuedWrite {
  seq = now === lastStamp ? seq + 1 : 0;
  lastStamp = now;
  return { ...input, id: input.id ?? crypto.randomUUID(), createdAt: now, seq, attempts: 0 };
}

export interface FlushResult {
  sent: QueuedWrite[];
  /** The server's answer to each sent write, by its id (a journal entry's answer says whether care is needed). */
  answers: Map<string, unknown>;
  refused: Array<{ write: QueuedWrite; message: string }>;
  /** Writes still waiting (the connection failed again): the first of them stopped the flush, to keep the order. */
  waiting: number;
}

/**
 * Sends his queued writes oldest first. A write that must wait (no connection, the server busy) stops the flush there
 * and keeps its place, so no later write overtakes it; one refused for good (bad input) is dropped and reported.
 */
export async function flushQueue(
  store: QueueStore,
  memberId: string,
  send: (write: QueuedWrite) => Promise<SendOutcome>,
): Promise<FlushResult> {
  const result: FlushResult = { sent: [], answers: new Map(), refused: [], waiting: 0 };
  const writes = await store.list(memberId);
  for (let i = 0; i < writes.length; i++) {
    const write = writes[i]!;
    const outcome = await send(write);
    if (outcome.kind === "retry") {
      await store.put({ ...write, attempts: write.attempts + 1 });
      result.waiting = writes.length - i;
      return result;
    }
    await store.remove(write.id);
    if (outcome.kind === "done") {
      result.sent.push(write);
      result.answers.set(write.id, outcome.body);
    } else result.refused.push({ write, message: outcome.message });
  }
  return result;
}

/** Sends one write with its id as the Idempotency-Key; what the answer means for the queue. */
export async function sendWrite(write: QueuedWrite, fetcher: typeof fetch = fetch): Promise<SendOutcome> {
  let response: Response;
  try {
    response = await fetcher(write.path, {
      method: write.method,
      headers: { accept: "application/json", "content-type": "application/json", "idempotency-key": write.id },
      body: write.body === undefined ? undefined : JSON.stringify(write.body),
      credentials: "same-origin",
    });
  } catch {
    return { kind: "retry" };
  }
  // 401: signed out meanwhile, kept for when he signs in; 408/409/425 and 5xx: try again later.
  if (response.status === 401) return { kind: "retry", signedOut: true };
  if (response.status === 408 || response.status === 409 || response.status === 425) return { kind: "retry" };
  if (response.status >= 500) return { kind: "retry" };
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (response.ok) return { kind: "done", body };
  const error = (body as { error?: { code?: string; message?: string } } | null)?.error;
  // 429 is a rate limit (wait) unless it is his monthly limit, which waiting does not lift.
  if (response.status === 429 && error?.code !== "LIMIT_REACHED") return { kind: "retry" };
  const message = error?.message ?? "It could not be saved.";
  return { kind: "refused", message };
}
