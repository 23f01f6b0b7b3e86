import type { Context, MiddlewareHandler } from "hono";
import type { AppContext } from "../context";
import { AppError } from "../errors";

/** The security headers every response carries. The CSP allows no inline scripts. */
export function securityHeaderEntries(options: { https: boolean }): ReadonlyArray<readonly [string, string]> {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
  const entries: Array<readonly [string, string]> = [
    ["Content-Security-Policy", csp],
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "DENY"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Permissions-Policy", "camera=(self), microphone=(self), geolocation=()"],
  ];
  if (options.https) entries.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
  return entries;
}

/**
 * Sets headers on the finished response in place. Hono's `c.header()` after the handler has answered copies the whole
 * Response (turning its body into a stream) on every call; changing the one Headers object costs a fraction of that.
 * Only a response whose headers are immutable (one from fetch() or Response.redirect()) is copied, once.
 */
export function setResponseHeaders(c: Context, entries: ReadonlyArray<readonly [string, string]>): void {
  try {
    const headers = c.res.headers;
    for (const [name, value] of entries) headers.set(name, value);
  } catch {
    for (const [name, value] of entries) c.header(name, value);
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF: a request that changes something with the session cookie must come from one of our own origins.
 * (Bearer-token requests carry no ambient credentials and need no such check.) Throws FORBIDDEN otherwise.
 */
export function trustedOriginCheck(ctx: AppContext): (c: Context) => void {
  const trusted = new Set([new URL(ctx.baseUrl).origin, ...ctx.config.trustedOrigins.map((o) => new URL(o).origin)]);
  return (c) => {
    // With an Authorization header the cookie is not used (auth/middleware.ts), so there is nothing to forge.
    if (SAFE_METHODS.has(c.req.method) || !c.req.header("cookie") || c.req.header("authorization") !== undefined) return;
    const origin = c.req.header("origin");
    if (!origin || !trusted.has(origin)) {
      throw new AppError("FORBIDDEN", "This request did not come from Shepherd. Reload the page and try again.");
    }
  };
}

/** The CSRF check as a middleware (see trustedOriginCheck). */
export function requireTrustedOrigin(ctx: AppContext): MiddlewareHandler {
  const check = trustedOriginCheck(ctx);
  return async (c, next) => {
    check(c);
    return next();
  };
}
