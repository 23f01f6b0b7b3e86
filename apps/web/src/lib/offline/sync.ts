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

/**
 * A flush that leaves writes waiting while the browser says it is online is tried again soon: 1 s after, then 2, 4, 8
 * and 16 s. The browser's "online" comes before the connection is always usable (a radio waking, a captive portal, the
 * service worker not yet told), and the first try then fails; without this the write waited for the next 30 s retry
 * (pwa.tsx) with "Waiting to sync" on the screen. A server that stays down is left to that slower retry after the last.
 */
const SOON_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000];
let soon: ReturnType<typeof setTimeout> | undefined;
let soonTries = 0;

/**
 * After a flush that sent something the pages re-read their queries at once and once more 2 s later. The first re-read
 * can meet the connection still coming back (a line that drops once more as it returns; in the e2e suite the page is
 * told "online" before the service worker), and the worker then answers it from its cache, from before the writes:
 * the entry just synced would vanish from his journal until the next re-read.
 */
const REREAD_AFTER_SYNC_MS = 2_000;
let reread: ReturnType<typeof setTimeout> | undefined;

function rereadSoon(client: QueryClient): void {
  clearTimeout(reread);
  reread = setTimeout(() => {
    reread = undefined;
    if (navigator.onLine) void client.invalidateQueries();
  }, REREAD_AFTER_SYNC_MS);
}

const listeners = new Set<() => void>();
/** The writes waiting on this device changed (one queued, some sent, another member signed in). */
function queueChanged() {
  for (const listener of listeners) listener();
}

/** Calls `listener` whenever the writes waiting on this device may have changed; returns the way to stop. */
export function onQueueChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Who is signed in on this device: whose writes are queued and sent. */
export function setQueueMember(memberId: string | null): void {
  if (member === memberId) return;
  member = memberId;
  // Quick tries are for the last member's writes.
  clearTimeout(soon);
  soon = undefined;
  soonTries = 0;
  clearTimeout(reread);
  reread = undefined;
  queueChanged();
}

/** The signed-in member's writes waiting on this device, oldest first (none when nobody is signed in). */
export function queuedWrites(): Promise<QueuedWrite[]> {
  return member ? queue().list(member) : Promise.resolve([]);
}

/**
 * The options of a mutation whose write goes through `writeOrQueue`: TanStack Query pauses mutations while the browser
 * is offline ("online" network mode), which would leave the button pending instead of keeping the write on the device.
 */
export const OFFLINE_MUTATION = { networkMode: "always" } as const;

export type WriteResult<T> = { queued: false; body: T } | { queued: true; write: QueuedWrite };

/**
 * `queuedBody`: the body to keep when the write must wait, when it differs from the one sent at once (the check-in and
 * a plan day add `made_on`, his date when he made it, so it counts for that day however late it is sent).
 */
export async function writeOrQueue<T>(
  input: Pick<QueuedWrite, "method" | "path" | "body" | "label"> & { queuedBody?: unknown },
): Promise<WriteResult<T>> {
  if (!member) throw new ApiError(401, "UNAUTHORIZED", "Please sign in to continue.");
  const { queuedBody, ...write } = input;
  const now = newWrite({ ...write, memberId: member });
  if (navigator.onLine) {
    const outcome = await sendWrite(now);
    if (outcome.kind === "done") return { queued: false, body: outcome.body as T };
    if (outcome.kind === "refused") throw new ApiError(400, "REFUSED", outcome.message);
    // Online and signed out behind the page's back: he is told to sign in (spec section 8), nothing is kept.
    if (outcome.signedOut) throw new ApiError(401, "UNAUTHORIZED", "Please sign in to continue.");
  }
  // The same id as a first attempt that may have reached the server: sent again, it is stored once.
  const kept = queuedBody === undefined ? now : { ...now, body: queuedBody };
  await queue().add(kept);
  queueChanged();
  notify("Saved on this device, will sync", "It will be sent when you are back online.");
  return { queued: true, write: kept };
}

/** `writeOrQueue` for a caller that needs only the server's answer: `null` when the write was kept on the device. */
export async function writeOrKeep<T>(input: Parameters<typeof writeOrQueue>[0]): Promise<T | null> {
  const result = await writeOrQueue<T>(input);
  return result.queued ? null : result.body;
}

let flushing: Promise<void> | null = null;
let flushAgain = false;

/** After a flush: nothing waiting ends the quick tries (the next trouble starts them again); else the next one. */
function trySoon(client: QueryClient, waiting: number): void {
  if (waiting === 0) {
    clearTimeout(soon);
    soon = undefined;
    soonTries = 0;
    return;
  }
  if (soon !== undefined || soonTries >= SOON_DELAYS_MS.length || !navigator.onLine) return;
  soon = setTimeout(() => {
    soon = undefined;
    void syncNow(client);
  }, SOON_DELAYS_MS[soonTries]);
  soonTries += 1;
}

/** A synced write's answer asked for the care card (crisis language in an entry or a check-in's notes: decision 005). */
function needsCare(answer: unknown): boolean {
  return typeof answer === "object" && answer !== null && (answer as { care?: unknown }).care === true;
}

let careListener: (() => void) | null = null;
/** Who shows the care card when a write made offline syncs and its answer asks for it (one at a time: the app's). */
export function onSyncedCare(listener: (() => void) | null): void {
  careListener = listener;
}

/**
 * Sends what waits on this device for the signed-in member; says "Synced" when something went, and reloads the
 * queries (not awaited: a reload paused by the connection dropping again must not hold the next flush). Asked while a
 * flush runs (the connection came back meanwhile, a write was queued since it read the queue), it flushes again after.
 */
export function syncNow(client: QueryClient): Promise<void> {
  if (!member || !navigator.onLine) return Promise.resolve();
  if (flushing) {
    flushAgain = true;
    return flushing;
  }
  const memberId = member;
  flushing = (async () => {
    try {
      const result = await flushQueue(queue(), memberId, (write) => sendWrite(write));
      trySoon(client, result.waiting);
      // Pages re-read the queue only when it changed (this runs every 30 s while online).
      if (result.sent.length > 0 || result.refused.length > 0) queueChanged();
      for (const { write, message } of result.refused) notifyError(`${write.label} was not saved`, message);
      if (result.sent.length > 0) {
        notify(
          "Synced",
          result.sent.length === 1 ? `${result.sent[0]!.label} is saved.` : `${result.sent.length} changes are saved.`,
        );
        if ([...result.answers.values()].some(needsCare)) careListener?.();
        void client.invalidateQueries();
        rereadSoon(client);
      }
    } finally {
      flushing = null;
    }
    if (flushAgain) {
      flushAgain = false;
      await syncNow(client);
    }
  })();
  return flushing;
}
