import type { QueryClient } from "@tanstack/react-query";
import { ApiError } from "../api";
import { notify, notifyError } from "../toast";
import { flushQueue, newWrite, openQueueStore, sendWrite, type QueuedWrite, type QueueStore } from "./queue";

/**
 * The app's way to make a write that may be made offline (issue 18): sent at once when there is a connection (with
 * its id, so a retry is never a second write), else kept on the device ("Saved on this device, will sync") and sent
 * in order when the connection returns ("Synced").
 */
let store: QueueStore | undefined;
const queue = () => (store ??= openQueueStore());

let member: string | null = null;

/** Who is signed in on this device: whose writes are queued and sent. */
export function setQueueMember(memberId: string | null): void {
  member = memberId;
}

export type WriteResult<T> = { queued: false; body: T } | { queued: true; write: QueuedWrite };

export async function writeOrQueue<T>(input: Pick<QueuedWrite, "method" | "path" | "body" | "label">): Promise<WriteResult<T>> {
  if (!member) throw new ApiError(401, "UNAUTHORIZED", "Please sign in to continue.");
  const write = newWrite({ ...input, memberId: member });
  if (navigator.onLine) {
    const outcome = await sendWrite(write);
    if (outcome.kind === "done") return { queued: false, body: outcome.body as T };
    if (outcome.kind === "refused") throw new ApiError(400, "REFUSED", outcome.message);
    // Online and signed out behind the page's back: he is told to sign in (spec section 8), nothing is kept.
    if (outcome.signedOut) throw new ApiError(401, "UNAUTHORIZED", "Please sign in to continue.");
  }
  await queue().add(write);
  notify("Saved on this device, will sync", "It will be sent when you are back online.");
  return { queued: true, write };
}

let flushing: Promise<void> | null = null;

/** Sends what waits on this device for the signed-in member; says "Synced" when something went, and reloads. */
export function syncNow(client: QueryClient): Promise<void> {
  if (!member || !navigator.onLine) return Promise.resolve();
  const memberId = member;
  flushing ??= (async () => {
    try {
      const result = await flushQueue(queue(), memberId, (write) => sendWrite(write));
      for (const { write, message } of result.refused) notifyError(`${write.label} was not saved`, message);
      if (result.sent.length > 0) {
        notify(
          "Synced",
          result.sent.length === 1 ? `${result.sent[0]!.label} is saved.` : `${result.sent.length} changes are saved.`,
        );
        await client.invalidateQueries();
      }
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}

/** How many of his writes still wait on this device. */
export async function waitingWrites(memberId: string): Promise<number> {
  return (await queue().list(memberId)).length;
}
