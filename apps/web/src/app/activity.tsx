import { useEffect } from "react";
import { useLocation } from "react-router";
import { useMe } from "@/lib/session";
import { trackPageView } from "@/lib/track-activity";

/** Spec section 7: track-user-activity with page_view on every route change for a signed-in user. Errors are only logged. */
export function ActivityTracker() {
  const location = useLocation();
  const me = useMe();
  const signedIn = Boolean(me.data);
  useEffect(() => {
    if (!signedIn) return;
    trackPageView(location.pathname).catch((error: unknown) => console.error("usage tracking failed", error));
  }, [location.pathname, signedIn]);
  return null;
}
