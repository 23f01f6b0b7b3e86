// HTTP benchmark: the built Shepherd server vs a bare node:http server answering the same JSON, under autocannon.
//   node bench/http.mjs            (or: node bench/run.mjs http)
// (a) GET /api/health  (b) GET /api/me with a session cookie (session lookup + profile read in PostgreSQL)
// (c) GET /api/devotionals/today  (d) GET /api/pasture/posts, a full first page of The Pasture  (e) a chapter of The Word.
// Three servers answer each scenario in one run: bare (the same bytes from memory: no work), floor (node:http +
// node-postgres doing only the necessary work on the same database: lib/floor-server.mjs) and ours.
import autocannon from "autocannon";
import {
  postmasterPid,
  ensureBuilt,
  installSignalHandlers,
  isMain,
  log,
  procCpuSeconds,
  treeCpuSeconds,
  request,
  round,
} from "./lib/common.mjs";
import { seedFeed, signUp, startBareServer, startBuiltServer, startFloorServer } from "./lib/server.mjs";

const SIDE_NAMES = {
  ours: "Shepherd",
  ours2: "Shepherd, 2 processes",
  floor: "floor (node:http + pg)",
  bare: "bare node:http",
};

export const HTTP_DEFAULTS = { connections: 50, warmupSeconds: 2, durationSeconds: 10 };

/**
 * The Cookie header with a session cookie cache issued now: the session is read without the old cache cookie, so Better
 * Auth reads it in the database and sends a fresh one.
 */
async function freshCookie(port, cookie) {
  const jar = new Map(cookie.split("; ").map((c) => [c.slice(0, c.indexOf("=")), c]));
  for (const name of jar.keys()) if (name.includes("session_data")) jar.delete(name);
  const res = await request(port, "/api/auth/get-session", { headers: { cookie: [...jar.values()].join("; ") } });
  for (const c of [res.headers["set-cookie"] ?? []].flat()) {
    const pair = c.split(";")[0];
    jar.set(pair.slice(0, pair.indexOf("=")), pair);
  }
  return [...jar.values()].join("; ");
}

/** One autocannon run against `url`. */
export async function load(url, { connections, durationSeconds, headers, expectBody }) {
  const result = await autocannon({
    url,
    connections,
    duration: durationSeconds,
    headers,
    expectBody,
    timeout: 10,
  });
  return result;
}

/** What a run's row keeps: throughput, latency and every kind of failure. */
export function summarize(result) {
  const seconds = (result.finish - result.start) / 1000 || result.duration;
  return {
    requestsPerSecond: round(result.requests.average, 0),
    totalRequests: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    meanMs: round(result.latency.average, 2),
    maxMs: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    mismatches: result.mismatches,
    seconds: round(seconds, 1),
  };
}

/**
 * What a row's CPU columns read: the server process, the embedded PostgreSQL (the postmaster's whole tree, including
 * backends that ended meanwhile; ours, which the floor shares) and this load generator.
 */
function cpuSources(serverPid, postmaster) {
  return {
    server: () => procCpuSeconds([serverPid]),
    postgres: () => treeCpuSeconds(postmaster),
    loadGenerator: () => procCpuSeconds([process.pid]),
  };
}

/**
 * The same for Shepherd in cluster mode (WEB_CONCURRENCY=2): the server is the primary and its workers (the primary's
 * whole tree less its embedded PostgreSQL's).
 */
function clusterCpuSources(primaryPid, postmaster) {
  const minus = (a, b) => ({ user: a.user - b.user, system: a.system - b.system });
  return {
    server: () => minus(treeCpuSeconds(primaryPid), treeCpuSeconds(postmaster)),
    postgres: () => treeCpuSeconds(postmaster),
    loadGenerator: () => procCpuSeconds([process.pid]),
  };
}

function cpuSnapshot(sources) {
  return Object.fromEntries(Object.entries(sources).map(([k, read]) => [k, read()]));
}

/** Microseconds of CPU (user + kernel) per request, for each process group, between two snapshots. */
function cpuPerRequest(before, after, requests) {
  const us = (k) => {
    const seconds = after[k].user + after[k].system - before[k].user - before[k].system;
    return requests > 0 ? Math.round((seconds * 1e6) / requests) : null;
  };
  return { server: us("server"), postgres: us("postgres"), loadGenerator: us("loadGenerator") };
}

export async function runHttp(options = {}) {
  const { connections, warmupSeconds, durationSeconds } = { ...HTTP_DEFAULTS, ...options };
  installSignalHandlers();
  const built = await ensureBuilt();
  let ours;
  let ours2;
  let bare;
  let floor;
  try {
    ours = await startBuiltServer({ name: "http", timeoutMs: 240_000 });
    const { port, readyMs } = ours;
    // Issue 20: the same build with two server processes on one port (node:cluster), on its own database with the
    // same member and posts, to show what a second core's process adds on this machine.
    ours2 = await startBuiltServer({ name: "http-2", env: { WEB_CONCURRENCY: "2" }, timeoutMs: 240_000 });
    const cookie2 = await signUp(ours2.port);
    await seedFeed(ours2.port, cookie2);
    const today2 = await request(ours2.port, "/api/devotionals/today", { headers: { cookie: cookie2 } });
    if (today2.status !== 200) throw new Error(`GET /api/devotionals/today on 2 processes: HTTP ${today2.status}`);

    const cookie = await signUp(port);
    const meRes = await request(port, "/api/me", { headers: { cookie } });
    if (meRes.status !== 200) throw new Error(`GET /api/me with the session cookie: HTTP ${meRes.status} ${meRes.body}`);
    const meBody = meRes.body;
    const todayRes = await request(port, "/api/devotionals/today", { headers: { cookie } });
    if (todayRes.status !== 200) throw new Error(`GET /api/devotionals/today: HTTP ${todayRes.status} ${todayRes.body}`);
    const todayBody = todayRes.body;
    await seedFeed(port, cookie);
    const feedRes = await request(port, "/api/pasture/posts", { headers: { cookie } });
    if (feedRes.status !== 200) throw new Error(`GET /api/pasture/posts: HTTP ${feedRes.status} ${feedRes.body}`);
    const feedBody = feedRes.body;
    const chapterPath = "/api/word/chapters/web/John/3";
    const chapterRes = await request(port, chapterPath);
    if (chapterRes.status !== 200) throw new Error(`GET ${chapterPath}: HTTP ${chapterRes.status} ${chapterRes.body}`);
    const chapterBody = chapterRes.body;
    // One unloaded request each, for reference (includes connection setup: no keep-alive).
    const single = {};
    for (const [name, p, headers] of [
      ["health", "/api/health", {}],
      ["me", "/api/me", { cookie }],
    ]) {
      const times = [];
      for (let i = 0; i < 20; i++) {
        const t0 = performance.now();
        await request(port, p, { headers });
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      single[name] = round(times[10], 2);
    }

    bare = await startBareServer({
      BENCH_ME_BODY: meBody,
      BENCH_TODAY_BODY: todayBody,
      BENCH_FEED_BODY: feedBody,
      BENCH_CHAPTER_BODY: chapterBody,
    });
    const barePort = bare.port;
    floor = await startFloorServer(ours.dataDir);
    // The floor must send the very bytes ours sends, or it is not doing the same work.
    for (const [p, headers, body] of [
      ["/api/me", { cookie }, meBody],
      ["/api/devotionals/today", { cookie }, todayBody],
      ["/api/pasture/posts", { cookie }, feedBody],
      [chapterPath, {}, chapterBody],
    ]) {
      const res = await request(floor.port, p, { headers });
      if (res.status !== 200 || res.body !== body) {
        throw new Error(`the floor server answers ${p} differently: HTTP ${res.status}\n${res.body}\nours:\n${body}`);
      }
    }

    const healthBody = JSON.stringify({ status: "ok" });
    const scenarios = [
      { key: "health", label: "GET /api/health", path: "/api/health", headers: {}, expectBody: healthBody },
      { key: "me", label: "GET /api/me (session cookie)", path: "/api/me", headers: { cookie }, expectBody: meBody },
      {
        key: "today",
        label: "GET /api/devotionals/today",
        path: "/api/devotionals/today",
        headers: { cookie },
        expectBody: todayBody,
      },
      {
        key: "feed",
        label: "GET /api/pasture/posts (20 posts)",
        path: "/api/pasture/posts",
        headers: { cookie },
        expectBody: feedBody,
      },
      {
        key: "chapter",
        label: "GET chapter John 3 (WEB), uncompressed",
        path: chapterPath,
        headers: {},
        expectBody: chapterBody,
      },
    ];
    const results = [];
    for (const s of scenarios) {
      const row = { key: s.key, label: s.label };
      // As a browser would, take the fresh session cookie cache (SESSION_CACHE_SECONDS) before each scenario: the
      // benchmark outlasts its 60 s lifetime, and autocannon does not keep cookies.
      if (s.headers.cookie) s.headers = { ...s.headers, cookie: await freshCookie(port, cookie) };
      // The second server's member has other ids, so its answers are checked for their status only.
      const headers2 = s.headers.cookie ? { ...s.headers, cookie: await freshCookie(ours2.port, cookie2) } : s.headers;
      for (const [side, p] of [
        ["bare", barePort],
        ["floor", floor.port],
        ["ours", port],
        ["ours2", ours2.port],
      ]) {
        const url = `http://127.0.0.1:${p}${s.path}`;
        const headers = side === "ours2" ? headers2 : s.headers;
        const expectBody = side === "ours2" && s.headers.cookie ? undefined : s.expectBody;
        log(`http: ${s.label} on ${SIDE_NAMES[side]}: ${warmupSeconds} s warm-up, ${durationSeconds} s measured`);
        await load(url, { connections, durationSeconds: warmupSeconds, headers, expectBody });
        const database = postmasterPid(ours.pid);
        const pids =
          side === "ours"
            ? cpuSources(ours.pid, database)
            : side === "ours2"
              ? clusterCpuSources(ours2.pid, postmasterPid(ours2.pid))
              : side === "floor"
                ? cpuSources(floor.pid, database)
                : cpuSources(bare.pid);
        const before = cpuSnapshot(pids);
        const result = await load(url, { connections, durationSeconds, headers, expectBody });
        row[side] = { ...summarize(result), cpuUsPerRequest: cpuPerRequest(before, cpuSnapshot(pids), result.requests.total) };
      }
      row.throughputRatio = round(row.ours.requestsPerSecond / row.bare.requestsPerSecond, 3);
      row.p99Ratio = round(row.ours.p99Ms / Math.max(row.bare.p99Ms, 1), 2);
      row.floorThroughputRatio = round(row.ours.requestsPerSecond / row.floor.requestsPerSecond, 3);
      row.floorP99Ratio = round(row.ours.p99Ms / Math.max(row.floor.p99Ms, 1), 2);
      row.floorCpuRatio = round(row.ours.cpuUsPerRequest.server / Math.max(row.floor.cpuUsPerRequest.server, 1), 2);
      row.twoProcessThroughputRatio = round(row.ours2.requestsPerSecond / row.ours.requestsPerSecond, 3);
      row.ok = [row.ours, row.ours2, row.bare, row.floor].every(
        (r) => r.non2xx === 0 && r.errors === 0 && r.timeouts === 0 && r.mismatches === 0,
      );
      results.push(row);
    }
    return {
      name: "http",
      measuredAt: new Date().toISOString(),
      settings: { connections, warmupSeconds, durationSeconds, tool: "autocannon (in the benchmark process)" },
      builtFirst: built,
      serverReadyMs: readyMs,
      meBodyBytes: Buffer.byteLength(meBody),
      feedBodyBytes: Buffer.byteLength(feedBody),
      singleRequestMedianMs: single,
      scenarios: results,
      ok: results.every((r) => r.ok),
    };
  } finally {
    await Promise.all([bare?.stop(), floor?.stop()]);
    await Promise.all([ours?.stop(), ours2?.stop()]);
  }
}

export function formatHttp(r) {
  const lines = [];
  const pad = (s, n) => String(s).padEnd(n);
  const padL = (s, n) => String(s).padStart(n);
  lines.push(
    `${pad("scenario", 30)} ${pad("server", 6)} ${padL("req/s", 8)} ${padL("p50 ms", 7)} ${padL("p99 ms", 7)} ${padL("non-2xx", 8)} ${padL("errors", 7)}`,
  );
  for (const s of r.scenarios) {
    for (const side of ["ours", "ours2", "floor", "bare"]) {
      const x = s[side];
      if (!x) continue;
      const cpu = x.cpuUsPerRequest;
      const cpuText = cpu
        ? `  CPU us/request: server ${cpu.server}${side !== "bare" ? `, postgres ${cpu.postgres}` : ""}, load generator ${cpu.loadGenerator}`
        : "";
      lines.push(
        `${pad(side === "ours" ? s.label : "", 30)} ${pad(side, 6)} ${padL(x.requestsPerSecond, 8)} ${padL(x.p50Ms, 7)} ${padL(x.p99Ms, 7)} ${padL(x.non2xx, 8)} ${padL(x.errors + x.timeouts + x.mismatches, 7)}${cpuText}`,
      );
    }
    lines.push(
      `${pad("", 30)} ratio  ours/floor throughput ${s.floorThroughputRatio} p99 ${s.floorP99Ratio} server CPU ${s.floorCpuRatio}; ours/bare throughput ${s.throughputRatio} p99 ${s.p99Ratio}; 2 processes/1 ${s.twoProcessThroughputRatio}${s.ok ? "" : "  (FAILURES: see non-2xx/errors)"}`,
    );
  }
  return lines.join("\n");
}

if (isMain(import.meta.url)) {
  const result = await runHttp();
  console.log(formatHttp(result));
  process.exit(result.ok ? 0 : 1);
}
