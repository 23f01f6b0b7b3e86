import type { UsernameAvailability } from "@shepherd/shared/api";
import { api } from "@/lib/api";

/** GET /api/profile/username-availability?username=: free, or why not. */
export function checkUsername(username: string, signal?: AbortSignal) {
  return api<UsernameAvailability>(`/api/profile/username-availability?username=${encodeURIComponent(username)}`, { signal });
}
