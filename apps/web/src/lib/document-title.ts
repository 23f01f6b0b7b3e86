import { useEffect, useSyncExternalStore } from "react";

export const APP_NAME = "Shepherd";

/** "Today" -> "Today · Shepherd"; no page title -> "Shepherd". */
export function formatDocumentTitle(pageTitle: string | null | undefined): string {
  return pageTitle ? `${pageTitle} · ${APP_NAME}` : APP_NAME;
}

/**
 * The titles pages ask for, newest last. The app shell's route table names every route; a page that knows better
 * ("John 3 · The Word", a step of a wizard) overrides it while it is mounted. A stack, not one value, so a page that
 * mounts before the previous one unmounts (a route change inside Suspense) never loses its title.
 */
let overrides: ReadonlyArray<{ id: number; title: string }> = [];
let nextId = 0;
const listeners = new Set<() => void>();

function emit() {
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The newest title a mounted page asked for, or null when none did. */
export function currentTitleOverride(): string | null {
  return overrides.length ? overrides[overrides.length - 1]!.title : null;
}

/** Asks for a title until the returned function is called (useDocumentTitle does this for a mounted page). */
export function overrideTitle(title: string): () => void {
  const entry = { id: nextId++, title };
  overrides = [...overrides, entry];
  emit();
  return () => {
    overrides = overrides.filter((o) => o.id !== entry.id);
    emit();
  };
}

/** The title a mounted page asked for, if any (read by the app shell, which writes document.title). */
export function usePageTitleOverride(): string | null {
  return useSyncExternalStore(subscribe, currentTitleOverride, () => null);
}

/** The tab's title while this page shows ("Basics: Create your plan · Shepherd"); the route table's again when it goes. */
export function useDocumentTitle(title: string) {
  useEffect(() => overrideTitle(title), [title]);
}
