import { useSyncExternalStore } from "react";

/**
 * Light, dark, or as the device is set. Kept in this browser (a phone and a laptop may well differ) and applied to
 * <html> as the `dark` class before the first render, so no page flashes the wrong colours.
 */
export type Theme = "system" | "light" | "dark";

const KEY = "theme";
const listeners = new Set<() => void>();
const darkQuery = typeof window !== "undefined" && window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;

export function readTheme(): Theme {
  try {
    const value = localStorage.getItem(KEY);
    return value === "light" || value === "dark" ? value : "system";
  } catch {
    return "system";
  }
}

/**
 * The `dark` class on <html> (index.css gives it the dark colour scheme too), touched only when it changes: a write to
 * <html> makes the browser restyle the page, and the first one comes while the app's code is still being run (issue 14).
 */
function apply(theme: Theme) {
  const dark = theme === "dark" || (theme === "system" && Boolean(darkQuery?.matches));
  const html = document.documentElement;
  if (html.classList.contains("dark") !== dark) html.classList.toggle("dark", dark);
}

export function setTheme(theme: Theme) {
  try {
    if (theme === "system") localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, theme);
  } catch {
    // Private browsing may refuse storage; the theme still applies to this page.
  }
  apply(theme);
  listeners.forEach((listener) => listener());
}

/** Applies the saved theme now and follows the device while the choice is "system". */
export function startTheme() {
  apply(readTheme());
  darkQuery?.addEventListener("change", () => {
    if (readTheme() === "system") apply("system");
  });
  window.addEventListener("storage", (event) => {
    if (event.key === KEY) {
      apply(readTheme());
      listeners.forEach((listener) => listener());
    }
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): [Theme, (theme: Theme) => void] {
  const theme = useSyncExternalStore(subscribe, readTheme, () => "system" as Theme);
  return [theme, setTheme];
}
