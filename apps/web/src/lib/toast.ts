import { toast as sonner } from "sonner";
import { errorMessage } from "./api";

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
