import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, test } from "vitest";
import { AppError } from "../errors";
import { isDatabaseUnavailable } from "./outage";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  test("the ways a database is unreachable or does not answer, however deep the driver's error is wrapped", () => {
    const unavailable = [
      withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"),
      withCode("read ECONNRESET", "ECONNRESET"),
      new Error("Connection terminated unexpectedly"),
      new Error("Connection terminated due to connection timeout"),
      new Error("timeout exceeded when trying to connect"),
      new Error("Query read timeout"),
      new Error("Client has encountered a connection error and is not queryable"),
      withCode("terminating connection due to administrator command", "57P01"),
      withCode("the database system is starting up", "57P03"),
      withCode("sorry, too many clients already", "53300"),
      withCode("connection failure", "08006"),
      withCode("canceling statement due to statement timeout", "57014"),
      new AggregateError([withCode("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")], "connect failed"),
    ];
    for (const error of unavailable) {
      expect(isDatabaseUnavailable(error), error.message).toBe(true);
      const query = new DrizzleQueryError('select 1 from "sessions" where "token" = $1', ["secret"], error);
      expect(isDatabaseUnavailable(new AppError("INTERNAL", "wrapped", { cause: query })), error.message).toBe(true);
    }
  });

  test("not a query's own failure, a cancel by hand, or a pool shut down on purpose", () => {
    const others = [
      withCode('duplicate key value violates unique constraint "users_email_key"', "23505"),
      withCode("canceling statement due to user request", "57014"),
      withCode('relation "nope" does not exist', "42P01"),
      new Error("Cannot use a pool after calling end on the pool"),
      new AppError("NOT_FOUND", "That item was not found."),
      "a string",
      null,
    ];
    for (const error of others) expect(isDatabaseUnavailable(error), String(error)).toBe(false);
  });
});
