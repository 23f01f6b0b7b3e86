import type pg from "pg";
import type { Logger } from "../logger";

/**
 * Issue 39, "Outages": what a database that cannot be reached or does not answer looks like from here, in one place, and
 * the process's own view of when it last reached it (for the liveness check).
 */

/** What a 503 for an unreachable database tells the client to wait before asking again (the Retry-After header). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
export const DATABASE_UNAVAILABLE_MESSAGE = "Shepherd can't reach its database right now. Please try again in a moment.";

/** Socket errors of a connection that could not be made or was cut (node:net, node:dns). */
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "ENETUNREACH",
  "ENETDOWN",
  "EAI_AGAIN",
]);

/**
 * PostgreSQL's own: 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting or recovering),
 * 53300 too_many_connections; the whole of class 08 (connection exception) is matched apart.
 */
const SERVER_CODES = new Set(["57P01", "57P02", "57P03", "53300"]);

/** node-postgres's and pg-pool's own errors for a connection that is gone or never came (they carry no code). */
const DRIVER_MESSAGES = [
  /^Connection terminated/, // unexpectedly, or "due to connection timeout" (pg-pool's connectionTimeoutMillis)
  /^timeout exceeded when trying to connect$/, // pg-pool: no client free within connectionTimeoutMillis
  /^timeout expired$/, // pg's own connect timeout
  /^Query read timeout$/, // pg's query_timeout: the server did not answer at all
  /^Client has encountered a connection error and is not queryable$/,
  /^Connection refused/,
];

/** PostgreSQL cancelled a statement for running past our statement_timeout (57014 is also a cancel by hand: not ours). */
const STATEMENT_TIMEOUT = /statement timeout/;

function isUnavailableHere(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const { code, message, errors } = error as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof code === "string") {
    if (SOCKET_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    if (code === "57014" && typeof message === "string" && STATEMENT_TIMEOUT.test(message)) return true;
  }
  if (typeof message === "string" && DRIVER_MESSAGES.some((pattern) => pattern.test(message))) return true;
  // Node's connect to a name with several addresses (localhost: ::1 and 127.0.0.1) fails with an AggregateError.
  return Array.isArray(errors) && errors.some(isUnavailableHere);
}

/**
 * True when the error, or one it was caused by (Drizzle's DrizzleQueryError, Better Auth's APIError and our AppError
 * keep the driver's error as `cause`), says the database could not be reached or did not answer in time.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let current = error; current && typeof current === "object" && !seen.has(current);) {
    if (isUnavailableHere(current)) return true;
    seen.add(current);
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** How often the process asks the database "are you there?" when nothing else told it lately. */
const CONTACT_CHECK_MAX_MS = 5_000;

export interface DatabaseContact {
  /** How long since the database last answered (a few seconds at most while it answers). */
  unreachableForMs(): number;
  /** A query just succeeded (the readiness check says so; the background check does it by itself). */
  reached(): void;
  close(): void;
}

/**
 * The process's last contact with its database, kept by a background `select 1` every few seconds (one at a time, each
 * bounded by the pool's timeouts), so the liveness check reads a number instead of sending a query that could hang.
 */
export function watchDatabaseContact(options: { pool: pg.Pool; log: Logger; downAfterMs: number }): DatabaseContact {
  let lastContact = Date.now();
  let checking = false;
  let lostLogged = false;
  const everyMs = Math.max(250, Math.min(CONTACT_CHECK_MAX_MS, Math.floor(options.downAfterMs / 3)));
  const reached = () => {
    lastContact = Date.now();
    if (lostLogged) options.log.info("the database answers again");
    lostLogged = false;
  };
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    options.pool
      .query("select 1")
      .then(reached, (error: unknown) => {
        if (!lostLogged) options.log.warn({ err: error }, "the database does not answer");
        lostLogged = true;
      })
      .finally(() => {
        checking = false;
      });
  }, everyMs);
  timer.unref();
  return {
    unreachableForMs: () => Date.now() - lastContact,
    reached,
    close: () => clearInterval(timer),
  };
}
