import type { TimeoutCallback, TimeoutProvider } from "@tanstack/react-query";

/** Waits of at least this long share browser timers; shorter ones (a retry's first waits) keep their own. */
const COALESCE_FROM_MS = 5000;
/** A shared wait ends on the next multiple of this after its own end. */
const COALESCE_GRAIN_MS = 1000;

interface Bucket {
  due: number;
  native: ReturnType<typeof setTimeout>;
  callbacks: Map<number, TimeoutCallback>;
}

/** A callback's error is reported as the browser reports a timer's, without stopping the others in its bucket. */
function report(error: unknown) {
  if (typeof globalThis.reportError === "function") globalThis.reportError(error);
  else
    queueMicrotask(() => {
      throw error;
    });
}

/**
 * TanStack Query's timers (each observed query's "becomes stale" wait, each unobserved query's clean-up, a retry's
 * wait) on one browser timer per second instead of one each. A cold load of Today set some thirty of them in its first
 * second, each a browser timer to install and later remove on the main thread (issue 14). A wait of five seconds or
 * more ends on the next whole second after it (at most a second late, never early); a shorter wait, and an interval, is
 * the browser's own timer.
 */
export function createCoalescedTimers(): TimeoutProvider<number> {
  let nextId = 1;
  const buckets = new Map<number, Bucket>();
  const bucketOf = new Map<number, Bucket>();
  const shortTimers = new Map<number, ReturnType<typeof setTimeout>>();

  const fire = (bucket: Bucket) => {
    buckets.delete(bucket.due);
    // A callback may clear a later one of the same bucket: the map's iteration skips what was deleted.
    for (const [id, callback] of bucket.callbacks) {
      bucketOf.delete(id);
      try {
        callback();
      } catch (error) {
        report(error);
      }
    }
  };

  return {
    setTimeout(callback, delay) {
      const id = nextId++;
      if (!(delay >= COALESCE_FROM_MS)) {
        shortTimers.set(
          id,
          setTimeout(() => {
            shortTimers.delete(id);
            callback();
          }, delay),
        );
        return id;
      }
      const start = Date.now();
      const due = Math.ceil((start + delay) / COALESCE_GRAIN_MS) * COALESCE_GRAIN_MS;
      let bucket = buckets.get(due);
      if (!bucket) {
        const created: Bucket = { due, callbacks: new Map(), native: setTimeout(() => fire(created), due - start) };
        buckets.set(due, created);
        bucket = created;
      }
      bucket.callbacks.set(id, callback);
      bucketOf.set(id, bucket);
      return id;
    },
    clearTimeout(id) {
      if (id === undefined) return;
      const key = Number(id);
      const short = shortTimers.get(key);
      if (short !== undefined) {
        clearTimeout(short);
        shortTimers.delete(key);
        return;
      }
      const bucket = bucketOf.get(key);
      if (!bucket) return;
      bucketOf.delete(key);
      bucket.callbacks.delete(key);
      if (bucket.callbacks.size === 0 && buckets.get(bucket.due) === bucket) {
        clearTimeout(bucket.native);
        buckets.delete(bucket.due);
      }
    },
    setInterval: (callback, delay) => setInterval(callback, delay) as unknown as number,
    clearInterval: (id) => clearInterval(id as unknown as ReturnType<typeof setInterval> | undefined),
  };
}
