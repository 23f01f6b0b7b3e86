import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, jwt, twoFactor } from "better-auth/plugins";
import { displayNameError, PASSWORD_MIN } from "@shepherd/shared";
import { APIError } from "better-auth/api";
import type { Database } from "../db/client";
import { schema } from "../db/client";
import type { Logger } from "../logger";
import type { MailProvider } from "../providers/mail/mail";
import { passwordResetMail, verifyEmailMail } from "../providers/mail/templates";
import { passwordOption, type PasswordHashing } from "./password-hashing";
import { accountRulesHook, databaseOutageHook } from "./rules";

/** The header our own middleware sets from the socket (or a trusted proxy); clients cannot set it. */
export const CLIENT_IP_HEADER = "x-shepherd-client-ip";

export const JWT_ISSUER = "shepherd";

export interface AuthOptions {
  db: Database;
  baseUrl: string;
  trustedOrigins: string[];
  secret: string;
  /** PASSWORD_HASHING: Better Auth's own scrypt, or the test suites' cheap one (password-hashing.ts). */
  passwordHashing: PasswordHashing;
  mail: MailProvider;
  log: Logger;
  adminEmails: string[];
  rateLimit: { max: number; windowSeconds: number };
  secureCookies: boolean;
  /**
   * Lifetime of Better Auth's signed session cookie cache (`shepherd.session_data`): within it, requests are answered
   * from the cookie without reading the session; a session revoked on another device keeps working at most this
   * long. 0 turns the cache off.
   */
  sessionCacheSeconds: number;
  /** New accounts sign in only once a mailed link has verified their address (REQUIRE_EMAIL_VERIFICATION). */
  requireEmailVerification: boolean;
  /** Runs after a new account is stored (sign-up): the areas that keep something per person set it up here. */
  onUserCreated: (user: { id: string; name: string; email: string }) => Promise<void>;
}

export function createAuth(options: AuthOptions) {
  const { db, log, mail } = options;
  const window = options.rateLimit.windowSeconds;
  const max = options.rateLimit.max;
  return betterAuth({
    appName: "Shepherd",
    baseURL: options.baseUrl,
    basePath: "/api/auth",
    secret: options.secret,
    trustedOrigins: [options.baseUrl, ...options.trustedOrigins],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.users,
        session: schema.sessions,
        account: schema.accounts,
        verification: schema.verifications,
        twoFactor: schema.twoFactors,
        jwks: schema.jwks,
        rateLimit: schema.rateLimits,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: 128,
      password: passwordOption(options.passwordHashing),
      // With verification required, sign-up makes no session: the member signs in from the mailed link.
      autoSignIn: !options.requireEmailVerification,
      requireEmailVerification: options.requireEmailVerification,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) => {
        await mail.send({ to: user.email, ...passwordResetMail({ name: user.name, url }), kind: "password_reset" });
      },
    },
    emailVerification: {
      sendOnSignUp: options.requireEmailVerification,
      // A sign-in attempt before verifying sends a fresh link (the first may be lost or expired).
      sendOnSignIn: options.requireEmailVerification,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) => {
        await mail.send({ to: user.email, ...verifyEmailMail({ name: user.name, url }), kind: "verify_email" });
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      // Refresh the session's expiry at most once a day while it is being used.
      updateAge: 60 * 60 * 24,
      cookieCache: { enabled: options.sessionCacheSeconds > 0, maxAge: options.sessionCacheSeconds, strategy: "compact" },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window, max },
        "/sign-up/email": { window, max },
        "/request-password-reset": { window, max },
        "/two-factor/verify-totp": { window, max },
        "/two-factor/verify-backup-code": { window, max },
        // Reading one's own session is what every page load does; a shared IP (a church's Wi-Fi) must not run out.
        "/get-session": false,
      },
    },
    advanced: {
      cookiePrefix: "shepherd",
      useSecureCookies: options.secureCookies,
      defaultCookieAttributes: { sameSite: "lax", httpOnly: true },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // Better Auth turns its Origin/CSRF check off by default when NODE_ENV=test (or TEST) is set: keep it on always.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      database: { generateId: () => crypto.randomUUID() },
    },
    hooks: { before: accountRulesHook, after: databaseOutageHook },
    // Errors that are not Better Auth's own answers (a database that cannot be reached) reach app.ts's onError, which
    // logs them through our logger and answers 503 when the database is the cause, instead of Better Auth's bare 500.
    onAPIError: { throw: true },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => {
            // Sign-up goes straight to Better Auth, so the spec's name rule (section 5) is enforced here too.
            const nameProblem = displayNameError(user.name ?? "");
            if (nameProblem) throw new APIError("BAD_REQUEST", { message: nameProblem });
            const role = options.adminEmails.includes(user.email.toLowerCase()) ? "admin" : "user";
            return { data: { ...user, role } };
          },
          after: async (user) => {
            await options.onUserCreated(user);
          },
        },
      },
    },
    plugins: [
      twoFactor({ issuer: "Shepherd" }),
      jwt({
        jwks: { keyPairConfig: { alg: "EdDSA", crv: "Ed25519" } },
        // `sid`: the session the token belongs to; our middleware refuses the token once that session is gone.
        jwt: {
          issuer: JWT_ISSUER,
          audience: JWT_ISSUER,
          expirationTime: "15m",
          definePayload: ({ user, session }) => ({ ...user, sid: session.id }),
        },
        // Tokens are fetched from /api/auth/token when wanted; signing one on every session read only costs CPU.
        disableSettingJwtHeader: true,
      }),
      admin({ defaultRole: "user", adminRoles: ["admin"] }),
    ],
    logger: {
      log: (level, message, ...args) => {
        const fn = level === "error" ? log.error : level === "warn" ? log.warn : log.debug;
        fn.call(log, { args: args.length ? args : undefined, source: "better-auth" }, message);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
