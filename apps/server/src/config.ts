import path from "node:path";
import { z } from "zod";

/** Environment -> typed config, validated once at start. Every variable is documented in the README. */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().url("DATABASE_URL must be a postgres:// URL").optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  PUBLIC_URL: z.string().url("PUBLIC_URL must be a full URL such as https://shepherd.example.com").optional(),
  TRUSTED_ORIGINS: z.string().default(""),
  BETTER_AUTH_SECRET: z.string().min(32, "BETTER_AUTH_SECRET must be at least 32 characters").optional(),
  TRUST_PROXY: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  ADMIN_EMAILS: z.string().default(""),
  SMTP_URL: z.string().url("SMTP_URL must look like smtp://user:pass@host:port").optional(),
  MAIL_FROM: z.string().default("Shepherd <no-reply@shepherd.local>"),
  SENTRY_DSN: z.string().url().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  RATE_LIMIT_AUTH_MAX: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_AUTH_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  WEB_DIST: z.string().optional(),
});

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  embeddedPgPort: number;
  publicUrl: string | undefined;
  trustedOrigins: string[];
  authSecret: string | undefined;
  trustProxy: boolean;
  adminEmails: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  sentryDsn: string | undefined;
  logLevel: string;
  authRateLimit: { max: number; windowSeconds: number };
  webDist: string | undefined;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
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
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ""),
    trustedOrigins: list(e.TRUSTED_ORIGINS),
    authSecret: e.BETTER_AUTH_SECRET,
    trustProxy: e.TRUST_PROXY,
    adminEmails: list(e.ADMIN_EMAILS).map((x) => x.toLowerCase()),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sentryDsn: e.SENTRY_DSN,
    logLevel: e.LOG_LEVEL,
    authRateLimit: { max: e.RATE_LIMIT_AUTH_MAX, windowSeconds: e.RATE_LIMIT_AUTH_WINDOW_SECONDS },
    webDist: e.WEB_DIST,
  };
}
