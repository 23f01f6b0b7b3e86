import pino, { type Logger } from "pino";

export type { Logger };

/**
 * Issue 39: nothing secret reaches the log (session tokens, cookies, passwords, reset and verification links' tokens,
 * API keys), whoever logs what. A failed query's error carries its parameters (Drizzle's DrizzleQueryError has them in
 * `params` and in its message), and those include session tokens; Better Auth hands its errors to our logger as they
 * are. So every argument of every log call is scrubbed here, once, rather than at each call: fields whose names say
 * they hold a secret are replaced, and strings (messages, stacks, URLs, SQL errors' details) lose what looks like one.
 */

export const REDACTED = "[redacted]";

/** Keys whose value is never logged, at any depth (`params`: a failed query's bound values). */
const SECRET_KEY =
  /^(?:.*password|.*passwd|.*token|.*secret|cookie|set-cookie|authorization|proxy-authorization|.*api[-_]?key|params|backup[-_]?codes?)$/i;

/** Patterns of secrets inside text, each with what replaces the match. */
const SECRET_TEXT: Array<[RegExp, string]> = [
  // Drizzle's "Failed query: <sql>\nparams: <values>": the values, to the end of the line.
  [/(\bparams: ).*/g, `$1${REDACTED}`],
  // An Authorization header's credentials.
  [/\b(Bearer|Basic) +[\w.~+/=-]+/gi, `$1 ${REDACTED}`],
  // A JWT wherever it stands.
  [/\beyJ[\w-]*\.[\w-]+\.[\w-]*/g, REDACTED],
  // Cookies and query parameters whose names say session or token (shepherd.session_token=..., ?token=...).
  [/\b([\w.-]*(?:session|token)[\w.-]*=)[^;&\s"',]+/gi, `$1${REDACTED}`],
  // Query parameters that carry a secret by another name.
  [/([?&](?:code|key|secret|password|signature|sig)=)[^&\s"'#]+/gi, `$1${REDACTED}`],
  // A password reset link's token, which is part of its path.
  [/(\/reset-password\/)[^/?#\s"']+/g, `$1${REDACTED}`],
  // PostgreSQL's "Key (token)=(...) already exists." and the like.
  [/(\bKey \([^)]*\)=\()[^)]*\)/g, `$1${REDACTED})`],
  // A password in a connection URL (postgres://user:password@host).
  [/(\b[a-z][a-z0-9+.-]*:\/\/[^:/\s@]+:)[^@\s]+@/gi, `$1${REDACTED}@`],
];

export function scrubText(text: string): string {
  let scrubbed = text;
  for (const [pattern, replacement] of SECRET_TEXT) scrubbed = scrubbed.replace(pattern, replacement);
  return scrubbed;
}

const MAX_DEPTH = 8;

/** A copy of a log argument without its secrets: errors become plain objects (type, message, stack, their fields, cause). */
export function scrubSecrets(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === "string") return scrubText(value);
  if (value === null || typeof value !== "object") return value;
  if (seen.has(value) || depth > MAX_DEPTH) return "[...]";
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => scrubSecrets(item, depth + 1, seen));
  if (value instanceof Error) {
    const plain: Record<string, unknown> = { type: value.constructor?.name ?? value.name, message: value.message };
    if (value.stack) plain.stack = value.stack;
    for (const [key, field] of Object.entries(value)) plain[key] = field;
    if (value.cause !== undefined) plain.cause = value.cause;
    return scrubFields(plain, depth, seen);
  }
  const prototype = Object.getPrototypeOf(value) as unknown;
  // Dates, buffers, class instances other than errors: as pino would write them.
  if (prototype !== Object.prototype && prototype !== null) return value;
  return scrubFields(value as Record<string, unknown>, depth, seen);
}

function scrubFields(fields: Record<string, unknown>, depth: number, seen: WeakSet<object>): Record<string, unknown> {
  const scrubbed: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(fields)) {
    scrubbed[key] =
      SECRET_KEY.test(key) && field !== undefined && field !== null ? REDACTED : scrubSecrets(field, depth + 1, seen);
  }
  return scrubbed;
}

/** Header paths pino removes as well, by name (requests and responses logged whole). */
const REDACT_PATHS = ["cookie", "authorization", "set-cookie", "x-api-key"].flatMap((header) => [
  `headers["${header}"]`,
  `req.headers["${header}"]`,
  `res.headers["${header}"]`,
  `request.headers["${header}"]`,
]);

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: "shepherd" },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    // Errors reach pino already made plain by scrubSecrets (type, message, stack, fields, cause).
    serializers: { err: (error: unknown) => error },
    hooks: {
      logMethod(args, method) {
        const [first, ...rest] = args as unknown[];
        // log.error(error): pino would file it under `err` and take its message as the line's; so do we, scrubbed.
        const scrubbed =
          first instanceof Error
            ? [{ err: scrubSecrets(first) }, ...(rest.length ? rest : [first.message]).map((arg) => scrubSecrets(arg))]
            : (args as unknown[]).map((arg) => scrubSecrets(arg));
        return method.apply(this, scrubbed as Parameters<typeof method>);
      },
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
