import { toast as sonner } from "sonner";
import { ApiError, errorMessage } from "./api";

/** Toasts with a title and a description, as the spec writes them. */
export function notify(
  title: string,
  description?: string,
  options: { duration?: number; action?: { label: string; onClick: () => void } } = {},
) {
  sonner(title, { description, duration: options.duration, action: options.action });
}

export function notifyError(title: string, description?: string) {
  sonner.error(title, { description });
}

/** Spec section 8: logs and shows a destructive "Error" toast with the message. */
export function showError(error: unknown) {
  console.error(error);
  notifyError("Error", errorMessage(error));
}

/** A capped feature failed: "Usage Limit Reached" with the server's sentence when the month's cap refused it, else `title`. */
export function notifyCappedError(title: string, error: unknown) {
  if (error instanceof ApiError && error.code === "LIMIT_REACHED") notifyError("Usage Limit Reached", error.message);
  else notifyError(title, errorMessage(error));
}
