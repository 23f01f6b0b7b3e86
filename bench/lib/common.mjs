// Helpers shared by the benchmarks: paths, free ports, temporary data dirs, child processes and clean shutdown.
// Everything here talks to 127.0.0.1 only. Long because starting and stopping children cleanly (process groups, the
// embedded postmaster left behind by a killed server) is most of it; the servers themselves are in server.mjs.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const HOST = "127.0.0.1";
export const SERVER_MAIN = path.join(ROOT, "apps/server/dist/main.js");
export const WEB_INDEX = path.join(ROOT, "apps/web/dist/index.html");
export const BUILD_STAMP = path.join(ROOT, "apps/server/dist/.build-stamp");

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function log(message) {
  process.stderr.write(`[bench] ${message}\n`);
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function round(value, digits = 2) {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** True when `file` is the script node was started with (so a benchmark module can also run on its own). */
export function isMain(metaUrl) {
  return Boolean(process.argv[1]) && path.resolve(process.argv[1]) === fileURLToPath(metaUrl);
}

export function machineInfo() {
  const cpus = os.cpus();
  return {
    cores: cpus.length,
    cpuModel: cpus[0]?.model?.trim() ?? "unknown",
    totalMemoryGiB: round(os.totalmem() / 1024 ** 3, 1),
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
  };
}

/** A free TCP port on 127.0.0.1 (the OS picks it; there is a small race until the child binds it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** A fresh DATA_DIR. 0755 so the embedded PostgreSQL, which runs as the OS user postgres under root, can reach it. */
const dataDirs = new Set();

export function makeDataDir(label) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `shepherd-bench-${label}-`));
  fs.chmodSync(dir, 0o755);
  dataDirs.add(dir);
  return dir;
}

export function removeDataDir(dir) {
  if (dir && dir.startsWith(os.tmpdir())) fs.rmSync(dir, { recursive: true, force: true });
  dataDirs.delete(dir);
}

/** Environment for the processes we start: loopback only, no outside services, quiet logs. */
export function serverEnv(extra) {
  const env = { ...process.env };
  for (const key of [
    "DATABASE_URL",
    "PUBLIC_URL",
    "WEB_DIST",
    "EMBEDDED_PG_PORT",
    "TRUSTED_ORIGINS",
    "SMTP_URL",
    "SENTRY_DSN",
    "NODE_ENV",
    "TRUST_PROXY",
    "ADMIN_EMAILS",
  ]) {
    delete env[key];
  }
  // One server process unless a benchmark asks for more (WEB_CONCURRENCY in `extra`): CPU is read per process.
  return { ...env, HOST, LOG_LEVEL: "warn", WEB_CONCURRENCY: "1", ...extra };
}

/**
 * One GET on 127.0.0.1 without keep-alive. Resolves { status, headers, body, bytes } (body as text, bytes as they came,
 * compressed or not) or rejects on a socket error/timeout.
 */
export function request(port, urlPath, { method = "GET", headers = {}, body, timeoutMs = 5000 } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: HOST, port, path: urlPath, method, headers: { connection: "close", ...headers }, agent: false },
      (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode,
            headers: res.headers,
            body: Buffer.concat(chunks).toString("utf8"),
            bytes: Buffer.concat(chunks),
          }),
        );
        res.on("error", reject);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`timeout after ${timeoutMs} ms`)));
    req.on("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/**
 * Polls GET `urlPath` every `intervalMs` until it answers 200. Returns the time it answered.
 * Fails when the child exits first or `timeoutMs` passes.
 */
export async function waitFor200(port, urlPath, { child, timeoutMs, intervalMs = 50, describe = "server" }) {
  const until = performance.now() + timeoutMs;
  for (;;) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new Error(`${describe} exited (code ${child.exitCode ?? child.signalCode}) before answering 200 on ${urlPath}`);
    }
    try {
      const res = await request(port, urlPath, { timeoutMs: 2000 });
      if (res.status === 200) return performance.now();
    } catch {
      // not listening yet
    }
    if (performance.now() > until) throw new Error(`${describe} did not answer 200 on ${urlPath} within ${timeoutMs} ms`);
    await sleep(intervalMs);
  }
}

/** Keeps the last lines a child wrote, for error messages and to see whether `npm start` rebuilt. */
function captureOutput(child) {
  const lines = [];
  let all = "";
  const onData = (chunk) => {
    const text = chunk.toString();
    if (all.length < 200_000) all += text;
    lines.push(...text.split("\n").filter(Boolean));
    if (lines.length > 60) lines.splice(0, lines.length - 60);
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  return { tail: () => lines.join("\n"), all: () => all };
}

const started = new Set();

/**
 * Spawns a child we own. `group: true` gives it its own process group (for `npm start`, whose server runs as a
 * grandchild) so a failed stop can still reach the whole tree. `dataDir` lets stop() find the embedded postmaster.
 */
export function startChild(command, args, { env, group = false, dataDir, label }) {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"], detached: group });
  const output = captureOutput(child);
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  const handle = { child, label, group, dataDir, output, exited, spawnedAt: performance.now() };
  started.add(handle);
  exited.then(() => {
    if (!group) started.delete(handle);
  });
  return handle;
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

function groupAlive(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

/** The descendants of `pid` (from /proc), nearest first. */
function descendants(pid) {
  const parents = new Map();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // exited meanwhile
    }
  }
  const out = [];
  const queue = [pid];
  while (queue.length) {
    const p = queue.shift();
    for (const [child, parent] of parents) {
      if (parent === p) {
        out.push(child);
        queue.push(child);
      }
    }
  }
  return out;
}

function argv(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
  } catch {
    return [];
  }
}

function cmdline(pid) {
  return argv(pid).join(" ");
}

/** A node process whose script is `script` (not the `sh -c "node script"` wrapper npm puts in between). */
function isNodeRunning(pid, script) {
  const [exe, ...args] = argv(pid);
  return Boolean(exe) && path.basename(exe) === "node" && args.some((a) => a.endsWith(script));
}

async function waitUntil(check, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (check()) return true;
    await sleep(50);
  }
  return check();
}

/** If a postmaster for `dataDir` is still up (our server died without stopping it), stop it. */
async function stopLeftoverPostmaster(dataDir) {
  if (!dataDir) return;
  let pid;
  try {
    pid = Number(fs.readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid) || !cmdline(pid).includes("postgres")) return;
  log(`stopping a leftover postmaster (pid ${pid}) of ${dataDir}`);
  process.kill(pid, "SIGINT");
  if (!(await waitUntil(() => !alive(pid), 10_000))) process.kill(pid, "SIGKILL");
}

/**
 * Stops a child we started: SIGTERM to the server process (for a group, the node process that runs
 * `serverMatch`), then waits for it to exit. Escalates to SIGKILL only when it does not exit in time.
 * Returns how long the graceful stop took.
 */
export async function stopChild(handle, { serverMatch, timeoutMs = 30_000 } = {}) {
  const { child } = handle;
  const t0 = performance.now();
  const done = () => child.exitCode !== null || child.signalCode !== null;
  if (!done()) {
    let target = child.pid;
    if (serverMatch) target = descendants(child.pid).find((pid) => isNodeRunning(pid, serverMatch)) ?? child.pid;
    try {
      process.kill(target, "SIGTERM");
    } catch {
      // already gone
    }
    await Promise.race([handle.exited, sleep(timeoutMs)]);
    if (!done()) {
      log(`${handle.label ?? "child"} did not exit ${timeoutMs} ms after SIGTERM; killing it`);
      try {
        if (handle.group) process.kill(-child.pid, "SIGKILL");
        else child.kill("SIGKILL");
      } catch {
        // gone
      }
      await Promise.race([handle.exited, sleep(5000)]);
    }
  }
  const stopMs = performance.now() - t0;
  // `npm start` leaves nothing behind when the server exits cleanly; make sure of it.
  if (handle.group && groupAlive(child.pid)) {
    await waitUntil(() => !groupAlive(child.pid), 5000);
    if (groupAlive(child.pid)) {
      log(`processes of ${handle.label ?? "child"} outlived it; killing its process group`);
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // gone
      }
    }
  }
  await stopLeftoverPostmaster(handle.dataDir);
  started.delete(handle);
  return stopMs;
}

/** Stops everything still running and removes the temporary data dirs (used on errors and on Ctrl-C). */
export async function stopAll() {
  await Promise.all(
    [...started].map((h) => stopChild(h, { serverMatch: h.group ? "scripts/start.mjs" : undefined, timeoutMs: 15_000 })),
  );
  for (const dir of [...dataDirs]) removeDataDir(dir);
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function procTimes(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return {
      own: Number(f[11]) + Number(f[12]),
      user: Number(f[11]),
      system: Number(f[12]),
      reaped: Number(f[13]) + Number(f[14]),
      reapedUser: Number(f[13]),
      reapedSystem: Number(f[14]),
    };
  } catch {
    return { own: 0, user: 0, system: 0, reaped: 0, reapedUser: 0, reapedSystem: 0 };
  }
}

/** Live descendants of `pid` (e.g. the embedded postmaster and its backends under the server). */
export function descendantPids(pid) {
  return descendants(pid);
}

/** CPU seconds used so far by the processes in `pids` (not counting their reaped children), in user and kernel mode. */
export function procCpuSeconds(pids) {
  const times = pids.map(procTimes);
  const sum = (key) => times.reduce((n, t) => n + t[key], 0) / TICKS_PER_SECOND;
  return { user: sum("user"), system: sum("system") };
}

/**
 * CPU seconds used so far by a whole process tree: the root, the children it has reaped (with theirs), and its live
 * descendants. It only grows, however many children come and go meanwhile (PostgreSQL's backends, autovacuum workers),
 * so the difference of two readings is the tree's CPU between them.
 */
export function treeCpuSeconds(rootPid) {
  if (!rootPid) return { user: 0, system: 0 };
  const root = procTimes(rootPid);
  const live = descendants(rootPid).map(procTimes);
  const sum = (key) => live.reduce((n, t) => n + t[key], 0);
  return {
    user: (root.user + root.reapedUser + sum("user")) / TICKS_PER_SECOND,
    system: (root.system + root.reapedSystem + sum("system")) / TICKS_PER_SECOND,
  };
}

/** The embedded PostgreSQL's postmaster: the child of the server process whose command is `postgres`. */
export function postmasterPid(serverPid) {
  return descendants(serverPid).find((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "postgres" && procParent(pid) === serverPid;
    } catch {
      return false;
    }
  });
}

function procParent(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
}

/** CPU ticks used by this process, its live descendants and the children it has reaped (which include theirs). */
function ourTicks() {
  const self = procTimes(process.pid);
  return self.own + self.reaped + descendants(process.pid).reduce((n, pid) => n + procTimes(pid).own, 0);
}

function systemBusyTicks() {
  const [, user, nice, system, , , irq, softirq, steal] = fs
    .readFileSync("/proc/stat", "utf8")
    .split("\n")[0]
    .trim()
    .split(/\s+/)
    .map(Number);
  return user + nice + system + irq + softirq + steal;
}

/**
 * Measures how much CPU other processes (not this benchmark and what it started) used while a benchmark ran,
 * in percent of one core. Linux only; returns null elsewhere.
 */
export function cpuMeter() {
  if (!fs.existsSync("/proc/stat")) return { stop: () => null };
  const t0 = performance.now();
  const sys0 = systemBusyTicks();
  const ours0 = ourTicks();
  return {
    stop() {
      const seconds = (performance.now() - t0) / 1000;
      const sys = (systemBusyTicks() - sys0) / TICKS_PER_SECOND;
      const ours = (ourTicks() - ours0) / TICKS_PER_SECOND;
      return {
        otherCpuPercent: round((Math.max(0, sys - ours) / seconds) * 100, 0),
        benchCpuPercent: round((ours / seconds) * 100, 0),
      };
    },
  };
}

let handlersInstalled = false;
/** On Ctrl-C / SIGTERM: stop what we started, then exit. */
export function installSignalHandlers() {
  if (handlersInstalled) return;
  handlersInstalled = true;
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => {
      log(`${signal}: stopping what the benchmarks started...`);
      stopAll().finally(() => process.exit(130));
    });
  }
}

/** Runs `npm run build` when the built server or web app is missing. Returns true when it built. */
/**
 * Builds the app when it is missing or older than its sources (scripts/build-if-needed.mjs, as npm start does), so a
 * benchmark never measures a stale build. Answers whether it built.
 */
export async function ensureBuilt() {
  const { buildIfNeeded } = await import("../../scripts/build-if-needed.mjs");
  return buildIfNeeded();
}
