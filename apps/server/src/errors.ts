import type { ContentfulStatusCode } from "hono/utils/http-status";

/** One error type with codes: the code maps to a status, `message` is for the person. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  PREMIUM_REQUIRED: 403,
  LIMIT_REACHED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly issues: string[] | undefined;
  constructor(code: ErrorCode, message: string, options?: { issues?: string[]; cause?: unknown }) {
    super(message, { cause: options?.cause });
    this.code = code;
    this.issues = options?.issues;
  }
  get status(): ContentfulStatusCode {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what = "That item") => new AppError("NOT_FOUND", `${what} was not found.`);
export const unauthorized = (message = "Please sign in to continue.") => new AppError("UNAUTHORIZED", message);
