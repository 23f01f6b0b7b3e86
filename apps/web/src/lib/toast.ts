import type { ExternalToast, toast as sonnerToast } from "sonner";
import { ApiError, errorMessage, isServerPause } from "./api";

type Toast = typeof sonnerToast;

/*
 * Sonner (the toasts) is loaded with the first toast, not with the app's first code: its module parses and injects its
 * stylesheet as it is evaluated, which lengthened the one long task of a cold load on a phone (issue 14). A toast asked
 * for meanwhile waits until the Toaster (components/ui/toasts.tsx) is on the page and listening, then shows.
 */
let sonner: Promise<typeof import("sonner")> | undefined;
let wanted = false;
const wantListeners = new Set<() => void>();
let markReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** The sonner module, loaded once. */
export function loadSonner(): Promise<typeof import("sonner")> {
  sonner ??= import("sonner");
  return sonner;
}

/** The Toaster's host hears here that a toast wants showing (at once when one already has). */
export function onToastWanted(listener: () => void): () => void {
  if (wanted) listener();
  wantListeners.add(listener);
  return () => wantListeners.delete(listener);
}

/** Called by the Toaster's host once the Toaster is mounted and listening: the waiting toasts show. */
export function toasterReady(): void {
  markReady();
}

function withToast(show: (toast: Toast) => void): void {
  if (!wanted) {
    wanted = true;
    for (const listener of wantListeners) listener();
  }
  void ready
    .then(loadSonner)
    .then(({ toast }) => show(toast))
    .catch((error: unknown) => console.error("a toast could not be shown", error));
}

/** A toast with sonner's own options (an id that replaces an earlier one, an action, how long it stays). */
export function showToast(title: string, options?: ExternalToast) {
  withToast((toast) => toast(title, options));
}

/** Toasts with a title and a description, as the spec writes them. */
export function notify(
  title: string,
  description?: string,
  options: { duration?: number; action?: { label: string; onClick: () => void } } = {},
) {
  showToast(title, { description, duration: options.duration, action: options.action });
}

export function notifyError(title: string, description?: string) {
  withToast((toast) => toast.error(title, { description }));
}

/**
 * Spec section 8: logs and shows a destructive "Error" toast with the message. Not while the server asked us to wait
 * (503 with Retry-After): the calm notice at the top of the page says so (app/server-pause-notice.tsx).
 */
export function showError(error: unknown) {
  console.error(error);
  if (isServerPause(error)) return;
  notifyError("Error", errorMessage(error));
}

/** A capped feature failed: "Usage Limit Reached" with the server's sentence when the month's cap refused it, else `title`. */
export function notifyCappedError(title: string, error: unknown) {
  if (isServerPause(error)) return;
  if (error instanceof ApiError && error.code === "LIMIT_REACHED") notifyError("Usage Limit Reached", error.message);
  else notifyError(title, errorMessage(error));
}
