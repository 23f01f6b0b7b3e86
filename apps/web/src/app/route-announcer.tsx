import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigationType } from "react-router";
import { formatDocumentTitle, usePageTitleOverride } from "@/lib/document-title";
import { routeTitle } from "./route-titles";

/** How long a new page may take to show its h1 (its data may still be loading) before its title is said instead. */
const HEADING_WAIT_MS = 3000;

/** The tab's title: the route table's, or the one the page asked for while it is mounted. */
export function RouteTitle() {
  const { pathname } = useLocation();
  const override = usePageTitleOverride();
  const title = formatDocumentTitle(override ?? routeTitle(pathname));
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}

function visibleHeading(): HTMLElement | null {
  // A page hidden behind a Suspense fallback keeps its DOM: only a heading that is laid out counts.
  return Array.from(document.querySelectorAll<HTMLElement>("h1")).find((h) => h.getClientRects().length > 0) ?? null;
}

/**
 * Moves focus to the new page's h1, or, when the page has none, says its title in a polite live region. Waits for the
 * h1 while the page loads, and leaves focus alone if the page (or he) has already put it somewhere. Returns a stop.
 */
function announceNewPage(say: (text: string) => void): () => void {
  const before = document.activeElement;
  const focusTaken = () => {
    const now = document.activeElement;
    return now !== null && now !== before && now !== document.body;
  };
  const focusHeading = () => {
    if (focusTaken()) return true;
    const heading = visibleHeading();
    if (!heading) return false;
    if (!heading.hasAttribute("tabindex")) heading.tabIndex = -1;
    // The page has just been scrolled to its top (ScrollToTop); focusing must not scroll it again.
    heading.focus({ preventScroll: true });
    return true;
  };
  if (focusHeading()) return () => {};
  const observer = new MutationObserver(() => {
    if (focusHeading()) stop();
  });
  const timer = window.setTimeout(() => {
    stop();
    if (!focusTaken()) say(document.title);
  }, HEADING_WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

/**
 * A route change is announced to screen readers, as a full page load would be. Not on the first load (the browser
 * reads the new document itself), nor on a redirect before he has done anything (still the first load); a change of
 * only the query string keeps the page, as ScrollToTop does.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const [message, setMessage] = useState("");
  const shown = useRef(pathname);
  const interacted = useRef(false);

  useEffect(() => {
    const mark = () => {
      interacted.current = true;
    };
    document.addEventListener("pointerdown", mark, { capture: true });
    document.addEventListener("keydown", mark, { capture: true });
    return () => {
      document.removeEventListener("pointerdown", mark, { capture: true });
      document.removeEventListener("keydown", mark, { capture: true });
    };
  }, []);

  useEffect(() => {
    if (pathname === shown.current) return;
    shown.current = pathname;
    // Back and forward are his doing even when the browser's own buttons did it.
    if (!interacted.current && navigationType !== "POP") return;
    setMessage("");
    return announceNewPage((title) => setMessage(title));
  }, [pathname, navigationType]);

  return (
    <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="route-announcer">
      {message}
    </div>
  );
}
