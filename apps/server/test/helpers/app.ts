import { serve } from "@hono/node-server";
import { once } from "node:events";
import fs from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { createApp, type App } from "../../src/app";
import { buildContext } from "../../src/bootstrap";
import { attachGatherings } from "../../src/modules/gatherings/socket";
import { loadConfig } from "../../src/config";
import type { AppContext } from "../../src/context";
import type { Database } from "../../src/db/client";
import { createLogger } from "../../src/logger";
import { createTestDatabase, type TestDatabase } from "./database";
import { TestClient, type ClientOptions } from "./http-client";
import { SUITE_DATABASE_TIMEOUTS } from "./timeouts";

export interface TestApp {
  /** The base URL the app is served at, e.g. http://127.0.0.1:41234 */
  url: string;
  ctx: AppContext;
  db: Database;
  database: TestDatabase;
  /** The app's DATA_DIR (uploaded files live in DATA_DIR/storage). */
  dataDir: string;
  client(options?: ClientOptions): TestClient;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Environment variables as the server reads them (RATE_LIMIT_AUTH_MAX, SMTP_URL, ...). */
  env?: Record<string, string>;
  /**
   * Serve another app's database, as a second instance of the server would (its own context, pool and realtime hub).
   * The database then stays when this app closes.
   */
  database?: TestDatabase;
  /**
   * The address people use (PUBLIC_URL), when it is not the loopback one the app listens on: an https one makes the
   * cookies Secure, as behind a TLS-terminating proxy. Requests still come from the loopback address, a trusted origin.
   */
  publicUrl?: string;
  /** Serve this DATA_DIR (a restored one: its stored files and secrets) instead of a new empty one; it stays on close. */
  dataDir?: string;
}

/**
 * The real app (buildContext + createApp) on its own copy of the migrated database, listening on a real
 * loopback port so client addresses, cookies and Origin checks are the real thing. Every integration test starts
 * the app in process through here (the built server's process: built-server.ts).
 */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const ownDatabase = !options.database;
  const database = options.database ?? (await createTestDatabase());
  const ownDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "shepherd-app-"));
  const handler: { app?: App } = {};
  // Listen first (port 0), so the base URL the auth layer trusts is the real one.
  const server = serve({
    fetch: (request, env) => (handler.app ? handler.app.fetch(request, env) : new Response("starting", { status: 503 })),
    port: 0,
    hostname: "127.0.0.1",
  }) as Server;
  if (!server.listening) await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    // Each file signs in many times from 127.0.0.1; the rate-limit test sets its own small limit.
    RATE_LIMIT_AUTH_MAX: "1000",
    // The suite changes sessions and users in the database and expects the next request to see it at once; the session
    // cookie cache (off by default too) is tested on its own in session-cache.test.ts.
    SESSION_CACHE_SECONDS: "0",
    // Longer database waits than a server's: the suite's load (timeouts.ts).
    ...SUITE_DATABASE_TIMEOUTS,
    // Hundreds of sign-ups and sign-ins a run: scrypt at a test cost (auth/password-hashing.ts), which only NODE_ENV=test
    // takes (an app started as production hashes as production does); auth.test.ts signs up and in at the standard
    // cost too.
    PASSWORD_HASHING: (options.env?.NODE_ENV ?? "test") === "test" ? "test" : "standard",
    ...options.env,
  });
  const log = createLogger(config.logLevel);
  let ctx: Awaited<ReturnType<typeof buildContext>>;
  try {
    // The template is migrated already; running them again proves they are idempotent (and costs one query).
    const trusted = options.publicUrl ? { ...config, trustedOrigins: [...config.trustedOrigins, url] } : config;
    ctx = await buildContext({ config: trusted, log, databaseUrl: database.url, baseUrl: options.publicUrl ?? url });
  } catch (error) {
    server.close();
    if (ownDatabase) await database.drop();
    throw error;
  }
  handler.app = createApp(ctx);
  attachGatherings(server, ctx);
  ctx.heartbeat.countConnectionsOf(server);

  let closed = false;
  return {
    url,
    ctx,
    db: ctx.db,
    database,
    dataDir,
    client: (clientOptions) => new TestClient(url, clientOptions),
    async close() {
      if (closed) return;
      closed = true;
      // Open gathering sockets are upgraded connections the HTTP server no longer tracks: they close first.
      await ctx.gatherings.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await ctx.close();
      if (ownDatabase) await database.drop();
      if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
