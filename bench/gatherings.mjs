// Gatherings benchmark (issue 16): live video rooms over loopback.
//   node bench/gatherings.mjs            (or: node bench/run.mjs gatherings)
// (a) signaling latency: a candidate-sized message from one peer's socket to another's, 200 sequential samples, with
//     both peers on ONE server process, then with each on its own process (two built servers on one database, the
//     relay through PostgreSQL LISTEN/NOTIFY);
// (b) the server's memory (RSS) and CPU per connected peer: 10 rooms of 6 peers joined on one process;
// (c) Join to the first remote video frame in headless Chromium (fake camera, 160x120 at 10 fps, loopback WebRTC)
//     with 2 and with 4 peers: the last one presses Join on the pre-join screen; the page's own performance marks
//     (gathering-join, gathering-first-remote-frame) give the time.
// Bounded: every wait has a timeout, the whole benchmark gives up after BENCH_DEADLINE_MS, and it stops what it started.
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import WebSocket from "ws";
import {
  HOST,
  ensureBuilt,
  freePort,
  installSignalHandlers,
  isMain,
  log,
  median,
  procCpuSeconds,
  request,
  round,
  sleep,
} from "./lib/common.mjs";
import { signUp, startBuiltServer } from "./lib/server.mjs";

export const GATHERINGS_DEFAULTS = {
  samples: 200,
  rooms: 50,
  peersPerRoom: 6,
  idleSeconds: 10,
  browserRuns: 2,
  sampleTimeoutMs: 5_000,
  deadlineMs: 7 * 60_000,
};

function percentile(values, p) {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function rssMiB(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024, 1);
}

/**
 * The server's V8 heap in use after full collections, read through its inspector (this bench starts the first server
 * with --inspect on loopback): unlike RSS, it does not move with what the collector has not yet given back.
 */
async function heapAfterGcBytes(inspectPort) {
  const [target] = await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json();
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", reject);
  });
  const waiting = new Map();
  let next = 0;
  ws.on("message", (data) => {
    const message = JSON.parse(data.toString());
    waiting.get(message.id)?.(message);
  });
  const call = (method) =>
    withTimeout(
      new Promise((resolve) => {
        const id = ++next;
        waiting.set(id, resolve);
        ws.send(JSON.stringify({ id, method }));
      }),
      30_000,
      `inspector ${method}`,
    );
  try {
    await call("HeapProfiler.enable");
    for (let i = 0; i < 3; i++) await call("HeapProfiler.collectGarbage");
    const usage = await call("Runtime.getHeapUsage");
    await call("HeapProfiler.disable");
    return usage.result.usedSize;
  } finally {
    ws.close();
  }
}

const withTimeout = (promise, ms, what) =>
  Promise.race([
    promise,
    new Promise((_, reject) => setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms).unref()),
  ]);

async function api(port, cookie, method, urlPath, body) {
  const res = await request(port, urlPath, {
    method,
    headers: { cookie, origin: `http://localhost:${port}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    timeoutMs: 15_000,
  });
  if (res.status >= 300) throw new Error(`${method} ${urlPath}: HTTP ${res.status} ${res.body.slice(0, 300)}`);
  return res.body ? JSON.parse(res.body) : null;
}

/** The embedded PostgreSQL of a built server's DATA_DIR, as a URL (as e2e/database.ts finds it). */
function databaseUrlOf(dataDir) {
  const { port } = JSON.parse(fs.readFileSync(path.join(dataDir, "postgres-owner.json"), "utf8"));
  const password = fs.readFileSync(path.join(dataDir, "postgres-password"), "utf8").trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

/** A member with a username, onboarding done; `premium` through a subscription row (as the billing webhook writes it). */
async function member(port, db, label, { premium = false } = {}) {
  const username = `${label}_${Math.random().toString(36).slice(2, 10)}`.slice(0, 30);
  const cookie = await signUp(port, { label, username });
  await api(port, cookie, "PATCH", "/api/profile", { focus: ["marriage"], current_topics: ["work_pressure"] });
  await api(port, cookie, "POST", "/api/onboarding/complete", {});
  const me = await api(port, cookie, "GET", "/api/me");
  if (premium) {
    await db.query(
      `insert into subscriptions (user_id, plan_type, status, current_period_end, provider)
       values ($1, 'premium_monthly', 'active', now() + interval '20 days', 'local')`,
      [me.user.id],
    );
  }
  return { cookie, username, id: me.user.id, name: me.profile.display_name ?? me.user.name };
}

/** A flock of the host and the brothers, and a gathering started now in it: its room name. */
async function gathering(port, host, brothers, title) {
  const flock = await api(port, host.cookie, "POST", "/api/flocks", {
    name: `Bench flock ${Math.random().toString(36).slice(2, 8)}`,
  });
  for (const b of brothers) {
    await api(port, host.cookie, "POST", `/api/flocks/${flock.id}/invitations`, { username: b.username });
    await api(port, b.cookie, "POST", `/api/flocks/${flock.id}/accept`, {});
  }
  const created = await api(port, host.cookie, "POST", "/api/gatherings", { flock_id: flock.id, title, time_zone: "UTC" });
  return created.room_name;
}

/** A signaling socket joined to the room; resolves with its peer id once welcomed. */
function joinSocket(port, cookie, room) {
  return withTimeout(
    new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://${HOST}:${port}/api/gatherings/${room}/ws`, {
        headers: { cookie, origin: `http://localhost:${port}` },
      });
      const peer = { ws, you: null, onMessage: null };
      ws.on("unexpected-response", (_req, res) => reject(new Error(`upgrade refused: HTTP ${res.statusCode}`)));
      ws.on("error", reject);
      ws.on("open", () => ws.send(JSON.stringify({ type: "join", muted: true, camera_off: true })));
      ws.on("message", (data) => {
        const message = JSON.parse(data.toString());
        if (message.type === "welcome") {
          peer.you = message.you;
          resolve(peer);
        }
        peer.onMessage?.(message, performance.now());
      });
    }),
    15_000,
    "joining a room",
  );
}

const CANDIDATE = {
  candidate: "candidate:842163049 1 udp 1677729535 192.0.2.10 50634 typ srflx raddr 10.0.0.5 rport 50634 generation 0",
  sdpMid: "0",
  sdpMLineIndex: 0,
};

/** `samples` sequential candidates from `from` to `to`, each timed from send to arrival. */
/** Samples go at most this often: a socket may send 50 messages a second after a burst of 200 (GATHERING_SOCKET_*). */
const SAMPLE_EVERY_MS = 25;

async function signalingLatency(from, to, samples, timeoutMs) {
  const times = [];
  let failures = 0;
  let sentAt = -Infinity;
  for (let i = 0; i < samples; i++) {
    await sleep(Math.max(0, sentAt + SAMPLE_EVERY_MS - performance.now()));
    sentAt = performance.now();
    const arrived = new Promise((resolve) => {
      const timer = setTimeout(() => resolve(null), timeoutMs);
      to.onMessage = (message, at) => {
        if (message.type === "signal" && message.data?.n === i) {
          clearTimeout(timer);
          resolve(at);
        }
      };
    });
    const t0 = performance.now();
    from.ws.send(JSON.stringify({ type: "signal", to: to.you, kind: "candidate", data: { ...CANDIDATE, n: i } }));
    const at = await arrived;
    if (at === null) failures += 1;
    else times.push(at - t0);
  }
  to.onMessage = null;
  return {
    samples,
    failures,
    p50Ms: round(percentile(times, 50), 2),
    p95Ms: round(percentile(times, 95), 2),
    maxMs: round(Math.max(...times), 2),
  };
}

/**
 * `rooms` rooms of `peersPerRoom` on one process: RSS and CPU per connected peer, joining and idle. The same members
 * fill every room (a member may have a socket per tab; each socket is a peer), so hundreds of peers need few sign-ups.
 */
async function perPeerCost(server, db, settings) {
  const host = await member(server.port, db, "costhost", { premium: true });
  const brothers = await Promise.all(
    Array.from({ length: settings.peersPerRoom - 1 }, (_, b) => member(server.port, db, `cost${b + 1}`)),
  );
  const flock = await api(server.port, host.cookie, "POST", "/api/flocks", {
    name: `Cost flock ${Math.random().toString(36).slice(2, 8)}`,
  });
  for (const b of brothers) {
    await api(server.port, host.cookie, "POST", `/api/flocks/${flock.id}/invitations`, { username: b.username });
    await api(server.port, b.cookie, "POST", `/api/flocks/${flock.id}/accept`, {});
  }
  const rooms = [];
  for (let r = 0; r < settings.rooms; r++) {
    rooms.push(
      (
        await api(server.port, host.cookie, "POST", "/api/gatherings", {
          flock_id: flock.id,
          title: `Room ${r}`,
          time_zone: "UTC",
        })
      ).room_name,
    );
  }
  const sockets = [];
  // One room first, so what every process loads once (the code paths, the prepared statements) is not counted per peer.
  for (const person of [host, ...brothers]) sockets.push(await joinSocket(server.port, person.cookie, rooms[0]));
  await sleep(2_000);
  const heapBefore = await heapAfterGcBytes(server.inspectPort);
  const rssBefore = rssMiB(server.pid);
  const cpu0 = procCpuSeconds([server.pid]);
  for (const room of rooms.slice(1)) {
    for (const person of [host, ...brothers]) sockets.push(await joinSocket(server.port, person.cookie, room));
  }
  const cpu1 = procCpuSeconds([server.pid]);
  const joined = sockets.length - settings.peersPerRoom;
  await sleep(3_000);
  const heapAfter = await heapAfterGcBytes(server.inspectPort);
  const rssAfter = rssMiB(server.pid);
  const idle0 = procCpuSeconds([server.pid]);
  await sleep(settings.idleSeconds * 1000);
  const idle1 = procCpuSeconds([server.pid]);
  const idleCpu = idle1.user + idle1.system - idle0.user - idle0.system;
  for (const s of sockets) s.ws.close();
  return {
    peers: sockets.length,
    measuredPeers: joined,
    rssBeforeMiB: rssBefore,
    rssAfterMiB: rssAfter,
    rssPerPeerKiB: round(((rssAfter - rssBefore) * 1024) / joined, 0),
    heapBeforeMiB: round(heapBefore / 1024 / 1024, 1),
    heapAfterMiB: round(heapAfter / 1024 / 1024, 1),
    heapPerPeerKiB: round((heapAfter - heapBefore) / 1024 / joined, 1),
    joinCpuMsPerPeer: round(((cpu1.user + cpu1.system - cpu0.user - cpu0.system) * 1000) / joined, 2),
    idleCpuPercentPerPeer: round(((idleCpu / settings.idleSeconds) * 100) / sockets.length, 3),
    idleSeconds: settings.idleSeconds,
  };
}

const MEDIA_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--use-fake-ui-for-media-stream",
  "--use-fake-device-for-media-stream",
  "--allow-loopback-in-peer-connection",
  "--autoplay-policy=no-user-gesture-required",
];

/** A browser context signed in as `person` (his session cookie), onboarding flag set. */
async function browserPeer(browser, port, person) {
  const context = await browser.newContext({
    baseURL: `http://localhost:${port}`,
    permissions: ["camera", "microphone"],
    viewport: { width: 1024, height: 800 },
  });
  await context.addCookies(
    person.cookie.split("; ").map((pair) => {
      const at = pair.indexOf("=");
      return {
        name: pair.slice(0, at),
        value: pair.slice(at + 1),
        domain: "localhost",
        path: "/",
        httpOnly: true,
        sameSite: "Lax",
      };
    }),
  );
  await context.addInitScript(() => localStorage.setItem("onboardingComplete", "true"));
  return { context, page: await context.newPage() };
}

async function passPreJoin(page, room) {
  await page.goto(`/pasture/gathering/${room}/join`);
  await page.getByLabel("Your camera preview").waitFor({ timeout: 30_000 });
  await page.getByRole("switch", { name: "Low bandwidth (small video)" }).click();
  await page.getByRole("button", { name: "Join", exact: true }).waitFor({ timeout: 30_000 });
  await page.waitForFunction(
    () => {
      const join = [...document.querySelectorAll("button")].find((b) => b.textContent?.trim() === "Join");
      return join && !join.disabled;
    },
    null,
    { timeout: 30_000 },
  );
}

/** With `peers` - 1 brothers inside, the last presses Join: ms to his first remote frame, and to all remote videos playing. */
async function joinToFirstFrame(browser, server, db, peers, runs) {
  const people = [
    await member(server.port, db, "vhost", { premium: true }),
    ...(await Promise.all(Array.from({ length: peers - 1 }, (_, i) => member(server.port, db, `v${i + 1}`)))),
  ];
  const room = await gathering(server.port, people[0], people.slice(1), `Video ${peers}`);
  const tabs = [];
  for (const person of people) tabs.push(await browserPeer(browser, server.port, person));
  for (const tab of tabs.slice(0, -1)) {
    await passPreJoin(tab.page, room);
    await tab.page.getByRole("button", { name: "Join", exact: true }).click();
    await tab.page.getByRole("toolbar", { name: "Gathering controls" }).waitFor({ timeout: 30_000 });
  }
  log(`gatherings: ${peers - 1} browser(s) inside; timing the last one's Join`);
  const last = tabs.at(-1).page;
  const first = [];
  const all = [];
  for (let run = 0; run < runs; run++) {
    await passPreJoin(last, room);
    await last.getByRole("button", { name: "Join", exact: true }).click();
    await last.waitForFunction(() => performance.getEntriesByName("gathering-first-remote-frame").length > 0, null, {
      timeout: 60_000,
      polling: 10,
    });
    const firstMs = await last.evaluate(
      () =>
        performance.getEntriesByName("gathering-first-remote-frame")[0].startTime -
        performance.getEntriesByName("gathering-join")[0].startTime,
    );
    await last.waitForFunction(
      (expected) => {
        const videos = [...document.querySelectorAll('[data-testid="remote-tile"] video')];
        return videos.length === expected && videos.every((v) => v.getVideoPlaybackQuality().totalVideoFrames > 0);
      },
      peers - 1,
      { timeout: 60_000, polling: 20 },
    );
    const allMs = await last.evaluate(() => performance.now() - performance.getEntriesByName("gathering-join")[0].startTime);
    first.push(round(firstMs, 0));
    all.push(round(allMs, 0));
    await last.getByRole("button", { name: "Leave" }).click();
    await last.waitForURL("**/pasture/gatherings", { timeout: 15_000 });
  }
  for (const tab of tabs) await tab.context.close();
  return {
    peers,
    runs,
    firstFrameMs: first,
    firstFrameMedianMs: median(first),
    allVideosMs: all,
    allVideosMedianMs: median(all),
  };
}

export async function runGatherings(options = {}) {
  const settings = { ...GATHERINGS_DEFAULTS, ...options };
  installSignalHandlers();
  const built = await ensureBuilt();
  const started = performance.now();
  const deadline = setTimeout(() => {
    log(`gatherings: gave up after ${settings.deadlineMs / 1000} s`);
    process.kill(process.pid, "SIGTERM");
  }, settings.deadlineMs);
  deadline.unref();
  const inspectPort = await freePort();
  const first = await startBuiltServer({
    name: "gatherings-a",
    env: { NODE_OPTIONS: `--inspect=127.0.0.1:${inspectPort}` },
  });
  first.inspectPort = inspectPort;
  let second;
  let db;
  let browser;
  try {
    const databaseUrl = databaseUrlOf(first.dataDir);
    const secret = fs.readFileSync(path.join(first.dataDir, "auth-secret"), "utf8").trim();
    second = await startBuiltServer({ name: "gatherings-b", env: { DATABASE_URL: databaseUrl, BETTER_AUTH_SECRET: secret } });
    db = new pg.Client({ connectionString: databaseUrl });
    db.on("error", () => undefined);
    await db.connect();

    log("gatherings: signaling latency, one process and two");
    const host = await member(first.port, db, "lathost", { premium: true });
    const brother = await member(first.port, db, "latbrother");
    const room = await gathering(first.port, host, [brother], "Latency");
    const a = await joinSocket(first.port, host.cookie, room);
    const b = await joinSocket(first.port, brother.cookie, room);
    await signalingLatency(a, b, 20, settings.sampleTimeoutMs); // warm-up
    const oneProcess = await signalingLatency(a, b, settings.samples, settings.sampleTimeoutMs);
    b.ws.close();
    await sleep(500);
    const bElsewhere = await joinSocket(second.port, brother.cookie, room);
    await signalingLatency(a, bElsewhere, 20, settings.sampleTimeoutMs);
    const twoProcesses = await signalingLatency(a, bElsewhere, settings.samples, settings.sampleTimeoutMs);
    a.ws.close();
    bElsewhere.ws.close();

    log(`gatherings: memory and CPU per peer (${settings.rooms} rooms of ${settings.peersPerRoom})`);
    const perPeer = await perPeerCost(first, db, settings);

    log("gatherings: Join to the first remote frame in Chromium, 2 and 4 peers");
    const { chromium } = await import("@playwright/test");
    const { ensureChromium } = await import("../scripts/chromium.mjs");
    browser = await chromium.launch({ executablePath: ensureChromium(), args: MEDIA_ARGS });
    const video = [];
    for (const peers of [2, 4]) video.push(await joinToFirstFrame(browser, first, db, peers, settings.browserRuns));

    return {
      name: "gatherings",
      measuredAt: new Date().toISOString(),
      ok: oneProcess.failures === 0 && twoProcesses.failures === 0,
      built,
      settings,
      latency: { oneProcess, twoProcesses },
      perPeer,
      video,
      seconds: round((performance.now() - started) / 1000, 1),
    };
  } finally {
    clearTimeout(deadline);
    await browser?.close().catch(() => undefined);
    await db?.end().catch(() => undefined);
    await second?.stop();
    await first.stop();
  }
}

export function formatGatherings(r) {
  const l = r.latency;
  return [
    `signaling p50/p95 one process ${l.oneProcess.p50Ms}/${l.oneProcess.p95Ms} ms, two processes ${l.twoProcesses.p50Ms}/${l.twoProcesses.p95Ms} ms (${r.settings.samples} samples, ${l.oneProcess.failures + l.twoProcesses.failures} lost)`,
    `per peer (${r.perPeer.peers} peers): ${r.perPeer.heapPerPeerKiB} KiB of JS heap after GC, ${r.perPeer.rssPerPeerKiB} KiB RSS, ${r.perPeer.joinCpuMsPerPeer} ms CPU to join, ${r.perPeer.idleCpuPercentPerPeer}% of a core idle`,
    ...r.video.map(
      (v) =>
        `${v.peers} peers: Join to first remote frame ${v.firstFrameMs.join(", ")} ms; to all ${v.peers - 1} remote videos ${v.allVideosMs.join(", ")} ms`,
    ),
  ].join("\n");
}

function table(header, rows) {
  return [
    `| ${header.join(" | ")} |`,
    `| ${header.map(() => "---").join(" | ")} |`,
    ...rows.map((row) => `| ${row.join(" | ")} |`),
  ].join("\n");
}

export function renderGatherings(r) {
  if (r.error) return `**This benchmark failed on its last run (${r.measuredAt}):** \`${r.error.split("\n")[0]}\``;
  const l = r.latency;
  const p = r.perPeer;
  return [
    `Measured ${r.measuredAt.replace("T", " ").replace(/\.\d+Z$/, " UTC")}. Two built servers (\`node apps/server/dist/main.js\`) on one embedded PostgreSQL (the second with \`DATABASE_URL\`), Node \`ws\` clients for the signaling, headless Chromium with a fake camera (160x120 at 10 fps) and loopback WebRTC for the video.`,
    "",
    `Signaling latency: an ICE candidate sent by one peer's socket until it arrives on the other's (each message is written to the room's log and NOTIFYed; every process applies it from its LISTEN connection), ${r.settings.samples} sequential samples, one at most every 25 ms (under the per-socket rate of 50 a second), after 20 to warm up:`,
    "",
    table(
      ["Peers on", "p50 ms", "p95 ms", "max ms", "Lost"],
      [
        ["one server process", l.oneProcess.p50Ms, l.oneProcess.p95Ms, l.oneProcess.maxMs, l.oneProcess.failures],
        ["two server processes", l.twoProcesses.p50Ms, l.twoProcesses.p95Ms, l.twoProcesses.maxMs, l.twoProcesses.failures],
      ],
    ),
    "",
    `Cost per connected peer, ${p.peers} peers in ${r.settings.rooms} rooms of ${r.settings.peersPerRoom} on one process (the ${p.measuredPeers} after the first room): ${p.heapPerPeerKiB} KiB of the server's JavaScript heap (in use after full collections, read through its inspector: ${p.heapBeforeMiB} MiB before, ${p.heapAfterMiB} MiB after) and ${p.rssPerPeerKiB} KiB of its RSS (${p.rssBeforeMiB} MiB before, ${p.rssAfterMiB} MiB after; RSS also holds sockets' buffers and whatever the collector has not given back to the system), ${p.joinCpuMsPerPeer} ms of server CPU to join (upgrade, session, room check, the join event and the room's replay), ${p.idleCpuPercentPerPeer}% of one core while idle (${p.idleSeconds} s: the 25 s WebSocket ping is the only traffic). Media never passes through the server (the mesh is peer to peer).`,
    "",
    `Join to the first remote video frame (the last peer presses Join on the pre-join screen; the page's \`performance\` marks), and to every remote video playing:`,
    "",
    table(
      ["Peers", "Join to first remote frame, ms", "Join to all remote videos, ms"],
      r.video.map((v) => [
        v.peers,
        `${v.firstFrameMedianMs} (runs: ${v.firstFrameMs.join(", ")})`,
        `${v.allVideosMedianMs} (runs: ${v.allVideosMs.join(", ")})`,
      ]),
    ),
  ].join("\n");
}

if (isMain(import.meta.url)) {
  const result = await runGatherings();
  console.log(formatGatherings(result));
  process.exit(0);
}
