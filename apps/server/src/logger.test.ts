import { Writable } from "node:stream";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, test } from "vitest";
import { createLogger, REDACTED } from "./logger";

/** A logger at debug level whose lines are kept, as an operator's log file would keep them. */
function capturedLogger() {
  let text = "";
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { log: createLogger("debug", destination), text: () => text };
}

const TOKEN = "q8ZtS2xVbLr4MwN0eYh1uKc7AoPd3Fg9";
const PASSWORD = "correct horse battery staple";
const COOKIE = `shepherd.session_token=${TOKEN}.c2lnbmF0dXJl`;
const JWT = "eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJ1c2VyIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ";

function failedSessionQuery(): DrizzleQueryError {
  const cause = Object.assign(new Error("Connection terminated unexpectedly"), { code: undefined });
  return new DrizzleQueryError(
    'select "id" from "sessions" where ("sessions"."token" = $1 and "sessions"."expires_at" > $2)',
    [TOKEN, "2026-01-01T00:00:00.000Z"],
    cause,
  );
}

describe("the logger keeps secrets out of the log", () => {
  test("a failed query's parameters, in its fields, its message and its stack, whether logged as err or as Better Auth does", () => {
    const { log, text } = capturedLogger();
    const error = failedSessionQuery();
    log.error({ err: error, path: "/api/me" }, "unhandled error");
    log.error(error);
    // Better Auth's logger (auth/auth.ts) passes its arguments as they came.
    log.error({ args: [error], source: "better-auth" }, "INTERNAL_SERVER_ERROR");
    log.warn({ err: new Error("wrapped", { cause: error }) }, "database unavailable");

    const written = text();
    expect(written).not.toContain(TOKEN);
    const lines = written
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(4);
    // What an operator needs stays: the SQL (without values), the driver's message, the kind of error.
    expect(lines[0]).toMatchObject({
      msg: "unhandled error",
      path: "/api/me",
      err: { type: "DrizzleQueryError", params: REDACTED, cause: { message: "Connection terminated unexpectedly" } },
    });
    expect(JSON.stringify(lines[0])).toContain('\\"sessions\\".\\"token\\" = $1');
    expect(lines[1]!.msg).toMatch(/^Failed query: .*\nparams: \[redacted\]$/s);
  });

  test("headers, cookies, passwords, bearer tokens, JWTs, reset and verification links, connection URLs", () => {
    const { log, text } = capturedLogger();
    log.info({ headers: { cookie: COOKIE, authorization: `Bearer ${JWT}`, "set-cookie": [COOKIE] } }, "request");
    log.info({ req: { headers: { cookie: COOKIE, "x-api-key": "sk_live_abcdef123456" } } }, "request");
    log.info({ body: { email: "a@example.com", password: PASSWORD, newPassword: PASSWORD } }, "sign-in");
    log.info({ ai: { apiKey: "sk-proj-0123456789", baseUrl: "https://api.example.com/v1" } }, "provider");
    log.info(`mail sent with http://localhost:3000/api/auth/reset-password/${TOKEN}?callbackURL=%2Freset-password`);
    log.info({ url: `http://localhost:3000/api/auth/verify-email?token=${JWT}&callbackURL=%2F` }, "mail");
    log.info({ link: `https://x.example/a?code=${TOKEN}` }, "link");
    log.warn(`upstream said: Authorization: Bearer ${TOKEN} refused; cookie ${COOKIE}`);
    log.info({ url: `postgres://shepherd:${TOKEN}@127.0.0.1:5432/shepherd` }, "database");
    log.error(
      { err: Object.assign(new Error("duplicate key"), { code: "23505", detail: `Key (token)=(${TOKEN}) already exists.` }) },
      "x",
    );

    const written = text();
    for (const secret of [TOKEN, PASSWORD, JWT, "sk_live_abcdef123456", "sk-proj-0123456789"])
      expect(written).not.toContain(secret);
    // The rest of each line is still there to read.
    expect(written).toContain("a@example.com");
    expect(written).toContain("https://api.example.com/v1");
    expect(written).toContain("callbackURL=%2Freset-password");
    expect(written).toContain("127.0.0.1:5432/shepherd");
    expect(written).toContain('"code":"23505"');
  });
});
