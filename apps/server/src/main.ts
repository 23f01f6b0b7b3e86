import { serve } from "@hono/node-server";
import cluster from "node:cluster";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createApp } from "./app";
import { createWorkerApp } from "./worker-app";
import { authSecret, buildContext, openDatabase } from "./bootstrap";
import { ConfigError, loadConfig } from "./config";
import { freePort } from "./db/embedded";
import { attachGatherings } from "./modules/gatherings/socket";
import { createLogger, type Logger } from "./logger";

/**
 * Cluster mode (WEB_CONCURRENCY > 1, SERVER_ROLE web or all): what the primary tells each server process it forks. The
 * primary owns the database (it starts the embedded PostgreSQL) and the port; the first process ("first") runs
 * migrations, the Bible load and, unless SERVER_ROLE=web, the jobs; the others only serve. A worker (SERVER_ROLE=worker)
 * is one process whatever WEB_CONCURRENCY says: more hands for the jobs are more workers.
 */
const WORKER_DATABASE_URL = "SHEPHERD_WORKER_DATABASE_URL";
const WORKER_ROLE = "SHEPHERD_WORKER_ROLE";
type ClusterPart = "first" | "other";

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
  const worker = config.serverRole === "worker";
  const here = path.dirname(fileURLToPath(import.meta.url));
  config.webDist ??= path.resolve(here, "..", "..", "web", "dist");
  if (worker) {
    config.webDist = undefined;
  } else if (!fs.existsSync(path.join(config.webDist, "index.html"))) {
    log.warn({ webDist: config.webDist }, "the web app is not built; serving the API only (run npm run build)");
    config.webDist = undefined;
  }

  const inCluster = cluster.isWorker && Boolean(process.env[WORKER_DATABASE_URL]);
  if (cluster.isPrimary && config.webConcurrency > 1 && !worker) return runPrimary(config, log);

  const database = inCluster
    ? { url: process.env[WORKER_DATABASE_URL]!, stop: async () => undefined }
    : await openDatabase(config, log);
  const port = config.port || (await freePort());
  const baseUrl = config.publicUrl ?? `http://localhost:${port}`;
  const config2 = {
    ...config,
    trustedOrigins: [...config.trustedOrigins, `http://127.0.0.1:${port}`, `http://localhost:${port}`],
  };
  // The first process (or the only one) prepares the database; the jobs run where SERVER_ROLE says.
  const first = !inCluster || (process.env[WORKER_ROLE] as ClusterPart) === "first";
  const background = first && config.serverRole !== "web";
  const ctx = await buildContext({ config: config2, log, databaseUrl: database.url, baseUrl, migrate: first, background });
  const app = worker ? createWorkerApp(ctx) : createApp(ctx);

  const server = serve({ fetch: app.fetch, port, hostname: config.host }, (info) => {
    if (inCluster) {
      log.info({ port: info.port, pid: process.pid, background }, "server process listening");
      return;
    }
    const database = config.databaseUrl ? "external" : "embedded";
    if (worker) {
      log.info({ port: info.port, role: "worker", database }, "Shepherd's worker is running");
      console.log(`\n  Shepherd's worker is running the jobs (health checks on port ${info.port})\n`);
      return;
    }
    log.info({ port: info.port, url: baseUrl, role: config.serverRole, database }, "Shepherd is listening");
    console.log(`\n  Shepherd is running at ${baseUrl}\n  Make an account an admin: npm run admin -- grant you@example.com\n`);
  });
  ctx.heartbeat.countConnectionsOf(server as unknown as import("node:net").Server);
  if (!worker) attachGatherings(server as unknown as import("node:http").Server, ctx);

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
 * makes sure the auth secret exists, forks the first process and, once it listens (migrations and the Bible load
 * done), the others; a process that dies is replaced. SIGTERM/SIGINT stop every process cleanly, then the database.
 */
async function runPrimary(config: ReturnType<typeof loadConfig>, log: Logger) {
  const database = await openDatabase(config, log);
  const port = config.port || (await freePort());
  const baseUrl = config.publicUrl ?? `http://localhost:${port}`;
  if (!config.authSecret) authSecret(config, log);
  let stopping = false;
  let firstId: number | undefined;

  const fork = (part: ClusterPart) => {
    const worker = cluster.fork({ [WORKER_DATABASE_URL]: database.url, [WORKER_ROLE]: part, PORT: String(port) });
    if (part === "first") firstId = worker.id;
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
    fork(worker.id === firstId ? "first" : "other");
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
    await listening(fork("first"));
    await Promise.all(Array.from({ length: config.webConcurrency - 1 }, () => listening(fork("other"))));
  } catch (error) {
    if (stopping) return; // a signal arrived during start-up: shutdown() is stopping everything
    log.error({ err: error }, "a server process failed to start");
    shutdown("start-up failure");
    return;
  }
  log.info(
    {
      port,
      url: baseUrl,
      processes: config.webConcurrency,
      role: config.serverRole,
      database: config.databaseUrl ? "external" : "embedded",
    },
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
