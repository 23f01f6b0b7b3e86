/**
 * What the service worker keeps for reading offline (issue 18), shared by the worker and the page. Only a member's own
 * answers are kept, in a cache named for him; signing out (or another member signing in) deletes it.
 */

/** GET answers read offline: the session and profile (the shell needs them), Today, plans, The Word, the journal. */
export const OFFLINE_API_PREFIXES = [
  "/api/auth/get-session",
  "/api/me",
  "/api/today",
  "/api/devotionals/today",
  "/api/checkins/today",
  "/api/streak/",
  "/api/subscription",
  "/api/usage",
  "/api/path",
  "/api/word/chapters/",
  "/api/word/annotations",
  "/api/word/position",
  "/api/word/settings",
  "/api/word/verse-of-the-day",
  "/api/word/passage",
  "/api/journal",
] as const;

/** Generated audio files (today's devotional, a plan day, a chapter) are kept once played. */
export const OFFLINE_AUDIO_PREFIX = "/api/audio/";

export const MEMBER_CACHE_PREFIX = "shepherd-member-";

/** The cache that holds one member's answers. The id is the auth user id (letters, digits, - and _). */
export function memberCacheName(memberId: string): string {
  return MEMBER_CACHE_PREFIX + encodeURIComponent(memberId);
}

export function isOfflineReadable(pathname: string): boolean {
  if (pathname.startsWith(OFFLINE_AUDIO_PREFIX)) return true;
  return OFFLINE_API_PREFIXES.some(
    (prefix) => pathname === prefix || pathname.startsWith(prefix.endsWith("/") ? prefix : `${prefix}/`),
  );
}

/** Caches to delete when `memberId` is the one signed in (null: nobody): every member cache but his. */
export function staleMemberCaches(cacheNames: readonly string[], memberId: string | null): string[] {
  const keep = memberId === null ? null : memberCacheName(memberId);
  return cacheNames.filter((name) => name.startsWith(MEMBER_CACHE_PREFIX) && name !== keep);
}

/** Messages from the page to the worker. */
export type WorkerMessage = { type: "member"; memberId: string | null } | { type: "skip-waiting" };
