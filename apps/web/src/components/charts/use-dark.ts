import { useSyncExternalStore } from "react";

/** Whether the page is drawn dark right now (the `dark` class on <html>, which lib/theme sets), for the canvas charts. */
function subscribe(listener: () => void) {
  const observer = new MutationObserver(listener);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}

const isDark = () => document.documentElement.classList.contains("dark");

export function useDark(): boolean {
  return useSyncExternalStore(subscribe, isDark, () => false);
}
