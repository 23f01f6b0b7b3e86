import { useSyncExternalStore } from "react";

/**
 * "Install Shepherd": the browser's install prompt (Chromium's beforeinstallprompt), kept for when he asks. It is
 * offered once by itself, after his third day with Shepherd on this device (days counted here, in local storage), and
 * always from Settings.
 */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

let deferred: InstallPromptEvent | null = null;
let installed = typeof window !== "undefined" && window.matchMedia?.("(display-mode: standalone)").matches === true;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function listenForInstallPrompt(): void {
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    emit();
  });
  window.addEventListener("appinstalled", () => {
    deferred = null;
    installed = true;
    emit();
  });
}

export type InstallState = "available" | "installed" | "unavailable";

function snapshot(): InstallState {
  if (installed) return "installed";
  return deferred ? "available" : "unavailable";
}

export function useInstallState(): InstallState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    snapshot,
    () => "unavailable",
  );
}

/**
 * Runs `run` once the browser offers to install Shepherd (at once if it already has); returns a cancel. Outside React:
 * the browser's offer arrives while the first page is still rendering, and a store read by that render changing under
 * it makes React render the whole page again in one long task (issue 14).
 */
export function whenInstallAvailable(run: () => void): () => void {
  if (snapshot() === "available") {
    run();
    return () => undefined;
  }
  const listener = () => {
    if (snapshot() !== "available") return;
    listeners.delete(listener);
    run();
  };
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Shows the browser's prompt; true when he installed. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  deferred = null;
  emit();
  await event.prompt();
  return (await event.userChoice).outcome === "accepted";
}

const DAYS_KEY = "shepherd.days-used";
const OFFERED_KEY = "shepherd.install-offered";
/** The offer comes once his third day has passed: on the fourth day he opens Shepherd. */
export const INSTALL_OFFER_AFTER_DAYS = 3;

/** Records today's local date among the days he used Shepherd here; returns how many distinct days before today. */
export function recordDayUsed(today: string, storage: Pick<Storage, "getItem" | "setItem"> = localStorage): number {
  let days: string[] = [];
  try {
    const parsed: unknown = JSON.parse(storage.getItem(DAYS_KEY) ?? "[]");
    if (Array.isArray(parsed)) days = parsed.filter((d): d is string => typeof d === "string");
  } catch {
    days = [];
  }
  const before = days.filter((d) => d < today);
  if (!days.includes(today)) storage.setItem(DAYS_KEY, JSON.stringify([...before.slice(-(INSTALL_OFFER_AFTER_DAYS + 1)), today]));
  return new Set(before).size;
}

export function shouldOfferInstall(daysBefore: number, storage: Pick<Storage, "getItem"> = localStorage): boolean {
  return daysBefore >= INSTALL_OFFER_AFTER_DAYS && storage.getItem(OFFERED_KEY) !== "true";
}

export function markInstallOffered(storage: Pick<Storage, "setItem"> = localStorage): void {
  storage.setItem(OFFERED_KEY, "true");
}
