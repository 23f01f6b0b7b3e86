import { useEffect } from "react";
import { useLocation } from "react-router";
import { useMe } from "@/lib/session";
import { trackPageView } from "@/lib/track-activity";
import { whenIdle } from "@/lib/when-idle";

/**
 * Spec section 7: track-user-activity with page_view on every route change for a signed-in user. Errors are only
 * logged. Sent once the page is idle, so it never delays what the new page shows (issue 14); a view is sent even when
 * he has moved on before then (no cancel).
 */
export function ActivityTracker() {
  const location = useLocation();
  const me = useMe();
  const signedIn = Boolean(me.data);
  useEffect(() => {
    if (!signedIn) return;
    const route = location.pathname;
    whenIdle(() => void trackPageView(route).catch((error: unknown) => console.error("usage tracking failed", error)));
  }, [location.pathname, signedIn]);
  return null;
}
