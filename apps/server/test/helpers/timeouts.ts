/**
 * DATABASE_CONNECT_TIMEOUT_SECONDS and DATABASE_QUERY_TIMEOUT_SECONDS for the servers the suites start. The suites keep
 * both cores busy (load 9-12 in CI): a new connection or a query may take seconds there that it never takes on a
 * server, and waits cut at the defaults (3 and 5 s) would fail tests at random. The timeouts themselves are tested with
 * their own values (outages.test.ts, query-timeouts.test.ts).
 */
export const SUITE_DATABASE_TIMEOUTS = { DATABASE_CONNECT_TIMEOUT_SECONDS: "20", DATABASE_QUERY_TIMEOUT_SECONDS: "30" };
