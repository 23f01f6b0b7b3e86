import os from "node:os";
import path from "node:path";
import { z } from "zod";
import type { IceServer } from "@shepherd/shared";
import type { PasswordHashing } from "./auth/password-hashing";
import { trustedProxyRanges, type TrustProxy } from "./trust-proxy";

/** Environment -> typed config, validated once at start. Every variable is documented in the README. */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().url("DATABASE_URL must be a postgres:// URL").optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  DATABASE_CONNECT_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1, "DATABASE_CONNECT_TIMEOUT_SECONDS must be at least 1")
    .max(60, "DATABASE_CONNECT_TIMEOUT_SECONDS must be at most 60")
    .default(3),
  DATABASE_QUERY_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1, "DATABASE_QUERY_TIMEOUT_SECONDS must be at least 1")
    .max(600, "DATABASE_QUERY_TIMEOUT_SECONDS must be at most 600")
    .default(5),
  HEALTH_DATABASE_DOWN_SECONDS: z.coerce
    .number()
    .int()
    .min(1, "HEALTH_DATABASE_DOWN_SECONDS must be at least 1")
    .max(3600, "HEALTH_DATABASE_DOWN_SECONDS must be at most 3600")
    .default(30),
  PUBLIC_URL: z.string().url("PUBLIC_URL must be a full URL such as https://shepherd.example.com").optional(),
  TRUSTED_ORIGINS: z.string().default(""),
  BETTER_AUTH_SECRET: z.string().min(32, "BETTER_AUTH_SECRET must be at least 32 characters").optional(),
  PASSWORD_HASHING: z.enum(["standard", "test"], { error: "PASSWORD_HASHING must be standard or test" }).default("standard"),
  TRUST_PROXY: z.string().default("false"),
  REQUIRE_EMAIL_VERIFICATION: z
    .enum(["true", "false"], { error: "REQUIRE_EMAIL_VERIFICATION must be true or false" })
    .default("false")
    .transform((v) => v === "true"),
  ADMIN_EMAILS: z.string().default(""),
  SMTP_URL: z.string().url("SMTP_URL must look like smtp://user:pass@host:port").optional(),
  MAIL_FROM: z.string().default("Shepherd <no-reply@shepherd.local>"),
  SENTRY_DSN: z.string().url().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  RATE_LIMIT_AUTH_MAX: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_AUTH_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  WEB_CONCURRENCY: z.coerce.number().int().min(1, "WEB_CONCURRENCY must be 1 or more").max(64).optional(),
  SERVER_ROLE: z.enum(["web", "worker", "all"], { error: "SERVER_ROLE must be web, worker or all" }).default("all"),
  SESSION_CACHE_SECONDS: z.coerce
    .number()
    .int()
    .min(0, "SESSION_CACHE_SECONDS must be 0 (off) or more")
    .max(600, "SESSION_CACHE_SECONDS must be at most 600: a session revoked elsewhere works that long")
    .default(0),
  MEMBER_CACHE_SECONDS: z.coerce
    .number()
    .int()
    .min(0, "MEMBER_CACHE_SECONDS must be 0 (off) or more")
    .max(3600, "MEMBER_CACHE_SECONDS must be at most 3600")
    .default(60),
  WEB_DIST: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().startsWith("sk_", "STRIPE_SECRET_KEY must start with sk_").optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith("whsec_", "STRIPE_WEBHOOK_SECRET must start with whsec_").optional(),
  STRIPE_PRICE_MONTHLY: z.string().startsWith("price_", "STRIPE_PRICE_MONTHLY must be a Stripe price id (price_...)").optional(),
  STRIPE_PRICE_ANNUAL: z.string().startsWith("price_", "STRIPE_PRICE_ANNUAL must be a Stripe price id (price_...)").optional(),
  STRIPE_API_URL: z.string().url("STRIPE_API_URL must be a URL such as https://api.stripe.com").optional(),
  AI_BASE_URL: z.string().url("AI_BASE_URL must be an OpenAI-compatible API URL such as https://api.openai.com/v1").optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().default("gpt-4o-mini"),
  TTS_MODEL: z.string().default("tts-1"),
  IMAGE_MODEL: z.string().min(1, "IMAGE_MODEL must name an images model such as gpt-image-1").optional(),
  JOB_LEASE_SECONDS: z.coerce
    .number()
    .int()
    .min(2, "JOB_LEASE_SECONDS must be at least 2")
    .max(3600, "JOB_LEASE_SECONDS must be at most 3600")
    .default(120),
  JOB_RETRY_DELAY_SECONDS: z.coerce
    .number()
    .int()
    .min(1, "JOB_RETRY_DELAY_SECONDS must be at least 1")
    .max(600, "JOB_RETRY_DELAY_SECONDS must be at most 600")
    .default(5),
  OPERATOR_NAME: z.string().max(120, "OPERATOR_NAME must be at most 120 characters").optional(),
  OPERATOR_EMAIL: z.string().email("OPERATOR_EMAIL must be an email address such as support@example.com").optional(),
  OPERATOR_JURISDICTION: z.string().max(120, "OPERATOR_JURISDICTION must be at most 120 characters").optional(),
  ICE_SERVERS: z.string().optional(),
  GATHERING_PRESENCE_SECONDS: z.coerce
    .number()
    .int()
    .min(2, "GATHERING_PRESENCE_SECONDS must be at least 2")
    .max(600, "GATHERING_PRESENCE_SECONDS must be at most 600")
    .default(30),
  LIVEKIT_URL: z.string().url("LIVEKIT_URL must be a URL such as wss://livekit.example.com").optional(),
  LIVEKIT_API_KEY: z.string().optional(),
  LIVEKIT_API_SECRET: z.string().optional(),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]{87}$/,
      "VAPID_PUBLIC_KEY must be a URL-safe base64 P-256 public key (87 characters, from npx web-push generate-vapid-keys)",
    )
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]{43}$/,
      "VAPID_PRIVATE_KEY must be a URL-safe base64 P-256 private key (43 characters, from npx web-push generate-vapid-keys)",
    )
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(
      /^(mailto:.+@.+|https:\/\/.+)$/,
      "VAPID_SUBJECT must be a mailto: address or an https:// URL, such as mailto:admin@example.com",
    )
    .optional(),
  BACKUP_DIR: z.string().optional(),
  BACKUP_KEEP: z.coerce
    .number()
    .int()
    .min(1, "BACKUP_KEEP must be at least 1 (the newest archive is always kept)")
    .max(3650, "BACKUP_KEEP must be at most 3650")
    .default(7),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      "S3_BUCKET must be a bucket name: 3 to 63 lowercase letters, digits, dots or dashes",
    )
    .optional(),
  S3_ENDPOINT: z.string().url("S3_ENDPOINT must be a URL such as https://s3.example.com or http://127.0.0.1:9000").optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false"], { error: "S3_FORCE_PATH_STYLE must be true or false" })
    .default("true")
    .transform((v) => v === "true"),
  STORAGE_CACHE_MB: z.coerce
    .number()
    .int()
    .min(0, "STORAGE_CACHE_MB must be 0 (off) or more")
    .max(1_000_000, "STORAGE_CACHE_MB must be at most 1000000 (a terabyte)")
    .default(512),
  BILLING_LOCAL_CHECKOUT: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true")),
});

/** Every environment variable the server reads (the README's table and .env.example list each one: config.test.ts). */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape);

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  embeddedPgPort: number;
  /**
   * DATABASE_CONNECT_TIMEOUT_SECONDS and DATABASE_QUERY_TIMEOUT_SECONDS: the longest a request's query waits for a
   * connection, and for its answer (PostgreSQL's statement_timeout, and the client's own for a server that cannot answer
   * at all). Past either the request is answered 503 with Retry-After. Migrations and the start-up content load have no
   * query timeout.
   */
  databaseTimeouts: { connectMs: number; queryMs: number };
  /** HEALTH_DATABASE_DOWN_SECONDS: /api/health (liveness) fails once the process has not reached its database this long. */
  healthDatabaseDownMs: number;
  publicUrl: string | undefined;
  trustedOrigins: string[];
  authSecret: string | undefined;
  /** PASSWORD_HASHING: Better Auth's scrypt, or a test-cost one (NODE_ENV=test only; auth/password-hashing.ts). */
  passwordHashing: PasswordHashing;
  /**
   * TRUST_PROXY: which hops of `X-Forwarded-For` are proxies of ours (http/client-ip.ts): none (`false`), the nearest N
   * (`true` is 1), or those whose addresses are listed. The client is the hop nearest the server that is not one.
   */
  trustProxy: TrustProxy;
  /** REQUIRE_EMAIL_VERIFICATION: a new account signs in only once its email address is verified by a mailed link. */
  requireEmailVerification: boolean;
  adminEmails: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  sentryDsn: string | undefined;
  logLevel: string;
  authRateLimit: { max: number; windowSeconds: number };
  /** SESSION_CACHE_SECONDS: lifetime of the signed session cookie cache (0: off). */
  sessionCacheSeconds: number;
  /** MEMBER_CACHE_SECONDS: the longest a member's own rows are kept in a process's memory (db/member-rows.ts; 0: off). */
  memberCacheSeconds: number;
  /** WEB_CONCURRENCY: server processes on one port (node:cluster); default the number of cores, 1 when NODE_ENV=test. */
  webConcurrency: number;
  /**
   * SERVER_ROLE: what this server does. `web` serves the site and sends jobs but works none; `worker` works the jobs and
   * the periodic work (cron, sweeps, reminders, backups) and answers only the health checks; `all` does both.
   */
  serverRole: ServerRole;
  webDist: string | undefined;
  /** Stripe, when all four of its variables are set. */
  stripe:
    | { secretKey: string; webhookSecret: string; prices: { premium_monthly: string; premium_annual: string }; apiUrl?: string }
    | undefined;
  /** An OpenAI-compatible endpoint for AI text when AI_BASE_URL is set; otherwise the offline composer. */
  ai: { baseUrl: string; apiKey: string; model: string } | undefined;
  /**
   * How long one step of a background job (writing part of a plan) may hold it: a server that dies mid-job (a crash, a
   * SIGKILL) has its job taken over once the lease ends.
   */
  jobLeaseSeconds: number;
  /** The first retry of a failed job waits about this long; each later one about twice as long as the one before. */
  jobRetryDelaySeconds: number;
  /** OpenAI-compatible speech at the same endpoint when AI_BASE_URL is set; otherwise eSpeak NG offline. */
  speech: { baseUrl: string; apiKey: string; model: string } | undefined;
  /** Devotional artwork from an OpenAI-compatible images endpoint when AI_BASE_URL and IMAGE_MODEL are set; otherwise drawn offline. */
  images: { baseUrl: string; apiKey: string; model: string } | undefined;
  /** Who runs this service, as the Terms and the Privacy Policy name them (each optional: the pages say it plainly without). */
  operator: { name: string | undefined; email: string | undefined; jurisdiction: string | undefined };
  /** STUN and TURN servers the gathering rooms' browsers use (ICE_SERVERS as JSON); none by default (loopback and LANs). */
  iceServers: IceServer[];
  /**
   * GATHERING_PRESENCE_SECONDS: a server process that has shown no sign of life for this long (killed outright, cut off
   * from the database) is taken to be gone, and the brothers whose sockets it held are taken out of their rooms.
   */
  gatheringPresenceMs: number;
  /** Gathering media through LiveKit when all three of its variables are set; otherwise our WebRTC mesh. */
  livekit: { url: string; apiKey: string; apiSecret: string } | undefined;
  /** Web Push's VAPID keys when both are set (otherwise generated into DATA_DIR/vapid.json) and its contact subject. */
  vapid: { publicKey: string | undefined; privateKey: string | undefined; subject: string | undefined };
  /** The local test checkout (no money moves): on by default, off in production unless BILLING_LOCAL_CHECKOUT=true. */
  localCheckoutAllowed: boolean;
  /** BACKUP_DIR: a backup archive written there daily (backup/schedule.ts), the newest BACKUP_KEEP kept; off when unset. */
  backup: { dir: string | undefined; keep: number };
  /** Stored files in an S3-compatible bucket when S3_BUCKET is set (providers/storage/s3.ts); otherwise DATA_DIR/storage. */
  s3: S3Config | undefined;
  /** STORAGE_CACHE_MB: how much of the bucket each process keeps copies of on disk (disk-cache.ts); 0: none. */
  storageCacheBytes: number;
};

export interface S3Config {
  bucket: string;
  /** Undefined: AWS's own endpoint for the region. */
  endpoint: string | undefined;
  region: string;
  /** Both or neither; neither: the AWS SDK's own chain (instance roles, AWS_* variables). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
}

export type ServerRole = "web" | "worker" | "all";

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if (e.PASSWORD_HASHING === "test" && e.NODE_ENV !== "test")
    throw new ConfigError(
      "Invalid configuration:\n  PASSWORD_HASHING: test makes passwords cheap to guess; it is for the test suites only (NODE_ENV=test). Remove it.",
    );
  const badOrigin = e.TRUSTED_ORIGINS.split(",")
    .map((x) => x.trim())
    .filter(Boolean)
    .find((origin) => !URL.canParse(origin));
  if (badOrigin)
    throw new ConfigError(
      `Invalid configuration:\n  TRUSTED_ORIGINS: "${badOrigin}" is not a URL such as https://app.example.com`,
    );
  const list = (s: string) =>
    s
      .split(",")
      .map((x) => x.trim())
      .filter(Boolean);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    databaseTimeouts: {
      connectMs: e.DATABASE_CONNECT_TIMEOUT_SECONDS * 1000,
      queryMs: e.DATABASE_QUERY_TIMEOUT_SECONDS * 1000,
    },
    healthDatabaseDownMs: e.HEALTH_DATABASE_DOWN_SECONDS * 1000,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ""),
    trustedOrigins: list(e.TRUSTED_ORIGINS),
    authSecret: e.BETTER_AUTH_SECRET,
    passwordHashing: e.PASSWORD_HASHING,
    trustProxy: trustProxyConfig(e.TRUST_PROXY),
    requireEmailVerification: e.REQUIRE_EMAIL_VERIFICATION,
    adminEmails: list(e.ADMIN_EMAILS).map((x) => x.toLowerCase()),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sentryDsn: e.SENTRY_DSN,
    logLevel: e.LOG_LEVEL,
    authRateLimit: { max: e.RATE_LIMIT_AUTH_MAX, windowSeconds: e.RATE_LIMIT_AUTH_WINDOW_SECONDS },
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    memberCacheSeconds: e.MEMBER_CACHE_SECONDS,
    webConcurrency: e.WEB_CONCURRENCY ?? (e.NODE_ENV === "test" ? 1 : os.availableParallelism()),
    serverRole: e.SERVER_ROLE,
    webDist: e.WEB_DIST,
    stripe: stripeConfig(e),
    speech: e.AI_BASE_URL
      ? { baseUrl: e.AI_BASE_URL.replace(/\/+$/, ""), apiKey: e.AI_API_KEY ?? "", model: e.TTS_MODEL }
      : undefined,
    jobLeaseSeconds: e.JOB_LEASE_SECONDS,
    jobRetryDelaySeconds: e.JOB_RETRY_DELAY_SECONDS,
    ai: e.AI_BASE_URL ? { baseUrl: e.AI_BASE_URL.replace(/\/+$/, ""), apiKey: e.AI_API_KEY ?? "", model: e.AI_MODEL } : undefined,
    images:
      e.AI_BASE_URL && e.IMAGE_MODEL
        ? { baseUrl: e.AI_BASE_URL.replace(/\/+$/, ""), apiKey: e.AI_API_KEY ?? "", model: e.IMAGE_MODEL }
        : undefined,
    operator: { name: e.OPERATOR_NAME, email: e.OPERATOR_EMAIL, jurisdiction: e.OPERATOR_JURISDICTION },
    iceServers: iceServersConfig(e.ICE_SERVERS),
    gatheringPresenceMs: e.GATHERING_PRESENCE_SECONDS * 1000,
    livekit: livekitConfig(e),
    vapid: vapidConfig(e),
    localCheckoutAllowed: e.BILLING_LOCAL_CHECKOUT ?? e.NODE_ENV !== "production",
    backup: { dir: e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : undefined, keep: e.BACKUP_KEEP },
    s3: s3Config(e),
    storageCacheBytes: e.STORAGE_CACHE_MB * 1024 * 1024,
  };
}

function s3Config(e: z.infer<typeof envSchema>): S3Config | undefined {
  const keys = [e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY].filter(Boolean).length;
  if (keys === 1)
    throw new ConfigError(
      "Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS SDK's own credentials.",
    );
  if (!e.S3_BUCKET) {
    const stray = (["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const).find((name) => e[name]);
    if (stray)
      throw new ConfigError(
        `Invalid configuration:\n  ${stray} is set but S3_BUCKET is not: set S3_BUCKET to store files in a bucket.`,
      );
    return undefined;
  }
  return {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ""),
    region: e.S3_REGION,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}

/** TRUST_PROXY: false, true (one proxy), the number of proxies in front, or their addresses and ranges. */
function trustProxyConfig(value: string): TrustProxy {
  const text = value.trim();
  if (text === "false") return { mode: "off" };
  if (text === "true") return { mode: "hops", hops: 1 };
  if (/^\d+$/.test(text)) return Number(text) === 0 ? { mode: "off" } : { mode: "hops", hops: Number(text) };
  const proxies = text
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);
  const parsed = trustedProxyRanges(proxies);
  if (proxies.length === 0 || "invalid" in parsed)
    throw new ConfigError(
      `Invalid configuration:\n  TRUST_PROXY: "${"invalid" in parsed ? parsed.invalid : value}" is not an IP address or a range such as 10.0.0.0/8 or fd00::/8 (TRUST_PROXY is false, true, the number of proxies in front, or their addresses)`,
    );
  return { mode: "addresses", proxies, ranges: parsed.ranges };
}

function stripeConfig(e: z.infer<typeof envSchema>): Config["stripe"] {
  const parts = [e.STRIPE_SECRET_KEY, e.STRIPE_WEBHOOK_SECRET, e.STRIPE_PRICE_MONTHLY, e.STRIPE_PRICE_ANNUAL];
  if (parts.every((p) => p === undefined)) return undefined;
  if (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET || !e.STRIPE_PRICE_MONTHLY || !e.STRIPE_PRICE_ANNUAL) {
    throw new ConfigError(
      "Invalid configuration:\n  Stripe needs all of STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_MONTHLY and STRIPE_PRICE_ANNUAL.",
    );
  }
  return {
    secretKey: e.STRIPE_SECRET_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    prices: { premium_monthly: e.STRIPE_PRICE_MONTHLY, premium_annual: e.STRIPE_PRICE_ANNUAL },
    apiUrl: e.STRIPE_API_URL,
  };
}

const iceServerSchema = z
  .object({
    urls: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
    username: z.string().optional(),
    credential: z.string().optional(),
  })
  .strict();

/** ICE_SERVERS: a JSON array of RTCIceServer objects, e.g. [{"urls":"stun:stun.example.com:3478"}]. */
function iceServersConfig(value: string | undefined): IceServer[] {
  if (!value) return [];
  const example = ' such as [{"urls":"turn:turn.example.com:3478","username":"u","credential":"p"}]';
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new ConfigError(`Invalid configuration:\n  ICE_SERVERS: must be a JSON array${example}`);
  }
  const result = z.array(iceServerSchema).safeParse(parsed);
  if (!result.success) throw new ConfigError(`Invalid configuration:\n  ICE_SERVERS: must be a JSON array${example}`);
  return result.data.map((server) => ({
    urls: server.urls,
    ...(server.username === undefined ? {} : { username: server.username }),
    ...(server.credential === undefined ? {} : { credential: server.credential }),
  }));
}

function livekitConfig(e: z.infer<typeof envSchema>): Config["livekit"] {
  const parts = [e.LIVEKIT_URL, e.LIVEKIT_API_KEY, e.LIVEKIT_API_SECRET];
  const set = parts.filter((part) => part !== undefined).length;
  if (set === 0) return undefined;
  if (set < parts.length || !e.LIVEKIT_URL || !e.LIVEKIT_API_KEY || !e.LIVEKIT_API_SECRET) {
    throw new ConfigError(
      "Invalid configuration:\n  LiveKit needs all three of LIVEKIT_URL, LIVEKIT_API_KEY and LIVEKIT_API_SECRET (or none of them).",
    );
  }
  return { url: e.LIVEKIT_URL, apiKey: e.LIVEKIT_API_KEY, apiSecret: e.LIVEKIT_API_SECRET };
}

function vapidConfig(e: z.infer<typeof envSchema>): Config["vapid"] {
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined)) {
    throw new ConfigError(
      "Invalid configuration:\n  Web Push needs both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (or neither: then they are generated into DATA_DIR).",
    );
  }
  return { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT };
}
