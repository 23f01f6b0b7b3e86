import { useCallback, useEffect, useRef } from "react";
import { setCssVariables, type CssVariableWrite } from "@/lib/css-variable";

/**
 * What sits fixed along the bottom of the screen on Today, above the shell's tab bar (which the shell measures into
 * --shell-tab-bar-height, 0 beside a laptop's sidebar): the audio player and, on a phone, the Mark Complete bar above
 * it. Their heights go straight into CSS variables on the elements that use them: the bar sits above the player
 * (--today-player), the room at the end of the page is as tall as both (--today-player, --today-bar), and
 * --page-dock-height on <html> is added to the scroll padding by index.css, so a focused control stays clear of them.
 * index.css registers the three as not inherited: a new height restyles those three elements, not the page under them
 * (issue 14). No React state, so a measurement never re-renders the page.
 */

const height = (element: HTMLElement | null) => (element ? Math.ceil(element.getBoundingClientRect().height) : 0);

/** Measures the player and the bar (as they open, close and grow); returns the refs for the room, the player and the bar. */
export function useBottomDock() {
  const room = useRef<HTMLDivElement | null>(null);
  const player = useRef<HTMLElement | null>(null);
  const bar = useRef<HTMLElement | null>(null);
  const observer = useRef<ResizeObserver | null>(null);
  const later = useRef<number | undefined>(undefined);

  /**
   * The bar moves above the player at once. The room at the page's end and the scroll padding (nothing on screen while
   * the page loads) wait for a task of their own when `deferRoom`: written inside the observer's report, they made the
   * browser style and lay out the whole page a second time in the same frame, one long task of a phone's first load.
   */
  const measure = useCallback((deferRoom = false) => {
    const [playerHeight, barHeight] = [height(player.current), height(bar.current)];
    if (bar.current) setCssVariables([[bar.current, "--today-player", `${playerHeight}px`]]);
    const roomWrites: CssVariableWrite[] = [[document.documentElement, "--page-dock-height", `${playerHeight + barHeight}px`]];
    if (room.current) {
      roomWrites.push([room.current, "--today-player", `${playerHeight}px`], [room.current, "--today-bar", `${barHeight}px`]);
    }
    window.clearTimeout(later.current);
    if (deferRoom) later.current = window.setTimeout(() => setCssVariables(roomWrites), 0);
    else setCssVariables(roomWrites);
  }, []);

  useEffect(() => {
    const resized = new ResizeObserver(() => measure(true));
    observer.current = resized;
    // The observer's first report (after the browser's layout, before it paints) is the first measure: measuring here
    // or as the elements arrive would force a layout in the middle of rendering the page.
    for (const element of [player.current, bar.current]) if (element) resized.observe(element);
    return () => {
      resized.disconnect();
      observer.current = null;
      window.clearTimeout(later.current);
      document.documentElement.style.removeProperty("--page-dock-height");
    };
  }, [measure]);

  // Ref callbacks that follow an element's size as it comes and goes (the player opens and closes).
  const playerRef = useCallback(
    (element: HTMLElement | null) => {
      if (player.current) observer.current?.unobserve(player.current);
      player.current = element;
      // One that arrives is measured by the observer; one that goes (the player closing) is measured now.
      if (element) observer.current?.observe(element);
      else measure();
    },
    [measure],
  );
  const barRef = useCallback(
    (element: HTMLElement | null) => {
      if (bar.current) observer.current?.unobserve(bar.current);
      bar.current = element;
      // One that arrives is measured by the observer; one that goes (the player closing) is measured now.
      if (element) observer.current?.observe(element);
      else measure();
    },
    [measure],
  );

  return { roomRef: room, playerRef, barRef };
}
