// Realtime benchmark (issue 5): idle server-sent event streams held by ONE server process, and how fast a mention
// reaches the mentioned user's open stream.
//   node bench/realtime.mjs            (or: node bench/run.mjs realtime)
// (a) opens 10,000 authenticated GET /api/realtime streams (a few users' cookies, reused) in batches, reports the
//     server's RSS before and after and per connection, and checks that every stream stays open through a heartbeat;
// (b) delivery latency from the write (POST /api/pasture/posts with @username, on a keep-alive connection) to
//     `event: notifications` on the mentioned user's stream: 200 sequential samples with few streams open (baseline)
//     and again with the 10,000 idle streams open.
import fs from "node:fs";
import http from "node:http";
import { HOST, ensureBuilt, installSignalHandlers, isMain, log, median, round, sleep } from "./lib/common.mjs";
import { signUp, startBuiltServer } from "./lib/server.mjs";

export const REALTIME_DEFAULTS = {
  connections: 10_000,
  /** The idle streams belong to this many users (each user's cookie is reused for connections / users streams). */
  idleUsers: 20,
  /** Streams being opened at once. */
  openConcurrency: 200,
  samples: 200,
  /** The server's heartbeat period (apps/server/src/realtime/routes.ts) plus slack: every idle stream must see one. */
  heartbeatWaitMs: 25_000 + 20_000,
  sampleTimeoutMs: 5_000,
  targets: { connections: 10_000, p95Ms: 50 },
};
/** As in bench/run.mjs: more CPU than this (percent of one core) used by other processes flags the numbers. */
const BUSY_OTHER_CPU_PERCENT = 25;
/** Sockets the benchmark itself needs beyond the streams (server start, sign-ups, the latency client). */
const FD_HEADROOM = 500;

function openFileLimit() {
  try {
    const line = fs
      .readFileSync("/proc/self/limits", "utf8")
      .split("\n")
      .find((l) => l.startsWith("Max open files"));
    const soft = Number(line?.split(/\s{2,}/)[1]);
    return Number.isFinite(soft) ? soft : Infinity;
  } catch {
    return Infinity;
  }
}

function rssMiB(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return round(kb / 1024, 1);
}

function percentile(values, p) {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Opens one event stream; resolves once its first bytes (the retry hint, sent after the subscription) arrived.
 * `onChunk` sees every later chunk with the time it arrived.
 */
function openStream(port, cookie, onChunk) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: HOST, port, path: "/api/realtime", agent: false, headers: { cookie, accept: "text/event-stream" } },
      (res) => {
        if (res.statusCode !== 200 || !String(res.headers["content-type"]).startsWith("text/event-stream")) {
          res.resume();
          reject(new Error(`GET /api/realtime: HTTP ${res.statusCode} ${res.headers["content-type"]}`));
          return;
        }
        const stream = { req, res, closed: false, heartbeats: 0 };
        res.once("data", () => {
          clearTimeout(timer);
          resolve(stream);
          res.on("data", (chunk) => onChunk?.(stream, chunk, performance.now()));
        });
        res.on("close", () => (stream.closed = true));
        res.on("error", () => (stream.closed = true));
      },
    );
    const timer = setTimeout(() => req.destroy(new Error("GET /api/realtime: no first bytes within 30 s")), 30_000);
    req.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.end();
  });
}

/**
 * `samples` sequential mentions by the writer of the listener, each timed from just before the POST is sent to the
 * listener's `event: notifications`. The listener's stream must have no other traffic meanwhile.
 */
async function measureDelivery({ port, writerCookie, listenerUsername, listener, samples, timeoutMs, label }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const post = (body) =>
    new Promise((resolve, reject) => {
      const payload = JSON.stringify({ kind: "post", body });
      const req = http.request(
        {
          host: HOST,
          port,
          path: "/api/pasture/posts",
          method: "POST",
          agent,
          headers: {
            cookie: writerCookie,
            origin: `http://localhost:${port}`,
            "content-type": "application/json",
            "content-length": Buffer.byteLength(payload),
          },
        },
        (res) => {
          const chunks = [];
          res.on("data", (c) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString(), at: performance.now() }));
        },
      );
      req.setTimeout(timeoutMs, () => req.destroy(new Error(`POST /api/pasture/posts: timeout after ${timeoutMs} ms`)));
      req.on("error", reject);
      req.end(payload);
    });

  const deliveryMs = [];
  const writeMs = [];
  let eventFirst = 0;
  let failures = 0;
  let firstFailure = null;
  try {
    for (let i = 0; i < samples; i++) {
      const arrived = new Promise((resolve) => (listener.waiting = resolve));
      const t0 = performance.now();
      const answer = post(`Bench mention ${label} ${i} for @${listenerUsername}`).catch((error) => ({
        status: 0,
        body: error.message,
        at: performance.now(),
      }));
      let timer;
      const timeout = new Promise((resolve) => (timer = setTimeout(() => resolve(null), timeoutMs)));
      const [at, res] = await Promise.all([Promise.race([arrived, timeout]), answer]);
      clearTimeout(timer);
      listener.waiting = null;
      if (res.status !== 201 || at === null) {
        failures += 1;
        firstFailure ??=
          res.status !== 201 ? `POST HTTP ${res.status}: ${res.body.slice(0, 200)}` : `no event within ${timeoutMs} ms`;
        continue;
      }
      deliveryMs.push(at - t0);
      writeMs.push(res.at - t0);
      if (at <= res.at) eventFirst += 1;
    }
  } finally {
    agent.destroy();
  }
  const ms = (v) => (v === null ? null : round(v, 2));
  return {
    samples,
    delivered: deliveryMs.length,
    failures,
    firstFailure,
    p50Ms: ms(median(deliveryMs)),
    p95Ms: ms(percentile(deliveryMs, 95)),
    p99Ms: ms(percentile(deliveryMs, 99)),
    maxMs: ms(deliveryMs.length ? Math.max(...deliveryMs) : null),
    writeP50Ms: ms(median(writeMs)),
    writeP95Ms: ms(percentile(writeMs, 95)),
    eventBeforeResponse: eventFirst,
  };
}

export async function runRealtime(options = {}) {
  const settings = { ...REALTIME_DEFAULTS, ...options };
  installSignalHandlers();
  const built = await ensureBuilt();
  const fdLimit = openFileLimit();
  const connections = Math.min(settings.connections, fdLimit - FD_HEADROOM);
  if (connections < settings.connections) {
    log(`realtime: the open-file limit is ${fdLimit}; holding ${connections} streams instead of ${settings.connections}`);
  }
  let server;
  const idle = [];
  let stopMs = null;
  try {
    server = await startBuiltServer({ name: "realtime" });
    const { port, pid } = server;

    const listenerUsername = `bench_rt_${process.pid}_${Date.now() % 100000}`;
    const listenerCookie = await signUp(port, { label: "listener", username: listenerUsername });
    const writerCookie = await signUp(port, { label: "writer" });
    const idleCookies = [];
    for (let i = 0; i < settings.idleUsers; i++) idleCookies.push(await signUp(port, { label: `idle${i}` }));

    // The listener's stream: resolves the waiting sample on each `event: notifications`.
    const listener = { waiting: null, unexpected: 0 };
    const listenerStream = await openStream(port, listenerCookie, (_stream, chunk, at) => {
      if (!chunk.includes("event: notifications")) return;
      if (listener.waiting) listener.waiting(at);
      else listener.unexpected += 1;
    });
    const measure = (label) =>
      measureDelivery({
        port,
        writerCookie,
        listenerUsername,
        listener,
        samples: settings.samples,
        timeoutMs: settings.sampleTimeoutMs,
        label,
      });

    log(`realtime: delivery latency, ${settings.samples} samples with 1 stream open (baseline)`);
    await measure("warm-up");
    const baseline = await measure("baseline");

    const rssBeforeMiB = rssMiB(pid);
    log(`realtime: opening ${connections} idle streams (${settings.openConcurrency} at a time); server RSS ${rssBeforeMiB} MiB`);
    const onIdleChunk = (stream, chunk) => {
      if (chunk.includes(": heartbeat")) stream.heartbeats += 1;
    };
    const openStarted = performance.now();
    let next = 0;
    let openErrors = 0;
    let firstOpenError = null;
    await Promise.all(
      Array.from({ length: settings.openConcurrency }, async () => {
        while (next < connections) {
          const i = next++;
          try {
            idle.push(await openStream(port, idleCookies[i % idleCookies.length], onIdleChunk));
          } catch (error) {
            openErrors += 1;
            firstOpenError ??= error.message;
          }
        }
      }),
    );
    const openSeconds = round((performance.now() - openStarted) / 1000, 1);
    const lastOpenedAt = performance.now();
    await sleep(1000);
    const rssOpenMiB = rssMiB(pid);
    log(`realtime: ${idle.length} streams open in ${openSeconds} s; server RSS ${rssOpenMiB} MiB`);

    log(`realtime: delivery latency, ${settings.samples} samples with ${idle.length} idle streams open`);
    const loaded = await measure("loaded");

    log("realtime: waiting for every idle stream to receive a heartbeat");
    while (performance.now() - lastOpenedAt < settings.heartbeatWaitMs) {
      if (idle.every((s) => s.closed || s.heartbeats > 0)) break;
      await sleep(500);
    }
    const stillOpen = idle.filter((s) => !s.closed).length;
    const sawHeartbeat = idle.filter((s) => s.heartbeats > 0).length;
    const rssAfterMiB = rssMiB(pid);
    const perConnectionKiB = idle.length ? round(((rssAfterMiB - rssBeforeMiB) * 1024) / idle.length, 1) : null;
    const listenerOpen = !listenerStream.closed;

    log("realtime: stopping the server with every stream still open (graceful stop)");
    const stopping = server;
    server = undefined;
    stopMs = round(await stopping.stop(), 0);

    const result = {
      name: "realtime",
      measuredAt: new Date().toISOString(),
      settings: {
        connections,
        requestedConnections: settings.connections,
        idleUsers: settings.idleUsers,
        openConcurrency: settings.openConcurrency,
        samples: settings.samples,
        openFileLimit: Number.isFinite(fdLimit) ? fdLimit : null,
        writeSource: "POST /api/pasture/posts",
      },
      builtFirst: built,
      idle: {
        opened: idle.length,
        openErrors,
        firstOpenError,
        openSeconds,
        stillOpen,
        sawHeartbeat,
        rssBeforeMiB,
        rssOpenMiB,
        rssAfterMiB,
        perConnectionKiB,
        gracefulStopMs: stopMs,
      },
      latency: {
        baseline,
        loaded,
        p50Ratio: baseline.p50Ms ? round(loaded.p50Ms / baseline.p50Ms, 2) : null,
        p95Ratio: baseline.p95Ms ? round(loaded.p95Ms / baseline.p95Ms, 2) : null,
        unexpectedEvents: listener.unexpected,
        listenerOpen,
      },
    };
    result.meetsTargets =
      stillOpen >= settings.targets.connections && loaded.p95Ms !== null && loaded.p95Ms < settings.targets.p95Ms;
    result.targets = settings.targets;
    result.ok =
      idle.length === connections &&
      stillOpen === connections &&
      sawHeartbeat === connections &&
      baseline.failures === 0 &&
      loaded.failures === 0 &&
      listenerOpen;
    return result;
  } finally {
    for (const s of idle) s.req.destroy();
    await server?.stop();
  }
}

export function formatRealtime(r) {
  const i = r.idle;
  const l = r.latency;
  const row = (name, x) =>
    `${name.padEnd(34)} p50 ${x.p50Ms} ms  p95 ${x.p95Ms} ms  p99 ${x.p99Ms} ms  max ${x.maxMs} ms  (write p50 ${x.writeP50Ms} ms; ${x.delivered}/${x.samples} delivered)`;
  return [
    `idle streams: ${i.opened} opened in ${i.openSeconds} s, ${i.stillOpen} still open, ${i.sawHeartbeat} saw a heartbeat` +
      (i.openErrors ? ` (${i.openErrors} failed to open: ${i.firstOpenError})` : ""),
    `server RSS: ${i.rssBeforeMiB} MiB before, ${i.rssAfterMiB} MiB with the streams open: ${i.perConnectionKiB} KiB per stream`,
    row("delivery, 1 stream open", l.baseline),
    row(`delivery, ${i.opened} idle streams open`, l.loaded),
    `ratio loaded/baseline: p50 ${l.p50Ratio}, p95 ${l.p95Ratio}; graceful stop with every stream open: ${i.gracefulStopMs} ms`,
    `targets (>= ${r.targets.connections} idle streams, p95 < ${r.targets.p95Ms} ms): ${r.meetsTargets ? "met" : "NOT met"}`,
  ].join("\n");
}

/** The section of docs/benchmarks.md. */
export function renderRealtime(r) {
  if (r.error) return `**This benchmark failed on its last run (${r.measuredAt}):** \`${r.error.split("\n")[0]}\``;
  const i = r.idle;
  const l = r.latency;
  const latencyRow = (name, x) =>
    `| ${name} | ${x.p50Ms} | ${x.p95Ms} | ${x.p99Ms} | ${x.maxMs} | ${x.writeP50Ms} | ${x.delivered}/${x.samples} |`;
  return [
    `Measured ${r.measuredAt}. The built server (\`node apps/server/dist/main.js\`, \`LOG_LEVEL=warn\`, embedded PostgreSQL in a ` +
      `temporary DATA_DIR), one process. The streams are real \`GET /api/realtime\` requests with session cookies of ` +
      `${r.settings.idleUsers} users, opened ${r.settings.openConcurrency} at a time from the benchmark process.`,
    "",
    "| idle server-sent event streams | |",
    "| --- | --- |",
    `| opened | ${i.opened} of ${r.settings.connections} in ${i.openSeconds} s${i.openErrors ? ` (${i.openErrors} failed: ${i.firstOpenError})` : ""} |`,
    `| still open after a heartbeat period (25 s) | ${i.stillOpen} (${i.sawHeartbeat} received a heartbeat) |`,
    `| server RSS before / with the streams open | ${i.rssBeforeMiB} MiB / ${i.rssAfterMiB} MiB |`,
    `| memory per stream (RSS growth / streams) | ${i.perConnectionKiB} KiB |`,
    `| graceful stop (SIGTERM to exit) with every stream open | ${i.gracefulStopMs} ms |`,
    "",
    `Delivery latency: ${r.settings.samples} sequential samples each, from just before \`${r.settings.writeSource}\` (a post ` +
      "mentioning @username, on a keep-alive connection) is sent (the write: post, mention, notification row, commit, " +
      "`pg_notify`) to `event: notifications` arriving on the " +
      "mentioned user's stream (LISTEN connection, hub, SSE write, loopback).",
    "",
    "| open streams | p50 ms | p95 ms | p99 ms | max ms | write answered, p50 ms | delivered |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    latencyRow("1 (baseline)", l.baseline),
    latencyRow(`${i.opened} idle + 1`, l.loaded),
    "",
    `Loaded / baseline: p50 ${l.p50Ratio}x, p95 ${l.p95Ratio}x. ` +
      `Targets (issue 5): at least ${r.targets.connections} idle clients and p95 under ${r.targets.p95Ms} ms on loopback: ` +
      `**${r.meetsTargets ? "met" : "not met"}**.`,
    r.cpu
      ? `\nLoad average (1 min) before the run: ${r.loadAverage?.before}; other processes used ${r.cpu.otherCpuPercent}% of one ` +
        `core meanwhile (the benchmark and what it started: ${r.cpu.benchCpuPercent}%).` +
        (r.cpu.otherCpuPercent > BUSY_OTHER_CPU_PERCENT
          ? " **Other work was competing for the CPU: treat these numbers as pessimistic and rerun on a quiet machine.**"
          : "")
      : "",
  ].join("\n");
}

if (isMain(import.meta.url)) {
  const result = await runRealtime();
  console.log(formatRealtime(result));
  process.exit(result.ok ? 0 : 1);
}
