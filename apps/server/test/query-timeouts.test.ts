import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { isDatabaseUnavailable } from "../src/db/outage";
import { startTestApp, type TestApp } from "./helpers/app";

/**
 * DATABASE_QUERY_TIMEOUT_SECONDS bounds every query a request makes (then 503 with Retry-After: outages.test.ts); the
 * few statements that may rightly take longer (AppContext.longDb: the admin dashboard's first roll-up, the nightly
 * table scans) run where no timeout cuts them.
 */

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ env: { DATABASE_QUERY_TIMEOUT_SECONDS: "1" } });
});

afterAll(async () => {
  await app?.close();
});

test("a request's query is cut at DATABASE_QUERY_TIMEOUT_SECONDS, as an outage", async () => {
  const error = await app.db.execute(sql`select pg_sleep(2)`).then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).not.toBeNull();
  expect(isDatabaseUnavailable(error)).toBe(true);
  // The pool still answers at once afterwards.
  expect((await app.db.execute<{ n: number }>(sql`select 1 as n`)).rows[0]!.n).toBe(1);
});

test("the long statements' pool lets a statement run past it", async () => {
  const result = await app.ctx.longDb.execute<{ n: number }>(sql`select 1 as n from pg_sleep(1.5)`);
  expect(result.rows[0]!.n).toBe(1);
});
