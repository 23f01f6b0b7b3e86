import type { MiddlewareHandler } from "hono";
import type { AppContext } from "../context";
import { AppError } from "../errors";

/** Security headers for every response. The CSP allows no inline scripts. */
export function securityHeaders(options: { https: boolean }): MiddlewareHandler {
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
  return async (c, next) => {
    await next();
    c.header("Content-Security-Policy", csp);
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Referrer-Policy", "strict-origin-when-cross-origin");
    c.header("X-Frame-Options", "DENY");
    c.header("Cross-Origin-Opener-Policy", "same-origin");
    c.header("Permissions-Policy", "camera=(self), microphone=(self), geolocation=()");
    if (options.https) c.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF: a request that changes something with the session cookie must come from one of our own origins.
 * (Bearer-token requests carry no ambient credentials and need no such check.)
 */
export function requireTrustedOrigin(ctx: AppContext): MiddlewareHandler {
  const trusted = new Set([new URL(ctx.baseUrl).origin, ...ctx.config.trustedOrigins.map((o) => new URL(o).origin)]);
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || !c.req.header("cookie") || c.req.header("authorization")) return next();
    const origin = c.req.header("origin");
    if (!origin || !trusted.has(origin)) {
      throw new AppError("FORBIDDEN", "This request did not come from Shepherd. Reload the page and try again.");
    }
    return next();
  };
}
