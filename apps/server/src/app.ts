import { Hono, type Context, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { AVATAR_MAX_BYTES, JSON_BODY_LIMIT_BYTES } from "@shepherd/shared";
import { CLIENT_IP_HEADER } from "./auth/auth";
import { rewordAuthError } from "./auth/messages";
import { isServedAuthEndpoint } from "./auth/rules";
import { throttledAuthRequest } from "./auth/throttle";
import { currentUser, userResolver } from "./auth/middleware";
import type { AppContext, AppEnv } from "./context";
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "./db/outage";
import { AppError } from "./errors";
import { checkAddress, checkJsonText, isJson } from "./http/clean-input";
import { clientIp } from "./http/client-ip";
import { idempotentWrite } from "./http/idempotency";
import { securityHeaderEntries, setResponseHeaders, trustedOriginCheck } from "./http/security";
import { serveWebApp, type MemberHint } from "./http/static";
import { keepConnectionUsable } from "./http/unread-body";
import { accessRoutes } from "./modules/access/routes";
import { accountRoutes } from "./modules/account/routes";
import { adminRoutes } from "./modules/admin/routes";
import { audioRoutes } from "./modules/audio/routes";
import { communityRoutes } from "./modules/community/routes";
import { activityRoutes } from "./modules/activity/routes";
import { experimentRoutes } from "./modules/experiments/routes";
import { errorReportRoutes } from "./modules/error-reports/routes";
import { functionRoutes } from "./modules/functions/routes";
import { healthRoutes } from "./modules/health/routes";
import { insightRoutes } from "./modules/insights/routes";
import { journalRoutes } from "./modules/journal/routes";
import { pathRoutes } from "./modules/path/routes";
import { seriesRoutes } from "./modules/series/routes";
import { todayRoutes } from "./modules/today/routes";
import { whisperRoutes } from "./modules/whispers/routes";
import { wordRoutes } from "./modules/word/routes";
import { notificationRoutes } from "./modules/notifications/routes";
import { flockRoutes } from "./modules/flock/routes";
import { gatheringRoutes } from "./modules/gatherings/routes";
import { pastureRoutes, PASTURE_IMAGE_MAX_BYTES } from "./modules/pasture/routes";
import { profileRoutes } from "./modules/profiles/routes";
import { finishedOnboarding } from "./modules/profiles/service";
import { reminderRoutes } from "./modules/reminders/routes";
import { subscriptionRoutes } from "./modules/subscription/routes";
import { supportRoutes } from "./modules/support/routes";
import { realtimeRoutes } from "./realtime/routes";

const REQUEST_ID = /^[\w-]{8,64}$/;
/** Stripe's events can be larger than our own JSON bodies. */
const WEBHOOK_BODY_LIMIT_BYTES = 512 * 1024;
const noUser = async () => null;
/** Bodies read as they came (a signed webhook): not parsed here. */
const RAW_BODY_PATHS = new Set(["/api/billing/stripe/webhook"]);

/** Builds the HTTP app from a context. It does not listen; main.ts and the tests do. */
export function createApp(ctx: AppContext) {
  const app = new Hono<AppEnv>();

  // An answer given before the request's body was read (413, 401, 403...) drains it or closes the connection
  // (http/unread-body.ts): the client's next request on that connection must not fail.
  app.use(keepConnectionUsable());

  // One middleware for what every request gets: its id, the security headers and (for the API) a log line. The headers
  // are set on the finished response in place (see setResponseHeaders): no copies of the response.
  const security = securityHeaderEntries({ https: (ctx.config.publicUrl ?? ctx.baseUrl).startsWith("https://") });
  app.use(async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    c.set("requestId", requestId);
    c.set("getUser", noUser);
    const started = performance.now();
    await next();
    setResponseHeaders(c, [...security, ["x-request-id", requestId]]);
    if (ctx.log.isLevelEnabled("info") && c.req.path.startsWith("/api/")) {
      ctx.log.info(
        { requestId, method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
        "request",
      );
    }
  });

  // Every API address, ours and Better Auth's, without control characters (http/clean-input.ts).
  app.use("/api/*", (c, next) => {
    checkAddress(c.req.url);
    return next();
  });

  app.onError((error, c) => {
    // The database cannot be reached or did not answer in time (db/outage.ts), whoever wrapped its error: a moment's wait.
    if (isDatabaseUnavailable(error)) {
      ctx.log.warn({ err: error, requestId: c.get("requestId"), path: c.req.path }, "database unavailable");
      c.header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
      return c.json({ error: { code: "UNAVAILABLE", message: DATABASE_UNAVAILABLE_MESSAGE } }, 503);
    }
    if (error instanceof AppError) {
      return c.json({ error: { code: error.code, message: error.message, issues: error.issues } }, error.status);
    }
    if (error instanceof HTTPException) {
      const status = error.status;
      const message = status === 413 ? "The request is too large." : error.message || "The request could not be handled.";
      return c.json({ error: { code: status === 413 ? "PAYLOAD_TOO_LARGE" : "BAD_REQUEST", message } }, status);
    }
    ctx.log.error({ err: error, requestId: c.get("requestId"), path: c.req.path }, "unhandled error");
    return c.json({ error: { code: "INTERNAL", message: "Something went wrong on our side. Please try again." } }, 500);
  });

  const tooLarge = (limit: number): MiddlewareHandler => {
    const limiter = bodyLimit({
      maxSize: limit,
      onError: () => {
        throw new AppError("PAYLOAD_TOO_LARGE", `The request body must be ${Math.round(limit / 1024)} KB or smaller.`);
      },
    });
    // GET and HEAD carry no body; skipping the limiter spares every read a Request copy.
    return (c, next) => (c.req.method === "GET" || c.req.method === "HEAD" ? next() : limiter(c, next));
  };

  // Better Auth: sign-up, sign-in, sessions, password reset, TOTP, JWT and JWKS.
  app.on(["GET", "POST"], "/api/auth/*", tooLarge(JSON_BODY_LIMIT_BYTES), async (c) => {
    const endpoint = c.req.path.slice("/api/auth/".length);
    if (!isServedAuthEndpoint(endpoint)) throw new AppError("NOT_FOUND", "There is no such API route.");
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, clientIp(c, ctx.config.trustProxy));
    const init: RequestInit & { duplex?: "half" } = { method: c.req.method, headers };
    let text: string | undefined;
    if (c.req.method === "POST") {
      const body = await c.req.arrayBuffer();
      if (isJson(c.req.header("content-type"))) {
        text = new TextDecoder().decode(body);
        checkJsonText(text);
      }
      init.body = body;
    }
    const send = async () => {
      const response = await ctx.auth.handler(new Request(c.req.url, init));
      // Sign-out, a password change or reset, a revoked session: PostgreSQL tells every process, but this one stops
      // trusting what it kept before it answers, so the member's very next request is judged afresh.
      if (c.req.method === "POST") ctx.sessions.clear();
      return rewordAuthError(response);
    };
    const request = { body: text, cookie: c.req.header("cookie"), secret: ctx.auth.options.secret as string };
    return throttledAuthRequest(ctx.db, endpoint, request, send);
  });
  app.get("/.well-known/jwks.json", async (c) => {
    c.header("cache-control", "public, max-age=300");
    return c.json(await ctx.auth.api.getJwks());
  });

  const api = new Hono<AppEnv>();
  // Our modules' guard, one middleware: the body size limit and the CSRF check for requests that can carry a body,
  // then the lazy user resolution, then `cache-control: no-store` unless the route chose its own caching.
  const bodyLimits: Record<string, MiddlewareHandler> = {
    "/api/profile/avatar": tooLarge(AVATAR_MAX_BYTES + 64 * 1024),
    "/api/pasture/images": tooLarge(PASTURE_IMAGE_MAX_BYTES + 64 * 1024),
    "/api/billing/stripe/webhook": tooLarge(WEBHOOK_BODY_LIMIT_BYTES),
  };
  const jsonBodyLimit = tooLarge(JSON_BODY_LIMIT_BYTES);
  const checkOrigin = trustedOriginCheck(ctx);
  const installUser = userResolver(ctx);
  const noStore = [["cache-control", "no-store"]] as const;
  api.use(async (c, next) => {
    const method = c.req.method;
    if (method === "GET" || method === "HEAD") {
      installUser(c);
      await next();
    } else {
      const limiter = bodyLimits[c.req.path] ?? jsonBodyLimit;
      await limiter(c, async () => {
        checkOrigin(c);
        if (isJson(c.req.header("content-type")) && !RAW_BODY_PATHS.has(c.req.path)) checkJsonText(await c.req.text());
        installUser(c);
        try {
          await idempotentWrite(c, next, ctx.db);
        } finally {
          // What this process kept of his own rows ends before he hears the answer: his next read sees his write.
          // (PostgreSQL's notice ends it too, and in every other process, a moment later.)
          const user = await c
            .get("getUser")()
            .catch(() => null);
          if (user) ctx.memberRows.forgetMember(user.id);
        }
      });
    }
    if (!c.res.headers.has("cache-control")) setResponseHeaders(c, noStore);
  });
  api.route("/", healthRoutes(ctx));
  api.route("/", profileRoutes(ctx));
  api.route("/", activityRoutes(ctx));
  api.route("/", experimentRoutes(ctx));
  api.route("/", functionRoutes(ctx));
  api.route("/", errorReportRoutes(ctx));
  api.route("/", accountRoutes(ctx));
  api.route("/", subscriptionRoutes(ctx));
  api.route("/", notificationRoutes(ctx));
  api.route("/", reminderRoutes(ctx));
  api.route("/", accessRoutes(ctx));
  api.route("/", todayRoutes(ctx));
  api.route("/", journalRoutes(ctx));
  api.route("/", insightRoutes(ctx));
  api.route("/", whisperRoutes(ctx));
  api.route("/", audioRoutes(ctx));
  api.route("/", pastureRoutes(ctx));
  api.route("/", flockRoutes(ctx));
  api.route("/", gatheringRoutes(ctx));
  api.route("/", communityRoutes(ctx));
  api.route("/", wordRoutes(ctx));
  api.route("/", pathRoutes(ctx));
  api.route("/", seriesRoutes(ctx));
  api.route("/", supportRoutes(ctx));
  api.route("/", adminRoutes(ctx));
  api.route("/", realtimeRoutes(ctx));
  api.all("*", () => {
    throw new AppError("NOT_FOUND", "There is no such API route.");
  });
  app.route("/api", api);

  /**
   * The hint a page's navigation carries (http/static.ts): whose session the cookie is and whether he finished
   * onboarding, kept with his rows. Nothing when there is no session or the lookup fails: the page is then the visitor's,
   * and the app asks as it always did.
   */
  const memberHint = async (c: Context<AppEnv>): Promise<MemberHint | null> => {
    if (!c.req.header("cookie")) return null;
    try {
      installUser(c);
      const user = await currentUser(c);
      if (!user) return null;
      const onboarded = await finishedOnboarding(ctx.db, { userId: user.id, kept: ctx.memberRows });
      return onboarded ? "onboarded" : "signed-in";
    } catch {
      return null;
    }
  };
  if (ctx.webDist) app.use(serveWebApp(ctx.webDist, { memberHint }));
  return app;
}

export type App = ReturnType<typeof createApp>;
