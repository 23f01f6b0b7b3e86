/**
 * Issue 39: the server answered 503 with Retry-After (it cannot reach its database for a moment). The app says so
 * calmly (app/server-pause-notice.tsx) instead of showing errors, tries again after the wait, and the notice ends by
 * itself with the server's next answer that is not such a 503 (lib/api.ts reports both here).
 */

let pausedUntil: number | null = null;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

/** The server asked us to wait this many seconds. */
export function serverPaused(retryAfterSeconds: number): void {
  pausedUntil = Date.now() + retryAfterSeconds * 1000;
  changed();
}

/** The server answered again. */
export function serverBack(): void {
  if (pausedUntil === null) return;
  pausedUntil = null;
  changed();
}

/** When the server said to ask again (a time in ms), or null while it answers. */
export function serverPausedUntil(): number | null {
  return pausedUntil;
}

export function onServerPauseChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Retry-After as seconds (RFC 9110: a number of seconds, or an HTTP date), or undefined when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}
