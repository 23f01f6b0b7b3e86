import { and, eq } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
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
  return async (token: string): Promise<string> => {
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
      if (!result.payload.sub) throw new AppError("UNAUTHORIZED", "The token names no user.");
      return result.payload.sub;
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof joseErrors.JWSSignatureVerificationFailed) throw unauthorized(INVALID_JWT_SIGNATURE);
      if (error instanceof joseErrors.JWTExpired) throw unauthorized("Your sign-in has expired. Please sign in again.");
      if (error instanceof joseErrors.JWKSNoMatchingKey) throw unauthorized(INVALID_JWT_SIGNATURE);
      throw unauthorized("The bearer token is not valid. Please sign in again.");
    }
  };
}

/** Works out who is asking: a session cookie or a Bearer JWT. Sets `user` (or null). */
export function resolveUser(ctx: AppContext): MiddlewareHandler<AppEnv> {
  const verifyJwt = createJwtVerifier(ctx);
  return async (c, next) => {
    const authorization = c.req.header("authorization");
    let user: SignedInUser | null = null;
    if (authorization?.toLowerCase().startsWith("bearer ")) {
      const userId = await verifyJwt(authorization.slice(7).trim());
      const [row] = await ctx.db
        .select()
        .from(schema.users)
        .where(and(eq(schema.users.id, userId)));
      if (!row) throw unauthorized("This account no longer exists.");
      if (row.banned) throw new AppError("FORBIDDEN", "This account has been suspended.");
      user = {
        id: row.id,
        email: row.email,
        name: row.name,
        role: row.role,
        twoFactorEnabled: row.twoFactorEnabled,
        via: "jwt",
        sessionId: null,
      };
    } else if (c.req.header("cookie")) {
      const result = await ctx.auth.api.getSession({ headers: c.req.raw.headers, returnHeaders: true });
      // The session's expiry may have been refreshed: pass the new cookie on.
      result.headers?.getSetCookie?.().forEach((cookie) => c.header("set-cookie", cookie, { append: true }));
      const session = result.response;
      if (session) {
        const u = session.user as typeof session.user & { role?: string | null; twoFactorEnabled?: boolean | null };
        user = {
          id: u.id,
          email: u.email,
          name: u.name,
          role: u.role ?? null,
          twoFactorEnabled: Boolean(u.twoFactorEnabled),
          via: "session",
          sessionId: session.session.id,
        };
      }
    }
    c.set("user", user);
    await next();
  };
}

/** Routes that need a signed-in user call this first. */
export function requireUser(c: { get(key: "user"): SignedInUser | null }): SignedInUser {
  const user = c.get("user");
  if (!user) throw unauthorized();
  return user;
}

export function isAdmin(user: SignedInUser): boolean {
  return user.role === "admin";
}
