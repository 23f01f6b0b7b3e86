import type { NamedAction } from "@shepherd/shared/api";
import { api } from "@/lib/api";

/** Spec section 7: POST /api/functions/track-user-activity with a page_view. */
export function trackPageView(pageRoute: string) {
  return api("/api/functions/track-user-activity", { body: { action_type: "page_view", page_route: pageRoute } });
}

/**
 * Spec section 7: track-user-activity "for named actions" (complete, check-in, journal save, post, listen), on the page
 * where it happened. Admin Features counts them. Errors are only logged: tracking never gets in the member's way.
 */
export function trackAction(action: NamedAction) {
  api("/api/functions/track-user-activity", {
    body: { action_type: action, page_route: window.location.pathname },
  }).catch((error: unknown) => console.error("usage tracking failed", error));
}
