/**
 * Runs `work` once the browser has nothing more urgent to do (at the latest after `timeoutMs`), so that it stays off
 * the path of the first render. Returns a cancel, for an effect's clean-up.
 */
export function whenIdle(work: () => void, timeoutMs = 3000): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(work, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  // Safari has no requestIdleCallback.
  const timer = window.setTimeout(work, Math.min(timeoutMs, 1000));
  return () => window.clearTimeout(timer);
}

/**
 * Runs `work` `delayMs` after the page's load event, once the main thread is idle: work that is never urgent stays out
 * of a cold load's busy first seconds on a phone (issue 14). Returns a cancel, for an effect's clean-up.
 */
export function afterLoadWhenIdle(work: () => void, delayMs: number, idleTimeoutMs = 10_000): () => void {
  let timer: number | undefined;
  let cancelIdle: (() => void) | undefined;
  const later = () => {
    timer = window.setTimeout(() => {
      cancelIdle = whenIdle(work, idleTimeoutMs);
    }, delayMs);
  };
  if (document.readyState === "complete") later();
  else window.addEventListener("load", later, { once: true });
  return () => {
    window.removeEventListener("load", later);
    if (timer !== undefined) window.clearTimeout(timer);
    cancelIdle?.();
  };
}

/**
 * Starts each piece of work in a task of its own, in order, one after the other: a fetch costs a phone a few
 * milliseconds of script, and a handful in one task would make one long task of a cold load (issue 14).
 */
export function eachInItsOwnTask(work: ReadonlyArray<() => void>): void {
  const queue = [...work];
  const next = () => {
    queue.shift()?.();
    if (queue.length) setTimeout(next, 0);
  };
  if (queue.length) setTimeout(next, 0);
}
