import { useCallback, useEffect, useRef } from "react";

/**
 * What sits fixed along the bottom of the screen on Today, so nothing he can reach hides behind it: the app's tab bar
 * (owned by the app shell, and gone on a laptop's sidebar layout, so it is measured rather than assumed), the audio
 * player above it and, on a phone, the Mark Complete bar above that.
 *
 * The heights go straight into CSS variables on Today's root (--today-tab-inset, --today-player, --today-bar and
 * --today-dock, the tab bar and the player together) and into the page's scroll padding, without React state: a
 * measurement never re-renders the page.
 */

/** Height of a fixed navigation bar along the bottom edge (the tab bar), or 0 when there is none. */
function tabBarInset(): number {
  const viewport = document.documentElement.clientHeight;
  for (const nav of document.querySelectorAll<HTMLElement>("nav")) {
    if (getComputedStyle(nav).position !== "fixed") continue;
    const rect = nav.getBoundingClientRect();
    if (rect.height === 0 || rect.width < window.innerWidth / 2 || Math.abs(rect.bottom - viewport) > 1) continue;
    return Math.ceil(viewport - rect.top);
  }
  return 0;
}

/** Height of the app's sticky or fixed header at the top of the screen, or 0. */
function headerInset(): number {
  const header = document.querySelector<HTMLElement>("header");
  if (!header) return 0;
  const position = getComputedStyle(header).position;
  if (position !== "sticky" && position !== "fixed") return 0;
  return Math.ceil(header.getBoundingClientRect().height);
}

const height = (element: HTMLElement | null) => (element ? Math.ceil(element.getBoundingClientRect().height) : 0);

/**
 * Measures the bottom of the screen into Today's CSS variables and the scroll padding (keyboard focus and "scroll into
 * view" then keep a focused control clear of the header and of the bars; restored when Today goes). Returns the refs
 * for Today's root, the player and the Mark Complete bar.
 */
export function useBottomDock() {
  const root = useRef<HTMLDivElement | null>(null);
  const player = useRef<HTMLElement | null>(null);
  const bar = useRef<HTMLElement | null>(null);
  const observer = useRef<ResizeObserver | null>(null);

  const measure = useCallback(() => {
    const target = root.current;
    if (!target) return;
    const [tab, playerHeight, barHeight] = [tabBarInset(), height(player.current), height(bar.current)];
    target.style.setProperty("--today-tab-inset", `${tab}px`);
    target.style.setProperty("--today-player", `${playerHeight}px`);
    target.style.setProperty("--today-bar", `${barHeight}px`);
    target.style.setProperty("--today-dock", `${tab + playerHeight}px`);
    const html = document.documentElement.style;
    html.scrollPaddingTop = `${headerInset() + 8}px`;
    html.scrollPaddingBottom = `${tab + playerHeight + barHeight + 8}px`;
  }, []);

  useEffect(() => {
    const html = document.documentElement.style;
    const before = { top: html.scrollPaddingTop, bottom: html.scrollPaddingBottom };
    const resized = new ResizeObserver(measure);
    observer.current = resized;
    document.querySelectorAll("nav").forEach((nav) => resized.observe(nav));
    for (const element of [player.current, bar.current]) if (element) resized.observe(element);
    window.addEventListener("resize", measure);
    measure();
    return () => {
      resized.disconnect();
      observer.current = null;
      window.removeEventListener("resize", measure);
      html.scrollPaddingTop = before.top;
      html.scrollPaddingBottom = before.bottom;
    };
  }, [measure]);

  // Ref callbacks that follow an element's size as it comes and goes (the player opens and closes).
  const playerRef = useCallback(
    (element: HTMLElement | null) => {
      if (player.current) observer.current?.unobserve(player.current);
      player.current = element;
      if (element) observer.current?.observe(element);
      measure();
    },
    [measure],
  );
  const barRef = useCallback(
    (element: HTMLElement | null) => {
      if (bar.current) observer.current?.unobserve(bar.current);
      bar.current = element;
      if (element) observer.current?.observe(element);
      measure();
    },
    [measure],
  );

  return { rootRef: root, playerRef, barRef };
}
