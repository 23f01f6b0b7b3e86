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
