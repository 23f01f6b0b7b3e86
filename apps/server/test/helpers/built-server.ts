import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";
import { freePort } from "../../src/db/embedded";
import { TestClient } from "./http-client";
import { SUITE_DATABASE_TIMEOUTS } from "./timeouts";

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const repoRoot = path.resolve(serverRoot, "..", "..");
export const BUILT_MAIN = path.join(serverRoot, "dist", "main.js");

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Builds apps/server/dist when it is missing or older than its sources. */
export function buildServerIfNeeded(): void {
  const sources = [
    path.join(serverRoot, "src"),
    path.join(serverRoot, "build.mjs"),
    path.join(repoRoot, "packages", "shared", "src"),
  ];
  const built = fs.existsSync(BUILT_MAIN) ? fs.statSync(BUILT_MAIN).mtimeMs : 0;
  if (built >= Math.max(...sources.map(newestMtime))) return;
  execFileSync(process.execPath, [path.join(serverRoot, "build.mjs")], { cwd: repoRoot, stdio: "pipe" });
}

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  // A killed process stays in the table as a zombie until it is reaped; it is gone for our purposes only then.
  return true;
}

/** The embedded cluster of a DATA_DIR: DATA_DIR/postgres, unless postgres-location.txt says it was relocated. */
export function clusterDir(dataDir: string): string {
  const note = path.join(dataDir, "postgres-location.txt");
  if (fs.existsSync(note)) return fs.readFileSync(note, "utf8").trim().split("\n").at(-1)!.trim();
  return path.join(dataDir, "postgres");
}

export function postmasterPid(dataDir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(path.join(clusterDir(dataDir), "postmaster.pid"), "utf8").split("\n")[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Processes whose parent is `pid` (the postmaster's backends and workers). */
/**
 * Removes a DATA_DIR a test made, its postmaster stopped first if one still runs (left by a crash or a failed stop):
 * nothing of ours may outlive the test, whatever failed.
 */
export async function removeDataDir(dir: string): Promise<void> {
  const pid = postmasterPid(dir);
  if (pid && processAlive(pid)) {
    process.kill(pid, "SIGINT");
    await waitUntil(() => !processAlive(pid), `postmaster ${pid} to stop`, 30_000).catch(() => process.kill(pid, "SIGKILL"));
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

export function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // Fields after the command (which may contain spaces) start after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return children;
}

export async function waitUntil(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface BuiltServer {
  url: string;
  child: ChildProcess;
  output(): string;
  client(): TestClient;
  /** SIGKILL, as a crash or the OOM killer would; resolves once the process is gone. */
  crash(): Promise<void>;
  /** SIGTERM and wait for the clean stop. */
  stop(): Promise<void>;
}

/** Runs `node apps/server/dist/main.js` on DATA_DIR (embedded PostgreSQL) and waits until it answers. */
export async function startBuiltServer(options: {
  dataDir: string;
  port?: number;
  env?: Record<string, string>;
  /** How long to wait for /api/health (60 s; a cold start on a busy machine takes longer). */
  readyTimeoutMs?: number;
}): Promise<BuiltServer> {
  const port = options.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME };
  Object.assign(env, {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: options.dataDir,
    LOG_LEVEL: "warn",
    // One process unless a test asks for cluster mode (cluster.test.ts).
    WEB_CONCURRENCY: "1",
    // Under the suite's load (timeouts.ts); outages.test.ts starts it with the defaults.
    ...SUITE_DATABASE_TIMEOUTS,
    ...options.env,
  });
  const child = spawn(process.execPath, [BUILT_MAIN], { cwd: repoRoot, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const url = `http://127.0.0.1:${port}`;
  const probe = new TestClient(url);
  await waitUntil(
    async () => {
      if (hasExited) throw new Error(`The built server exited during start (code ${child.exitCode}):\n${output}`);
      try {
        return (await probe.get("/api/health")).status === 200;
      } catch {
        return false;
      }
    },
    "the built server to answer /api/health",
    options.readyTimeoutMs,
  );

  return {
    url,
    child,
    output: () => output,
    client: () => new TestClient(url),
    async crash() {
      if (!hasExited) child.kill("SIGKILL");
      await exited;
    },
    async stop() {
      if (hasExited) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * A new DATA_DIR for a built server on the embedded database, copied from one the built server has started on once this
 * run and stopped cleanly: its cluster made by initdb, migrated, the Bible and the starter content loaded, the auth
 * secret and VAPID keys written. A test that needs no first start (a crash, a shutdown, cluster mode) begins from it
 * in a second instead of the five to ten a first start takes; the first start itself is what prepares it (and
 * start-stop.test.ts starts two servers at once on an empty DATA_DIR). The first file to ask prepares it, under a lock;
 * the others wait for it. The copy is 0755 (as root, the postgres user must reach the cluster inside) and keeps its
 * owners and modes (cp -a: the cluster is the postgres user's, 0700).
 */
export async function preparedDataDir(label: string): Promise<string> {
  const seed = await seedDataDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `shepherd-${label}-`));
  fs.chmodSync(dir, 0o755);
  execFileSync("cp", ["-a", `${seed}/.`, dir]);
  // The seed's own start is not this server's story (durability.test.ts reads the log for crash recovery).
  fs.rmSync(path.join(dir, "postgres.log"), { force: true });
  // Nor its database's port (each copy is a DATA_DIR of its own, on a free port it then keeps).
  fs.rmSync(path.join(dir, "postgres-port"), { force: true });
  return dir;
}

async function seedDataDir(): Promise<string> {
  const seed = inject("builtServerSeed");
  if (fs.existsSync(seed)) return seed;
  const lock = `${seed}.lock`;
  let preparing = false;
  try {
    fs.mkdirSync(lock);
    preparing = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  if (!preparing) {
    await waitUntil(() => fs.existsSync(seed) || fs.existsSync(`${lock}/failed`), "the prepared DATA_DIR", 240_000);
    if (!fs.existsSync(seed))
      throw new Error(`Preparing the built server's DATA_DIR failed: ${fs.readFileSync(`${lock}/failed`, "utf8")}`);
    return seed;
  }
  const staging = `${seed}.tmp`;
  try {
    buildServerIfNeeded();
    fs.mkdirSync(staging, { mode: 0o755 });
    fs.chmodSync(staging, 0o755);
    const server = await startBuiltServer({ dataDir: staging, readyTimeoutMs: 180_000 });
    await server.stop();
    if (server.child.exitCode !== 0) throw new Error(`the first start did not stop cleanly:\n${server.output()}`);
    fs.renameSync(staging, seed);
    return seed;
  } catch (error) {
    fs.writeFileSync(`${lock}/failed`, String(error));
    throw error;
  }
}
