import { useEffect } from "react";
import { useLocation } from "react-router";

/**
 * A new page opens at its top, as people expect (a change of only the query string keeps the place). RouteAnnouncer
 * moves focus to the new page's h1 on the same changes, without scrolling.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
