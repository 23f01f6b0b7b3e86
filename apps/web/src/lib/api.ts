/** The one way the web app talks to our API: JSON in and out, errors turned back into a person's message. */

import { retryAfterSeconds, serverBack, serverPaused } from "./server-pause";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues?: string[],
    /** A 503's Retry-After: the server cannot reach its database for a moment and asks us to try again then. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

const FALLBACK = "Something went wrong. Please try again.";

async function toError(response: Response): Promise<ApiError> {
  const retryAfter = response.status === 503 ? retryAfterSeconds(response.headers.get("retry-after")) : undefined;
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return new ApiError(response.status, "HTTP_" + response.status, response.statusText || FALLBACK, undefined, retryAfter);
  }
  const b = body as { error?: { code?: string; message?: string; issues?: string[] }; message?: string; code?: string };
  // Our routes answer {error:{code,message}}; Better Auth answers {code, message}.
  const message = b.error?.message ?? b.message ?? FALLBACK;
  const code = b.error?.code ?? b.code ?? "HTTP_" + response.status;
  return new ApiError(response.status, code, message, b.error?.issues, retryAfter);
}

export async function api<T>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  let body: BodyInit | undefined;
  if (init.body instanceof FormData) body = init.body;
  else if (init.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(init.body);
  }
  const response = await fetch(path, {
    method: init.method ?? (body ? "POST" : "GET"),
    headers,
    body,
    credentials: "same-origin",
    signal: init.signal,
  });
  if (!response.ok) {
    const error = await toError(response);
    if (isServerPause(error)) serverPaused(error.retryAfterSeconds);
    else if (error.status < 500) serverBack();
    throw error;
  }
  serverBack();
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** The server asked us to wait and try again (503 with Retry-After): a calm notice, not an error (lib/server-pause.ts). */
export function isServerPause(error: unknown): error is ApiError & { retryAfterSeconds: number } {
  return error instanceof ApiError && error.status === 503 && error.retryAfterSeconds !== undefined;
}

/** True when the server answered with one of these statuses (404: not found, or not yours to see). */
export function hasStatus(error: unknown, ...statuses: number[]): boolean {
  return error instanceof ApiError && statuses.includes(error.status);
}

/** Spec section 8, "Generic error helper": the message, or a fallback. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || FALLBACK;
  if (typeof error === "string") return error || FALLBACK;
  return "An unexpected error occurred";
}
