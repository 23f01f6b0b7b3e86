/**
 * Where to go once signed in and onboarded, for a link worth keeping across the sign-in detour: a flock's invite link
 * opened while signed out. Kept in this tab's sessionStorage until the page it names has opened; only our own invite
 * paths are accepted.
 */
const KEY = "shepherd.returnTo";
const KEEP = /^\/flock\/join\/[A-Za-z0-9_-]{8,64}$/;

export function rememberReturnTo(path: string): void {
  if (!KEEP.test(path)) return;
  try {
    sessionStorage.setItem(KEY, path);
  } catch {
    // Storage can be unavailable (private mode); the link then simply is not resumed.
  }
}

/** The remembered path, or the given destination. */
export function returnToOr(fallback: string): string {
  try {
    const path = sessionStorage.getItem(KEY);
    return path && KEEP.test(path) ? path : fallback;
  } catch {
    return fallback;
  }
}

/** Called by the page a remembered path leads to, once it has opened. */
export function forgetReturnTo(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}
