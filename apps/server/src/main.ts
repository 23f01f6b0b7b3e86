import { serve } from "@hono/node-server";
import cluster from "node:cluster";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createApp } from "./app";
import { authSecret, buildContext, openDatabase } from "./bootstrap";
import { ConfigError, loadConfig } from "./config";
import { freePort } from "./db/embedded";
import { attachGatherings } from "./modules/gatherings/socket";
import { createLogger, type Logger } from "./logger";

/**
 * Cluster mode (WEB_CONCURRENCY > 1): what the primary tells each server process it forks. The primary owns the
 * database (it starts the embedded PostgreSQL) and the port; the first process runs migrations, the Bible load and
 * the jobs ("background"), the others only serve.
 */
const WORKER_DATABASE_URL = "SHEPHERD_WORKER_DATABASE_URL";
const WORKER_ROLE = "SHEPHERD_WORKER_ROLE";

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

  const inCluster = cluster.isWorker && Boolean(process.env[WORKER_DATABASE_URL]);
  if (cluster.isPrimary && config.webConcurrency > 1) return runPrimary(config, log);

  const database = inCluster
    ? { url: process.env[WORKER_DATABASE_URL]!, stop: async () => undefined }
    : await openDatabase(config, log);
  const port = config.port || (await freePort());
  const baseUrl = config.publicUrl ?? `http://localhost:${port}`;
  const config2 = {
    ...config,
    trustedOrigins: [...config.trustedOrigins, `http://127.0.0.1:${port}`, `http://localhost:${port}`],
  };
  const background = !inCluster || process.env[WORKER_ROLE] === "background";
  const ctx = await buildContext({ config: config2, log, databaseUrl: database.url, baseUrl, background });
  const app = createApp(ctx);

  const server = serve({ fetch: app.fetch, port, hostname: config.host }, (info) => {
    if (inCluster) {
      log.info({ port: info.port, pid: process.pid, background }, "server process listening");
      return;
    }
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

/**
 * The primary of cluster mode: opens the database (starting the embedded PostgreSQL when there is no DATABASE_URL),
 * makes sure the auth secret exists, forks the background process and, once it listens (migrations and the Bible
 * load done), the others; a process that dies is replaced. SIGTERM/SIGINT stop every process cleanly, then the database.
 */
async function runPrimary(config: ReturnType<typeof loadConfig>, log: Logger) {
  const database = await openDatabase(config, log);
  const port = config.port || (await freePort());
  const baseUrl = config.publicUrl ?? `http://localhost:${port}`;
  if (!config.authSecret) authSecret(config, log);
  let stopping = false;
  let backgroundId: number | undefined;

  const fork = (role: "background" | "web") => {
    const worker = cluster.fork({ [WORKER_DATABASE_URL]: database.url, [WORKER_ROLE]: role, PORT: String(port) });
    if (role === "background") backgroundId = worker.id;
    return worker;
  };
  const listening = (worker: ReturnType<typeof cluster.fork>) =>
    new Promise<void>((resolve, reject) => {
      worker.once("listening", () => resolve());
      worker.once("exit", (code) => reject(new Error(`a server process exited (code ${code}) before listening`)));
    });

  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    log.error({ pid: worker.process.pid, code, signal }, "a server process died; starting another");
    fork(worker.id === backgroundId ? "background" : "web");
  });

  // Installed before the first fork, so that a stop during start-up is a clean stop too.
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down: stopping every server process");
    const force = setTimeout(() => {
      log.error("shutdown took too long; exiting");
      process.exit(1);
    }, 30_000);
    force.unref();
    const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
    void Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once("exit", () => resolve());
            worker.process.kill("SIGTERM");
          }),
      ),
    ).then(async () => {
      try {
        await database.stop();
        log.info("stopped cleanly");
        process.exit(0);
      } catch (error) {
        log.error({ err: error }, "error while stopping");
        process.exit(1);
      }
    });
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));

  try {
    await listening(fork("background"));
    await Promise.all(Array.from({ length: config.webConcurrency - 1 }, () => listening(fork("web"))));
  } catch (error) {
    if (stopping) return; // a signal arrived during start-up: shutdown() is stopping everything
    log.error({ err: error }, "a server process failed to start");
    shutdown("start-up failure");
    return;
  }
  log.info(
    { port, url: baseUrl, processes: config.webConcurrency, database: config.databaseUrl ? "external" : "embedded" },
    "Shepherd is listening",
  );
  console.log(
    `\n  Shepherd is running at ${baseUrl} (${config.webConcurrency} processes)\n  Make an account an admin: npm run admin -- grant you@example.com\n`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
