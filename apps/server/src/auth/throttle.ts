import { and, eq, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { schema } from "../db/client";
import { AppError } from "../errors";

/**
 * Issue 19, point 6. Better Auth limits sign-in attempts per address; 30 addresses could still try 30 passwords for one
 * account. Two guards per account, kept in the rate_limits table (shared by every process):
 *
 * - Sign-in: after FREE_FAILURES wrong passwords for an email within the window, each next attempt must wait a delay
 *   that doubles with each failure, capped at MAX_DELAY_SECONDS. A growing delay, not a lockout: the member can
 *   always sign in within a minute, while a guesser gets about one try a minute. A sign-in that succeeds clears it.
 * - Two-step codes: a TOTP code that finished one sign-in cannot finish another (a code seen over a shoulder or on a
 *   recording); the accepted code is remembered for the codes' validity (the current, previous and next 30-second
 *   steps), and a second sign-in with it is undone.
 */
const FREE_FAILURES = 5;
const WINDOW_SECONDS = 15 * 60;
const MAX_DELAY_SECONDS = 60;
const TOTP_MEMORY_SECONDS = 90;

const signInKey = (email: string) => `shepherd:sign-in-failures:${email.trim().toLowerCase()}`;
const totpKey = (userId: string, code: string) => `shepherd:totp-used:${userId}:${code}`;

/** The seconds to wait after `failures` failures, 0 while they are few. */
export function signInDelaySeconds(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - FREE_FAILURES), MAX_DELAY_SECONDS);
}

/** Throws 429 when this account's next sign-in attempt must still wait. */
export async function checkSignInDelay(db: Database, email: string, now = Date.now()): Promise<void> {
  const [row] = await db
    .select()
    .from(schema.rateLimits)
    .where(eq(schema.rateLimits.key, signInKey(email)));
  if (!row || row.lastRequest < now - WINDOW_SECONDS * 1000) return;
  const wait = Math.ceil((row.lastRequest + signInDelaySeconds(row.count) * 1000 - now) / 1000);
  if (wait > 0) {
    throw new AppError(
      "TOO_MANY_REQUESTS",
      `Too many wrong passwords for this account. Wait ${wait} second${wait === 1 ? "" : "s"} and try again, or reset your password.`,
    );
  }
}

/** Counts a wrong password for this account (a new window once the last failure is old). */
export async function recordSignInFailure(db: Database, email: string, now = Date.now()): Promise<void> {
  const windowStart = now - WINDOW_SECONDS * 1000;
  await db.execute(sql`
    insert into rate_limits (id, key, count, last_request)
    values (${crypto.randomUUID()}, ${signInKey(email)}, 1, ${now})
    on conflict (key) do update set
      count = case when rate_limits.last_request < ${windowStart} then 1 else rate_limits.count + 1 end,
      last_request = ${now}`);
}

export async function clearSignInFailures(db: Database, email: string): Promise<void> {
  await db.delete(schema.rateLimits).where(eq(schema.rateLimits.key, signInKey(email)));
}

/**
 * Remembers that `code` finished a sign-in for this member; false when it already had (within its validity), in which
 * case the caller undoes the sign-in.
 */
export async function claimTotpCode(db: Database, userId: string, code: string, now = Date.now()): Promise<boolean> {
  await db
    .delete(schema.rateLimits)
    .where(
      and(eq(schema.rateLimits.key, totpKey(userId, code)), lt(schema.rateLimits.lastRequest, now - TOTP_MEMORY_SECONDS * 1000)),
    );
  const claimed = await db
    .insert(schema.rateLimits)
    .values({ id: crypto.randomUUID(), key: totpKey(userId, code), count: 1, lastRequest: now })
    .onConflictDoNothing()
    .returning({ id: schema.rateLimits.id });
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

/** The pending two-step sign-in's cookie (Better Auth's two-factor plugin, our cookie prefix). */
const TWO_FACTOR_COOKIE = /(?:^|;\s*)(?:__Secure-)?shepherd\.two_factor=/;

/**
 * Sends a Better Auth request through the per-account guards above: the sign-in delay before a password is checked, a
 * failure or a success counted after; a two-step code that finishes a sign-in claimed after, and the sign-in undone
 * (its new session deleted, no cookie sent) when the code had finished one already.
 */
export async function throttledAuthRequest(
  db: Database,
  endpoint: string,
  request: { body: string | undefined; cookie: string | undefined },
  send: () => Promise<Response>,
): Promise<Response> {
  if (endpoint === "sign-in/email") {
    const email = field(request.body, "email");
    if (email) await checkSignInDelay(db, email);
    const response = await send();
    if (email && response.status === 401) await recordSignInFailure(db, email);
    if (email && response.status === 200) await clearSignInFailures(db, email);
    return response;
  }
  if (endpoint === "two-factor/verify-totp" && request.cookie && TWO_FACTOR_COOKIE.test(request.cookie)) {
    const code = field(request.body, "code");
    const response = await send();
    if (response.status !== 200 || !code) return response;
    const answer = (await response.clone().json()) as { token?: string; user?: { id?: string } };
    if (!answer.user?.id || (await claimTotpCode(db, answer.user.id, code))) return response;
    if (answer.token) await db.delete(schema.sessions).where(eq(schema.sessions.token, answer.token));
    throw new AppError(
      "UNAUTHORIZED",
      "This code was already used to sign in. Wait for the next code in your authenticator app.",
    );
  }
  return send();
}
