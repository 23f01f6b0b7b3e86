import { api } from "@/lib/api";

/** Spec section 7: POST /api/functions/track-user-activity with a page_view. */
export function trackPageView(pageRoute: string) {
  return api("/api/functions/track-user-activity", { body: { action_type: "page_view", page_route: pageRoute } });
}
