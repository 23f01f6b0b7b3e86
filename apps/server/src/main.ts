import { serve } from "@hono/node-server";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createApp } from "./app";
import { buildContext, openDatabase } from "./bootstrap";
import { ConfigError, loadConfig } from "./config";
import { freePort } from "./db/embedded";
import { attachGatherings } from "./modules/gatherings/socket";
import { createLogger } from "./logger";

/** config -> database -> migrations -> app -> listen; SIGTERM/SIGINT stop taking requests, finish, stop the database. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(config.logLevel);
  const here = path.dirname(fileURLToPath(import.meta.url));
  config.webDist ??= path.resolve(here, "..", "..", "web", "dist");
  if (!fs.existsSync(path.join(config.webDist, "index.html"))) {
    log.warn({ webDist: config.webDist }, "the web app is not built; serving the API only (run npm run build)");
    config.webDist = undefined;
  }

  const database = await openDatabase(config, log);
  const port = config.port || (await freePort());
  const baseUrl = config.publicUrl ?? `http://localhost:${port}`;
  const config2 = {
    ...config,
    trustedOrigins: [...config.trustedOrigins, `http://127.0.0.1:${port}`, `http://localhost:${port}`],
  };
  const ctx = await buildContext({ config: config2, log, databaseUrl: database.url, baseUrl });
  const app = createApp(ctx);

  const server = serve({ fetch: app.fetch, port, hostname: config.host }, (info) => {
    log.info({ port: info.port, url: baseUrl, database: config.databaseUrl ? "external" : "embedded" }, "Shepherd is listening");
    console.log(`\n  Shepherd is running at ${baseUrl}\n  Make an account an admin: npm run admin -- grant you@example.com\n`);
  });
  attachGatherings(server as unknown as import("node:http").Server, ctx);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => {
      log.error("shutdown took too long; exiting");
      process.exit(1);
    }, 25_000);
    force.unref();
    server.close(async () => {
      try {
        await ctx.close();
        await database.stop();
        log.info("stopped cleanly");
        process.exit(0);
      } catch (error) {
        log.error({ err: error }, "error while stopping");
        process.exit(1);
      }
    });
    // Idle keep-alive connections would hold close() open.
    (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
    // So would open event streams: end them now (browsers reconnect, to another instance behind a load balancer).
    void ctx.realtime.close();
    // And open gathering sockets (their leaves are published first, so brothers on other instances see them go).
    void ctx.gatherings.close();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
