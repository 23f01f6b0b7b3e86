import { useCallback, useEffect, useLayoutEffect, useState } from "react";

/**
 * What sits fixed along the bottom of the screen on Today, so nothing he can reach hides behind it: the app's tab bar
 * (owned by the app shell, and gone on a laptop's sidebar layout, so it is measured rather than assumed), the audio
 * player and, on a phone, the Mark Complete bar.
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

export function useTabBarInset(): number {
  // The phone's tab bar (4rem) until measured, which happens before the first paint.
  const [inset, setInset] = useState(64);
  useLayoutEffect(() => {
    const measure = () => setInset(tabBarInset());
    measure();
    const observer = new ResizeObserver(measure);
    document.querySelectorAll("nav").forEach((nav) => observer.observe(nav));
    window.addEventListener("resize", measure);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", measure);
    };
  }, []);
  return inset;
}

/** An element's height as it changes (0 while it is not there), through a callback ref. */
export function useHeight<T extends HTMLElement>(): [(element: T | null) => void, number] {
  const [element, setElement] = useState<T | null>(null);
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    if (!element) {
      setHeight(0);
      return;
    }
    const observer = new ResizeObserver(() => setHeight(Math.ceil(element.getBoundingClientRect().height)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [useCallback((next: T | null) => setElement(next), []), height];
}

/** Height of the app's sticky or fixed header at the top of the screen, or 0. */
function headerInset(): number {
  const header = document.querySelector<HTMLElement>("header");
  if (!header) return 0;
  const position = getComputedStyle(header).position;
  if (position !== "sticky" && position !== "fixed") return 0;
  return Math.ceil(header.getBoundingClientRect().height);
}

/**
 * Keyboard focus and "scroll into view" keep a focused control clear of the header and of what covers the bottom of
 * the screen (the browser honours scroll-padding when it scrolls for focus); restored when Today goes.
 */
export function useScrollPadding(bottom: number) {
  useEffect(() => {
    const root = document.documentElement;
    const before = { top: root.style.scrollPaddingTop, bottom: root.style.scrollPaddingBottom };
    root.style.scrollPaddingTop = `${headerInset() + 8}px`;
    root.style.scrollPaddingBottom = `${bottom}px`;
    return () => {
      root.style.scrollPaddingTop = before.top;
      root.style.scrollPaddingBottom = before.bottom;
    };
  }, [bottom]);
}
