// The two servers every HTTP benchmark runs side by side, started (and checked ready) in one call each: the built
// Shepherd server on its own fresh DATA_DIR, and the bare node:http baseline answering the same bytes; and the
// accounts and posts a benchmark makes on the built server through its API.
import fs from "node:fs";
import path from "node:path";
import {
  ROOT,
  SERVER_MAIN,
  freePort,
  log,
  makeDataDir,
  removeDataDir,
  request,
  round,
  serverEnv,
  startChild,
  stopChild,
  waitFor200,
} from "./common.mjs";

/**
 * `node apps/server/dist/main.js` on a free loopback port with a fresh DATA_DIR (embedded PostgreSQL), ready once
 * GET /api/health answers 200. `nodeArgs` go before the script (a profiler hook); `env` adds to the server's;
 * `niceness` (coreutils' nice, 1 to 19) lowers the CPU priority of the server and all it starts (its workers, the
 * embedded PostgreSQL), for a benchmark whose subject is something else on the same cores (a browser's page load).
 */
export async function startBuiltServer({ name, env = {}, nodeArgs = [], timeoutMs = 90_000, niceness = 0 }) {
  const dataDir = makeDataDir(name);
  const port = await freePort();
  log(`${name}: starting the built server on 127.0.0.1:${port} (DATA_DIR ${dataDir})`);
  // nice execs node in its own process, so the pid is the server's.
  const [command, args] = niceness
    ? ["nice", ["-n", String(niceness), process.execPath, ...nodeArgs, SERVER_MAIN]]
    : [process.execPath, [...nodeArgs, SERVER_MAIN]];
  const handle = startChild(command, args, {
    env: serverEnv({ PORT: String(port), DATA_DIR: dataDir, RATE_LIMIT_AUTH_MAX: "100000", ...env }),
    dataDir,
    label: "shepherd server",
  });
  try {
    await waitFor200(port, "/api/health", { child: handle.child, timeoutMs, describe: "the Shepherd server" });
  } catch (error) {
    await stopChild(handle, { timeoutMs: 30_000 });
    removeDataDir(dataDir);
    throw new Error(`${error.message}\n--- server output ---\n${handle.output.tail()}`);
  }
  return {
    port,
    dataDir,
    handle,
    pid: handle.child.pid,
    /** From spawning the process to the first 200 on /api/health. */
    readyMs: round(performance.now() - handle.spawnedAt, 0),
    /** Stops the server (SIGTERM, then waits) and removes its DATA_DIR; answers how long the stop took. */
    async stop() {
      const ms = await stopChild(handle, { timeoutMs: 30_000 });
      removeDataDir(dataDir);
      return ms;
    },
  };
}

/**
 * The bare node:http baseline (lib/bare-server.mjs) on a free port: `env` names the bodies it answers
 * (BENCH_ME_BODY, BENCH_TODAY_BODY, BENCH_FEED_BODY, or BENCH_BODIES_FILE).
 */
export async function startBareServer(env) {
  const port = await freePort();
  const handle = startChild(process.execPath, [path.join(ROOT, "bench/lib/bare-server.mjs")], {
    env: { PATH: process.env.PATH, PORT: String(port), ...env },
    label: "bare node:http server",
  });
  await waitFor200(port, "/api/health", { child: handle.child, timeoutMs: 10_000, describe: "the bare server" });
  return { port, handle, pid: handle.child.pid, stop: () => stopChild(handle, { timeoutMs: 5000 }) };
}

/**
 * The floor (lib/floor-server.mjs) on a free port: node:http + node-postgres doing only the necessary work, on the
 * database, session secret and rows of the built server whose DATA_DIR is `dataDir` (that server must be running).
 */
export async function startFloorServer(dataDir) {
  const port = await freePort();
  const handle = startChild(process.execPath, [path.join(ROOT, "bench/lib/floor-server.mjs")], {
    env: { PATH: process.env.PATH, PORT: String(port), FLOOR_DATA_DIR: dataDir },
    label: "floor node:http + pg server",
  });
  await waitFor200(port, "/api/health", { child: handle.child, timeoutMs: 10_000, describe: "the floor server" });
  return { port, handle, pid: handle.child.pid, stop: () => stopChild(handle, { timeoutMs: 5000 }) };
}

/**
 * A second built server process on the database of a running one (whose DATA_DIR is `dataDir`): its PostgreSQL (the
 * Unix socket when it has one) through DATABASE_URL, and its auth secret, so the first one's session cookies work here;
 * its own DATA_DIR for the rest. `env` adds to the server's.
 */
export async function startSecondServer(dataDir, { name, env = {} }) {
  const secret = fs.readFileSync(path.join(dataDir, "auth-secret"), "utf8").trim();
  const password = fs.readFileSync(path.join(dataDir, "postgres-password"), "utf8").trim();
  const owner = JSON.parse(fs.readFileSync(path.join(dataDir, "postgres-owner.json"), "utf8"));
  const host = owner.socketDir ? `?host=${encodeURIComponent(owner.socketDir)}` : "";
  const databaseUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${owner.port}/postgres${host}`;
  return startBuiltServer({ name, env: { DATABASE_URL: databaseUrl, BETTER_AUTH_SECRET: secret, ...env } });
}

const cookiesOf = (res) => [res.headers["set-cookie"] ?? []].flat().map((c) => c.split(";")[0]);

/** Signs up a fresh member through the API (with a username when given); returns the Cookie header of his session. */
export async function signUp(port, { label = "user", username } = {}) {
  const origin = `http://localhost:${port}`;
  const email = `bench-${label}-${Date.now()}-${process.pid}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await request(port, "/api/auth/sign-up/email", {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email, password: "bench-password-1234", name: `Bench ${label}` }),
    timeoutMs: 15_000,
  });
  if (res.status !== 200) throw new Error(`sign-up failed: HTTP ${res.status} ${res.body.slice(0, 300)}`);
  const cookies = cookiesOf(res);
  if (!cookies.some((c) => c.startsWith("shepherd.session_token="))) {
    throw new Error(`sign-up set no shepherd.session_token cookie (got: ${cookies.join(", ") || "none"})`);
  }
  const cookie = cookies.join("; ");
  if (username) {
    const named = await request(port, "/api/profile", {
      method: "PATCH",
      headers: { "content-type": "application/json", origin, cookie },
      body: JSON.stringify({ username }),
    });
    if (named.status !== 200) throw new Error(`PATCH /api/profile: HTTP ${named.status} ${named.body.slice(0, 300)}`);
  }
  return cookie;
}

/** A full first page of The Pasture: 25 posts (every third a prayer request), so the first page holds 20. */
export async function seedFeed(port, cookie) {
  for (let i = 1; i <= 25; i++) {
    const res = await request(port, "/api/pasture/posts", {
      method: "POST",
      headers: { cookie, "content-type": "application/json", origin: `http://localhost:${port}` },
      body: JSON.stringify({
        kind: i % 3 === 0 ? "prayer_request" : "post",
        body: `Brothers, day ${i}: what carried me this week was Isaiah 40:31. Waiting is not wasted time.`,
        scripture_ref: "Isaiah 40:31",
      }),
    });
    if (res.status !== 201) throw new Error(`POST /api/pasture/posts: HTTP ${res.status} ${res.body}`);
  }
}
