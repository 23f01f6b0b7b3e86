import { displayNameError, PASSWORD_MIN } from "@shepherd/shared";
import { guessablePasswordProblem } from "@shepherd/shared/password-guess";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "../db/outage";
import { AppError } from "../errors";

/**
 * Issue 19: Better Auth's endpoints are reachable from the internet as they are, so the account rules our own routes
 * apply must hold on them too, and only the endpoints the app uses are served.
 */

/**
 * The Better Auth endpoints the web app (and the JWT readers) use, below /api/auth. Everything else the library and its
 * plugins mount is answered 404: the admin plugin's impersonation, setting a member's password, creating, listing
 * and removing users (the admin area works through our own audited routes), update-user (the profile is ours),
 * change-email, delete-user (account deletion is ours), social linking.
 */
export const SERVED_AUTH_ENDPOINTS = [
  "sign-up/email",
  "sign-in/email",
  "sign-out",
  "get-session",
  "list-sessions",
  "revoke-session",
  "revoke-other-sessions",
  "revoke-sessions",
  "change-password",
  "request-password-reset",
  "reset-password",
  "send-verification-email",
  "verify-email",
  "token",
  "jwks",
  "two-factor/enable",
  "two-factor/disable",
  "two-factor/get-totp-uri",
  "two-factor/verify-totp",
  "two-factor/verify-backup-code",
  "two-factor/generate-backup-codes",
  "ok",
  "error",
] as const;
const SERVED = new Set<string>(SERVED_AUTH_ENDPOINTS);

/** Whether /api/auth/{endpoint} is served; the reset link's /reset-password/{token} is too. */
export function isServedAuthEndpoint(endpoint: string): boolean {
  return SERVED.has(endpoint) || /^reset-password\/[A-Za-z0-9_-]{1,200}$/.test(endpoint);
}

const refuse = (message: string) => new APIError("BAD_REQUEST", { message });

type Body = Record<string, unknown> | null | undefined;

function checkNewPassword(password: unknown): void {
  // Better Auth checks the type and the length itself, with its own messages; a long enough string is weighed here.
  if (typeof password !== "string" || password.length < PASSWORD_MIN) return;
  const problem = guessablePasswordProblem(password);
  if (problem) throw refuse(problem);
}

function checkName(name: unknown): void {
  if (typeof name !== "string") throw refuse("Enter your name (2 to 50 characters).");
  const problem = displayNameError(name);
  if (problem) throw refuse(problem);
}

/**
 * Better Auth's after hook: an endpoint that caught a database error and answered its own 500 (get-session does) is
 * answered as every route is while the database cannot be reached (app.ts: 503 with Retry-After).
 */
export const databaseOutageHook = createAuthMiddleware(async (ctx) => {
  const returned = ctx.context.returned;
  if (isAPIError(returned) && isDatabaseUnavailable(returned)) {
    throw new AppError("UNAVAILABLE", DATABASE_UNAVAILABLE_MESSAGE, { cause: returned });
  }
});

/** Better Auth's before hook: the name, picture and password rules on every path that sets them. */
export const accountRulesHook = createAuthMiddleware(async (ctx) => {
  const body = ctx.body as Body;
  // A body that is not an object is Better Auth's to refuse, with its own message.
  if (body === null || typeof body !== "object" || Array.isArray(body)) return;
  switch (ctx.path) {
    case "/sign-up/email":
      // A name that is not a string is Better Auth's to refuse (its schema says which field is wrong).
      if (typeof body.name === "string") checkName(body.name);
      if (body.image !== undefined && body.image !== null) {
        throw refuse("Add a profile picture from your profile once you have signed up.");
      }
      checkNewPassword(body.password);
      return;
    case "/change-password":
      checkNewPassword(body.newPassword);
      // A new password ends every other sign-in (and the tokens made for them): this device gets a new session.
      return { context: { body: { ...body, revokeOtherSessions: true } } };
    case "/reset-password":
      checkNewPassword(body.newPassword);
      return;
    case "/update-user":
      // Not served over HTTP (SERVED above); kept safe for a call from the server's own code.
      if ("name" in body) checkName(body.name);
      if ("image" in body) throw refuse("Change your profile picture from your profile.");
      return;
  }
});
