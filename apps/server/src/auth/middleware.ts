import { createHmac, timingSafeEqual } from "node:crypto";
import { getCookieCache } from "better-auth/cookies";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JSONWebKeySet } from "jose";
import type { AppContext, AppEnv, SignedInUser } from "../context";
import { schema } from "../db/client";
import { AppError, unauthorized } from "../errors";
import { JWT_ISSUER } from "./auth";

export const INVALID_JWT_SIGNATURE = "Invalid JWT signature";

/** Verifies Bearer JWTs against our own JWKS, reloading the key set once when a key id is unknown. */
function createJwtVerifier(ctx: AppContext) {
  let keySet: ReturnType<typeof createLocalJWKSet> | undefined;
  const load = async () => {
    const jwks = (await ctx.auth.api.getJwks()) as JSONWebKeySet;
    keySet = createLocalJWKSet(jwks);
    return keySet;
  };
  /** The user and the session the token was made for (Better Auth's jwt plugin, `sid` from auth.ts). */
  return async (token: string): Promise<{ userId: string; sessionId: string }> => {
    const verify = async (set: ReturnType<typeof createLocalJWKSet>) =>
      jwtVerify(token, set, { issuer: JWT_ISSUER, audience: JWT_ISSUER });
    try {
      let result;
      try {
        result = await verify(keySet ?? (await load()));
      } catch (error) {
        if (!(error instanceof joseErrors.JWKSNoMatchingKey)) throw error;
        result = await verify(await load());
      }
      const { sub, sid } = result.payload;
      if (!sub) throw new AppError("UNAUTHORIZED", "The token names no user.");
      if (typeof sid !== "string") throw unauthorized("This token is from an older sign-in. Please sign in again.");
      return { userId: sub, sessionId: sid };
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof joseErrors.JWSSignatureVerificationFailed) throw unauthorized(INVALID_JWT_SIGNATURE);
      if (error instanceof joseErrors.JWTExpired) throw unauthorized("Your sign-in has expired. Please sign in again.");
      if (error instanceof joseErrors.JWKSNoMatchingKey) throw unauthorized(INVALID_JWT_SIGNATURE);
      throw unauthorized("The bearer token is not valid. Please sign in again.");
    }
  };
}

const SESSION_COOKIE = "shepherd.session_token";
const SESSION_CACHE_COOKIE = "shepherd.session_data";
/** Matches Better Auth's `session.updateAge`: older sessions go through Better Auth, which refreshes them. */
const SESSION_REFRESH_AFTER_MS = 24 * 60 * 60 * 1000;

function readCookie(header: string, name: string): string | null {
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    if (key === name || key === `__Secure-${name}`) return part.slice(eq + 1).trim();
  }
  return null;
}

/** The value of one of Better Auth's signed cookies (`value.HMAC-SHA256`), or null when absent or wrongly signed. */
export function verifiedSignedCookie(cookieHeader: string, name: string, secret: string): string | null {
  const raw = readCookie(cookieHeader, name);
  if (!raw) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), "base64");
  const expected = createHmac("sha256", secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/** The session token from Better Auth's signed session cookie, or null when the signature is wrong. */
export function verifiedSessionToken(cookieHeader: string, secret: string): string | null {
  return verifiedSignedCookie(cookieHeader, SESSION_COOKIE, secret);
}

type UserRow = typeof schema.users.$inferSelect;

function toSignedInUser(
  row: Pick<UserRow, "id" | "email" | "name" | "role" | "twoFactorEnabled">,
  via: SignedInUser["via"],
  sessionId: string | null,
): SignedInUser {
  return { id: row.id, email: row.email, name: row.name, role: row.role, twoFactorEnabled: row.twoFactorEnabled, via, sessionId };
}

/**
 * Works out who is asking, lazily (a route that needs no user pays nothing): a Bearer JWT, or the session cookie.
 * The cookie's fast path verifies Better Auth's signature and reads the session and user in one query, or from the
 * process's session cache (auth/session-cache.ts: ended by PostgreSQL's notices, so revocation is exact); a session
 * due for refresh (or anything unusual) goes through Better Auth's own getSession, whose refreshed cookie is passed on.
 */
export function resolveUser(ctx: AppContext): MiddlewareHandler<AppEnv> {
  const install = userResolver(ctx);
  return async (c, next) => {
    install(c);
    await next();
  };
}

/** What resolveUser does, without the middleware around it: installs the lazy `getUser` on the request's context. */
export function userResolver(ctx: AppContext): (c: Context<AppEnv>) => void {
  const verifyJwt = createJwtVerifier(ctx);
  const secret = ctx.auth.options.secret as string;
  const { sessions } = ctx;

  /**
   * Issue 19: a token lives only as long as the session it was made for, so signing out, a password change (which
   * replaces every session) or a reset end it at once, as they end the cookie.
   */
  const fromJwt = async (token: string): Promise<SignedInUser> => {
    const { userId, sessionId } = await verifyJwt(token);
    const key = `i:${sessionId}`;
    const cached = sessions.get(key);
    if (cached) {
      if (cached.userId !== userId) throw unauthorized("This sign-in has ended. Please sign in again.");
      return { ...cached.user, via: "jwt", sessionId: null };
    }
    const ticket = sessions.ticket();
    const [row] = await sessionById.execute({ sessionId, now: new Date() });
    if (!row || row.id !== userId) throw unauthorized("This sign-in has ended. Please sign in again.");
    if (row.banned) throw new AppError("FORBIDDEN", "This account has been suspended.");
    const user = toSignedInUser(row, "jwt", null);
    sessions.remember(ticket, key, {
      user,
      userId: row.id,
      sessionId,
      expiresAt: row.expiresAt.getTime(),
      updatedAt: row.updatedAt.getTime(),
    });
    return user;
  };

  const sessionLookup = ctx.db
    .select({
      sessionId: schema.sessions.id,
      updatedAt: schema.sessions.updatedAt,
      expiresAt: schema.sessions.expiresAt,
      id: schema.users.id,
      email: schema.users.email,
      name: schema.users.name,
      role: schema.users.role,
      twoFactorEnabled: schema.users.twoFactorEnabled,
      banned: schema.users.banned,
    })
    .from(schema.sessions)
    .innerJoin(schema.users, eq(schema.users.id, schema.sessions.userId))
    .where(and(eq(schema.sessions.token, sql.placeholder("token")), gt(schema.sessions.expiresAt, sql.placeholder("now"))))
    .prepare("session_by_token");

  const sessionById = ctx.db
    .select({
      updatedAt: schema.sessions.updatedAt,
      expiresAt: schema.sessions.expiresAt,
      id: schema.users.id,
      email: schema.users.email,
      name: schema.users.name,
      role: schema.users.role,
      twoFactorEnabled: schema.users.twoFactorEnabled,
      banned: schema.users.banned,
    })
    .from(schema.sessions)
    .innerJoin(schema.users, eq(schema.users.id, schema.sessions.userId))
    .where(and(eq(schema.sessions.id, sql.placeholder("sessionId")), gt(schema.sessions.expiresAt, sql.placeholder("now"))))
    .prepare("session_by_id");

  const cacheOptions = ctx.auth.options.session?.cookieCache?.enabled
    ? {
        secret,
        cookiePrefix: "shepherd",
        isSecure: Boolean(ctx.auth.options.advanced?.useSecureCookies),
        strategy: "compact" as const,
      }
    : null;

  /**
   * Better Auth's signed session cookie cache (`shepherd.session_data`, see auth.ts): the session and user as they were
   * at most SESSION_CACHE_SECONDS ago, signed with our secret and bound to this session token. Null when absent,
   * forged, expired, for another session, or due for its daily refresh.
   */
  const fromCookieCache = async (c: Context<AppEnv>, token: string): Promise<SignedInUser | null> => {
    if (!cacheOptions) return null;
    const cached = await getCookieCache(c.req.raw.headers, cacheOptions);
    if (!cached || cached.session.token !== token) return null;
    if (Date.now() - new Date(cached.session.updatedAt).getTime() >= SESSION_REFRESH_AFTER_MS) return null;
    const u = cached.user as typeof cached.user & {
      role?: string | null;
      banned?: boolean | null;
      twoFactorEnabled?: boolean | null;
    };
    if (u.banned) return null;
    return toSignedInUser(
      { id: u.id, email: u.email, name: u.name, role: u.role ?? null, twoFactorEnabled: Boolean(u.twoFactorEnabled) },
      "session",
      cached.session.id,
    );
  };

  const fromCookie = async (c: Context<AppEnv>, cookie: string): Promise<SignedInUser | null> => {
    const token = verifiedSessionToken(cookie, secret);
    if (!token) return null;
    const cached = await fromCookieCache(c, token);
    if (cached) return cached;
    // With the cache on, a miss goes through Better Auth, which reads the session and sends a fresh cache cookie.
    if (cacheOptions) return fromBetterAuth(c);
    const key = `t:${token}`;
    const known = sessions.get(key);
    // A copy: what one request does with its user never reaches the next.
    if (known && Date.now() - known.updatedAt < SESSION_REFRESH_AFTER_MS) return { ...known.user };
    const ticket = sessions.ticket();
    const [row] = await sessionLookup.execute({ token, now: new Date() });
    if (!row) return null;
    if (!row.banned && Date.now() - row.updatedAt.getTime() < SESSION_REFRESH_AFTER_MS) {
      const user = toSignedInUser(row, "session", row.sessionId);
      sessions.remember(ticket, key, {
        user,
        userId: row.id,
        sessionId: row.sessionId,
        expiresAt: row.expiresAt.getTime(),
        updatedAt: row.updatedAt.getTime(),
      });
      return user;
    }
    return fromBetterAuth(c);
  };

  /** Better Auth's own getSession (reads the session, refreshes it when due, sets the cookies it wants set). */
  const fromBetterAuth = async (c: Context<AppEnv>): Promise<SignedInUser | null> => {
    const result = await ctx.auth.api.getSession({
      headers: c.req.raw.headers,
      query: { disableCookieCache: true },
      returnHeaders: true,
    });
    result.headers?.getSetCookie?.().forEach((value) => c.header("set-cookie", value, { append: true }));
    const session = result.response;
    if (!session) return null;
    const u = session.user as typeof session.user & { role?: string | null; twoFactorEnabled?: boolean | null };
    return toSignedInUser(
      { ...u, role: u.role ?? null, twoFactorEnabled: Boolean(u.twoFactorEnabled) },
      "session",
      session.session.id,
    );
  };

  return (c) => {
    let pending: Promise<SignedInUser | null> | undefined;
    c.set("getUser", () => {
      if (!pending) {
        const authorization = c.req.header("authorization");
        const cookie = c.req.header("cookie");
        // A request with an Authorization header is signed in by it alone (a Bearer JWT) or not at all: the cookie is
        // used only when none is sent, so a header can never switch the cookie's CSRF check off (security.ts).
        if (authorization !== undefined) {
          pending = authorization.toLowerCase().startsWith("bearer ")
            ? fromJwt(authorization.slice(7).trim())
            : Promise.resolve(null);
        } else if (cookie) pending = fromCookie(c, cookie);
        else pending = Promise.resolve(null);
      }
      return pending;
    });
  };
}

/** Tells this device to drop its session cookies (the token and the session cookie cache), as sign-out does. */
export function expireSessionCookies(c: Context<AppEnv>, ctx: AppContext): void {
  const secure = Boolean(ctx.auth.options.advanced?.useSecureCookies);
  for (const name of [SESSION_COOKIE, SESSION_CACHE_COOKIE]) {
    const cookie = `${secure ? "__Secure-" : ""}${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
    c.header("set-cookie", cookie, { append: true });
  }
}

/** The signed-in user, or null. */
export function currentUser(c: { get(key: "getUser"): () => Promise<SignedInUser | null> }): Promise<SignedInUser | null> {
  return c.get("getUser")();
}

/** Routes that need a signed-in user call this first. */
export async function requireUser(c: { get(key: "getUser"): () => Promise<SignedInUser | null> }): Promise<SignedInUser> {
  const user = await currentUser(c);
  if (!user) throw unauthorized();
  return user;
}

export function isAdmin(user: SignedInUser): boolean {
  return user.role === "admin";
}
