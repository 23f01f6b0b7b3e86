import { and, eq, gt, inArray, like, lt, or } from "drizzle-orm";
import type { Database, Executor } from "../db/client";
import { schema } from "../db/client";
import { AppError } from "../errors";
import { countEvent } from "../http/rate-limit";
import { verifiedSignedCookie } from "./middleware";

/**
 * Issue 19, point 6. Better Auth limits sign-in attempts per address; 30 addresses could still try 30 passwords for one
 * account. Guards per account, kept in our throttles table (shared by every process; Better Auth's rate_limits loses
 * whatever is quiet for a minute, db/schema/throttles.ts):
 *
 * - Wrong passwords and wrong two-step codes: after FREE_FAILURES failures for an account within the window, each next
 *   attempt must wait a delay that doubles with each failure, capped at MAX_DELAY_SECONDS. A growing delay, not a
 *   lockout: the member can always sign in within a minute, while a guesser gets about one try a minute. A success
 *   clears it. Passwords count per email; two-step codes (authenticator and backup codes together) per member, found
 *   from the pending sign-in's signed cookie, since a guesser who knows the password could otherwise start a new
 *   pending sign-in for every handful of codes Better Auth allows on one.
 * - Two-step codes: a TOTP code that finished one sign-in cannot finish another (a code seen over a shoulder or on a
 *   recording); the accepted code is remembered for the codes' validity (the current, previous and next 30-second
 *   steps), and a second sign-in with it is undone.
 */
const FREE_FAILURES = 5;
const WINDOW_SECONDS = 15 * 60;
const MAX_DELAY_SECONDS = 60;
const TOTP_MEMORY_SECONDS = 90;

interface FailureGuard {
  key: (subject: string) => string;
  message: (wait: string) => string;
}

const seconds = (n: number) => `${n} second${n === 1 ? "" : "s"}`;

export const WRONG_PASSWORDS: FailureGuard = {
  key: (email) => `sign-in-failures:${email.trim().toLowerCase()}`,
  message: (wait) => `Too many wrong passwords for this account. Wait ${wait} and try again, or reset your password.`,
};

export const WRONG_CODES: FailureGuard = {
  key: (userId) => `two-factor-failures:${userId}`,
  message: (wait) => `Too many wrong codes for this account. Wait ${wait} and try again with a new code.`,
};

const totpKey = (userId: string, code: string) => `totp-used:${userId}:${code}`;

/** The seconds to wait after `failures` failures, 0 while they are few. */
export function signInDelaySeconds(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - FREE_FAILURES), MAX_DELAY_SECONDS);
}

/** Throws 429 when this account's next attempt must still wait. */
export async function checkFailureDelay(db: Database, guard: FailureGuard, subject: string, now = Date.now()): Promise<void> {
  const [row] = await db
    .select()
    .from(schema.throttles)
    .where(eq(schema.throttles.key, guard.key(subject)));
  if (!row || row.lastRequest < now - WINDOW_SECONDS * 1000) return;
  const wait = Math.ceil((row.lastRequest + signInDelaySeconds(row.count) * 1000 - now) / 1000);
  if (wait > 0) throw new AppError("TOO_MANY_REQUESTS", guard.message(seconds(wait)));
}

/** Counts a failure for this account (a new window once the last failure is old). */
export async function recordFailure(db: Database, guard: FailureGuard, subject: string, now = Date.now()): Promise<void> {
  await countEvent(db, guard.key(subject), { windowSeconds: WINDOW_SECONDS, window: "sliding", now });
}

export async function clearFailures(db: Database, guard: FailureGuard, subject: string): Promise<void> {
  await db.delete(schema.throttles).where(eq(schema.throttles.key, guard.key(subject)));
}

/** Deleting an account takes its throttle records with it: its email's and id's counts and its used two-step codes. */
export async function forgetAccountThrottles(db: Executor, account: { email: string; userId: string }): Promise<void> {
  await db
    .delete(schema.throttles)
    .where(
      or(
        inArray(schema.throttles.key, [WRONG_PASSWORDS.key(account.email), WRONG_CODES.key(account.userId)]),
        like(schema.throttles.key, `${totpKey(account.userId, "")}%`),
      ),
    );
}

/**
 * Remembers that `code` finished a sign-in for this member; false when it already had (within its validity), in which
 * case the caller undoes the sign-in.
 */
export async function claimTotpCode(db: Database, userId: string, code: string, now = Date.now()): Promise<boolean> {
  await db
    .delete(schema.throttles)
    .where(
      and(eq(schema.throttles.key, totpKey(userId, code)), lt(schema.throttles.lastRequest, now - TOTP_MEMORY_SECONDS * 1000)),
    );
  const claimed = await db
    .insert(schema.throttles)
    .values({ key: totpKey(userId, code), count: 1, lastRequest: now })
    .onConflictDoNothing()
    .returning({ key: schema.throttles.key });
  return claimed.length > 0;
}

function field(body: string | undefined, name: string): string | null {
  if (!body) return null;
  try {
    const value = (JSON.parse(body) as Record<string, unknown>)[name];
    return typeof value === "string" ? value : null;
  } catch {
    return null;
  }
}

const TWO_FACTOR_COOKIE = "shepherd.two_factor";
/** Better Auth's endpoints that finish a pending two-step sign-in with a code. */
const CODE_ENDPOINTS = new Set(["two-factor/verify-totp", "two-factor/verify-backup-code"]);

/** Whose pending two-step sign-in the request's signed cookie names (Better Auth keeps it as a verification row). */
async function pendingTwoStepMember(db: Database, cookie: string | undefined, secret: string): Promise<string | null> {
  const identifier = cookie ? verifiedSignedCookie(cookie, TWO_FACTOR_COOKIE, secret) : null;
  if (!identifier) return null;
  const [row] = await db
    .select({ userId: schema.verifications.value })
    .from(schema.verifications)
    .where(and(eq(schema.verifications.identifier, identifier), gt(schema.verifications.expiresAt, new Date())));
  return row?.userId ?? null;
}

/**
 * Sends a Better Auth request through the per-account guards above: the delay before a password or a two-step code is
 * checked, a failure or a success counted after; a TOTP code that finishes a sign-in claimed after, and the sign-in
 * undone (its new session deleted, no cookie sent) when the code had finished one already.
 */
export async function throttledAuthRequest(
  db: Database,
  endpoint: string,
  request: { body: string | undefined; cookie: string | undefined; secret: string },
  send: () => Promise<Response>,
): Promise<Response> {
  if (endpoint === "sign-in/email") {
    const email = field(request.body, "email");
    if (email) await checkFailureDelay(db, WRONG_PASSWORDS, email);
    const response = await send();
    if (email && response.status === 401) await recordFailure(db, WRONG_PASSWORDS, email);
    if (email && response.status === 200) await clearFailures(db, WRONG_PASSWORDS, email);
    return response;
  }
  if (!CODE_ENDPOINTS.has(endpoint)) return send();
  const member = await pendingTwoStepMember(db, request.cookie, request.secret);
  // No pending sign-in (or a signed-in member managing his settings): Better Auth answers as it does.
  if (!member) return send();
  await checkFailureDelay(db, WRONG_CODES, member);
  const response = await send();
  if (response.status === 401) await recordFailure(db, WRONG_CODES, member);
  if (response.status !== 200) return response;
  await clearFailures(db, WRONG_CODES, member);
  const code = field(request.body, "code");
  if (endpoint !== "two-factor/verify-totp" || !code) return response;
  const answer = (await response.clone().json()) as { token?: string; user?: { id?: string } };
  if (!answer.user?.id || (await claimTotpCode(db, answer.user.id, code))) return response;
  if (answer.token) await db.delete(schema.sessions).where(eq(schema.sessions.token, answer.token));
  throw new AppError("UNAUTHORIZED", "This code was already used to sign in. Wait for the next code in your authenticator app.");
}
