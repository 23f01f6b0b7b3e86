// Stored files (issue 40): a 1 MB picture and a 3-minute MP3 served from an S3-compatible bucket through our server,
// beside the same files read from local disk by our server, in one run; and the memory a concurrent download costs.
//   node bench/storage.mjs            (or: node bench/run.mjs storage)
// Four sides, interleaved round by round at 10 connections: the built server with the local store (DATA_DIR/storage);
// two more built servers on the same database with S3_BUCKET pointing at s3rver (a real S3 server, the npm package, in
// its own process on 127.0.0.1), one as configured by default (disk copies of what it serves, STORAGE_CACHE_MB) and one
// with STORAGE_CACHE_MB=0, which relays every read from the bucket; and s3rver answering the same GETs itself: what a
// signed URL would give, and what separates s3rver's own cost from ours. The audio is read as a player seeks: 256 KB
// Range requests at pseudo-random offsets, the same sequence on every side. Memory: each server's resident set before
// and during 50 and 200 concurrent downloads of the whole MP3 by readers that stop after their first bytes, then read
// to the end; then 60 downloads held by slow readers (does anything else still get an answer?) and 60 dropped ones.
// Loopback only; bounded (about 5 minutes); stops and removes everything it started.
import autocannon from "autocannon";
import { spawnSync } from "node:child_process";
import crypto, { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import zlib from "node:zlib";
import {
  HOST,
  ensureBuilt,
  installSignalHandlers,
  isMain,
  log,
  makeDataDir,
  median,
  procCpuSeconds,
  request,
  round,
  sleep,
  startChild,
  stopChild,
} from "./lib/common.mjs";
import { signUp, startBuiltServer, startSecondServer } from "./lib/server.mjs";

/** The first round warms each side up longer (JIT, heap sizing, the SDK's connections): 3 s, then 1 s before each row. */
export const STORAGE_DEFAULTS = { connections: 10, firstWarmupSeconds: 3, warmupSeconds: 1, durationSeconds: 4, rounds: 4 };
/** A player's seek: one 256 KB part of the MP3 per request. */
const PART_BYTES = 256 * 1024;
/** Issue 40's goal: the bucket through our server at least this share of local disk's requests per second. */
const GOAL_RATIO = 0.8;
const MEMORY_CONCURRENCY = [50, 200];
const BUCKET = "shepherd-bench";
const S3_KEYS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

const SIDES = {
  local: "our server, local disk",
  bucket: "our server, bucket, disk copies (default)",
  relay: "our server, bucket, every read relayed",
  direct: "s3rver alone (a signed URL's path)",
};
/** The sides whose server asks s3rver: its CPU is counted beside theirs. */
const BEHIND_S3RVER = new Set(["bucket", "relay"]);

// ------------------------------------------------------------------------------------------------- the files

/** A deterministic pseudo-random sequence (mulberry32): the same bytes and the same seeks on every run and side. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function noise(bytes, seed) {
  const next = prng(seed);
  const out = Buffer.allocUnsafe(bytes);
  for (let i = 0; i < bytes; i++) out[i] = (next() * 256) | 0;
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * An RGB PNG of noise, side by side pixels: noise does not compress, so it stays about `side`² x 3 bytes after the
 * server decodes and encodes it again (sharp, issue 19), as a photo keeps its size.
 */
function noisePng(side) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  const pixels = noise(side * side * 3, 7);
  const rows = Buffer.alloc(side * (side * 3 + 1));
  for (let y = 0; y < side; y++) pixels.copy(rows, y * (side * 3 + 1) + 1, y * side * 3, (y + 1) * side * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", zlib.deflateSync(rows)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * Three minutes of MP3 at 128 kbit/s, as the server sees it: MPEG-1 layer III frame headers (44.1 kHz, joint stereo)
 * every 417 bytes with noise between them. The server never decodes audio, so its content does not matter; its size
 * and a player's seeks do.
 */
function threeMinuteMp3() {
  const frameBytes = 417; // 144 x 128000 / 44100, without padding
  const frames = Math.round((180 * 44100) / 1152);
  const out = noise(frames * frameBytes, 11);
  for (let i = 0; i < frames; i++) out.set([0xff, 0xfb, 0x90, 0x44], i * frameBytes);
  return out;
}

// ------------------------------------------------------------------------------------------------- s3rver

/** This file as s3rver's own process (`--s3rver DIR`): prints {"port"} once it listens, stops on SIGTERM. */
async function serveS3rver(directory) {
  const { default: S3rver } = await import("s3rver");
  const server = new S3rver({
    address: HOST,
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  process.stdout.write(`${JSON.stringify({ port })}\n`);
  const stop = () => server.close().finally(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

async function startS3rver() {
  const directory = makeDataDir("s3rver");
  const handle = startChild(process.execPath, [path.join(import.meta.dirname, "storage.mjs"), "--s3rver", directory], {
    env: { PATH: process.env.PATH },
    label: "s3rver",
  });
  const until = Date.now() + 20_000;
  let port;
  while (!port) {
    const line = handle.output.all().match(/\{"port":(\d+)\}/);
    if (line) port = Number(line[1]);
    else if (handle.child.exitCode !== null || Date.now() > until) {
      await stopChild(handle, { timeoutMs: 5000 });
      throw new Error(`s3rver did not start\n${handle.output.tail()}`);
    } else await sleep(50);
  }
  log(`storage: s3rver on 127.0.0.1:${port} (${directory})`);
  return {
    port,
    pid: handle.child.pid,
    directory,
    env: {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://${HOST}:${port}`,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: S3_KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_KEYS.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    },
    stop: () => stopChild(handle, { timeoutMs: 10_000 }),
  };
}

/**
 * The headers the server's SDK sends s3rver with each GET (signature version 4). s3rver checks their shape, the key and
 * the date but does not verify version 4 signatures (its own note: "unimplemented"), for our server's requests either.
 */
function s3Headers() {
  const date = new Date().toISOString().replace(/[-:]|\.\d{3}/g, "");
  const signature = createHash("sha256").update(date).digest("hex");
  return {
    "x-amz-date": date,
    "x-amz-content-sha256": "UNSIGNED-PAYLOAD",
    authorization: `AWS4-HMAC-SHA256 Credential=${S3_KEYS.accessKeyId}/${date.slice(0, 8)}/us-east-1/s3/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=${signature}`,
  };
}

// ------------------------------------------------------------------------------------------------- requests

const cookiesOf = (res) => [res.headers["set-cookie"] ?? []].flat().map((c) => c.split(";")[0]);

/** The Cookie header with a session cookie cache issued now (as bench/http.mjs does before each scenario). */
async function freshCookie(port, cookie) {
  const jar = new Map(cookie.split("; ").map((c) => [c.slice(0, c.indexOf("=")), c]));
  for (const name of jar.keys()) if (name.includes("session_data")) jar.delete(name);
  const res = await request(port, "/api/auth/get-session", { headers: { cookie: [...jar.values()].join("; ") } });
  for (const pair of cookiesOf(res)) jar.set(pair.slice(0, pair.indexOf("=")), pair);
  return [...jar.values()].join("; ");
}

/** POST /api/pasture/images with the picture as multipart field "image"; answers the URL it is served at. */
async function uploadPicture(port, cookie, png) {
  const boundary = `----bench${randomUUID()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="bench.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await request(port, "/api/pasture/images", {
    method: "POST",
    headers: {
      cookie,
      origin: `http://localhost:${port}`,
      "content-type": `multipart/form-data; boundary=${boundary}`,
      "content-length": String(body.length),
    },
    body,
    timeoutMs: 30_000,
  });
  if (res.status !== 201) throw new Error(`POST /api/pasture/images: HTTP ${res.status} ${res.body.slice(0, 300)}`);
  return JSON.parse(res.body).image_url;
}

/** An MP3 written straight into both stores under the key the server makes, and its stored_files row (as a put). */
async function putAudio({ local, s3, userId, mp3, name }) {
  const hash = createHash("sha256").update(mp3).digest("hex").slice(0, 16);
  const key = `audio/${userId}/${name}-${hash}.mp3`;
  const file = path.join(local.dataDir, "storage", key);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(`${file}.type`, "audio/mpeg");
  fs.writeFileSync(file, mp3);
  const { S3Client, PutObjectCommand } = await import("@aws-sdk/client-s3");
  const client = new S3Client({
    region: "us-east-1",
    endpoint: s3.env.S3_ENDPOINT,
    forcePathStyle: true,
    credentials: S3_KEYS,
    requestChecksumCalculation: "WHEN_REQUIRED",
  });
  try {
    await client.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: mp3, ContentType: "audio/mpeg", ContentLength: mp3.length }),
    );
  } finally {
    client.destroy();
  }
  // One database for both servers, so one row (the same key in both stores); serving does not read it.
  const { default: pg } = await import("pg");
  const owner = JSON.parse(fs.readFileSync(path.join(local.dataDir, "postgres-owner.json"), "utf8"));
  const password = fs.readFileSync(path.join(local.dataDir, "postgres-password"), "utf8").trim();
  const db = new pg.Client({ host: owner.socketDir ?? HOST, port: owner.port, user: "postgres", password, database: "postgres" });
  await db.connect();
  try {
    await db.query(
      `insert into stored_files (key, owner_id, area, bytes, content_type) values ($1, $2, 'audio', $3, 'audio/mpeg')
       on conflict (key) do nothing`,
      [key, userId, mp3.length],
    );
  } finally {
    await db.end();
  }
  return { key, path: `/api/${key}` };
}

/** Checks that a side answers the expected bytes (the whole picture; a part of the MP3) before it is loaded. */
async function checkAnswer(port, urlPath, headers, expected, what) {
  const res = await request(port, urlPath, { headers, timeoutMs: 15_000 });
  const wanted = headers.range ? 206 : 200;
  if (res.status !== wanted || !res.bytes.equals(expected)) {
    throw new Error(`${what}: HTTP ${res.status}, ${res.bytes.length} bytes (wanted ${wanted}, ${expected.length} bytes)`);
  }
}

/** Range headers at pseudo-random 256 KB parts of a file of `bytes`: the same sequence each time it is made. */
function seeks(bytes) {
  const next = prng(40);
  return () => {
    const start = Math.floor(next() * (bytes - PART_BYTES));
    return `bytes=${start}-${start + PART_BYTES - 1}`;
  };
}

// ------------------------------------------------------------------------------------------------- load

function cpuOf(pids) {
  return Object.fromEntries(
    Object.entries(pids).map(([k, pid]) => {
      const t = procCpuSeconds([pid]);
      return [k, t.user + t.system];
    }),
  );
}

/**
 * autocannon 9 appends every response body to a string (for expectBody, verifyBody and onResponse, which this
 * benchmark does not use): decoding a megabyte of bytes that are not UTF-8 costs it about 28 ms of CPU, so it, not the
 * servers, would set the pace (36 requests/s of a 1 MB noise body from a bare node:http server in the same process; 1,180
 * without). While this benchmark's loads run, that append is skipped; the answers were checked byte for byte before.
 */
async function withoutBodyText(work) {
  const { default: Queue } = await import(
    createRequire(import.meta.resolve("autocannon")).resolve("./lib/pipelinedRequestsQueue.js")
  );
  const addBody = Queue.prototype.addBody;
  Queue.prototype.addBody = () => {};
  try {
    return await work();
  } finally {
    Queue.prototype.addBody = addBody;
  }
}

/** One autocannon run; `range` (a function) gives each request its Range header. */
async function loadOnce({ port, urlPath, headers, range, connections, durationSeconds }) {
  const next = range ? range() : null;
  return withoutBodyText(() =>
    autocannon({
      url: `http://${HOST}:${port}`,
      connections,
      duration: durationSeconds,
      timeout: 10,
      requests: [
        {
          method: "GET",
          path: urlPath,
          headers,
          ...(next ? { setupRequest: (req) => ({ ...req, headers: { ...req.headers, range: next() } }) } : {}),
        },
      ],
    }),
  );
}

function summarize(result, cpuBefore, cpuAfter) {
  const requests = result.requests.total;
  const us = (k) => (requests > 0 ? Math.round(((cpuAfter[k] - cpuBefore[k]) * 1e6) / requests) : null);
  return {
    requestsPerSecond: round(result.requests.average, 0),
    totalRequests: requests,
    seconds: round((result.finish - result.start) / 1000 || result.duration, 1),
    megabytesPerSecond: round(result.throughput.average / 1e6, 0),
    bytesPerRequest: requests > 0 ? Math.round(result.throughput.total / requests) : 0,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    cpuUsPerRequest: { server: us("server"), s3rver: us("s3rver"), loadGenerator: us("loadGenerator") },
  };
}

/** Rounds of one side pooled: requests over seconds, the worse round's p99, CPU per request over all requests. */
function pool(runs) {
  const total = runs.reduce((n, r) => n + r.totalRequests, 0);
  const seconds = runs.reduce((n, r) => n + r.seconds, 0);
  const cpu = (k) => {
    const known = runs.filter((r) => r.cpuUsPerRequest[k] != null);
    const weighted = known.reduce((n, r) => n + r.cpuUsPerRequest[k] * r.totalRequests, 0);
    return total > 0 && known.length ? Math.round(weighted / total) : null;
  };
  return {
    requestsPerSecond: round(total / seconds, 0),
    megabytesPerSecond: round(runs.reduce((n, r) => n + r.megabytesPerSecond * r.seconds, 0) / seconds, 0),
    bytesPerRequest: runs[0].bytesPerRequest,
    p50Ms: Math.max(...runs.map((r) => r.p50Ms)),
    p99Ms: Math.max(...runs.map((r) => r.p99Ms)),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    cpuUsPerRequest: { server: cpu("server"), s3rver: cpu("s3rver"), loadGenerator: cpu("loadGenerator") },
    rounds: runs.map((r) => ({ requestsPerSecond: r.requestsPerSecond, p99Ms: r.p99Ms })),
  };
}

// ------------------------------------------------------------------------------------------------- memory

function rssMiB(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024;
}

const HOLD_MS = 3000;

/**
 * `count` downloads of the whole MP3 at once, each on its own connection, by readers that stop after their first
 * bytes (the server must hold the rest, or stop reading it) and read to the end 3 s later. The server's RSS is sampled
 * every 50 ms: before (idle, the median of 1 s), while they wait (its peak, and its median over the last second, when
 * the garbage of the start has had time to go) and while they drain.
 */
async function concurrentDownloads({ port, pid, urlPath, cookie, bytes, count }) {
  const idle = [];
  for (let i = 0; i < 20; i++) {
    idle.push(rssMiB(pid));
    await sleep(50);
  }
  const before = median(idle);
  const t0 = performance.now();
  let peakHeld = before;
  let peakDraining = before;
  const settling = [];
  let draining = false;
  const sampler = setInterval(() => {
    const rss = rssMiB(pid);
    if (draining) peakDraining = Math.max(peakDraining, rss);
    else {
      peakHeld = Math.max(peakHeld, rss);
      if (performance.now() - t0 > HOLD_MS - 1000) settling.push(rss);
    }
  }, 50);
  const downloads = Array.from({ length: count }, () => {
    const d = { status: 0, received: 0, headersMs: null, res: null, req: null };
    d.done = new Promise((resolve) => {
      d.req = http.get({ host: HOST, port, path: urlPath, headers: { cookie }, agent: false }, (res) => {
        d.status = res.statusCode;
        d.headersMs = performance.now() - t0;
        d.res = res;
        res.once("data", () => {
          if (!draining) res.pause();
        });
        res.on("data", (chunk) => {
          d.received += chunk.length;
        });
        res.on("end", resolve);
        res.on("error", resolve);
        if (draining) res.resume();
      });
      d.req.setTimeout(60_000, () => d.req.destroy(new Error("timeout")));
      d.req.on("error", (error) => {
        d.error = error.message;
        resolve();
      });
    });
    return d;
  });
  await sleep(HOLD_MS);
  const answeredWhileHeld = downloads.filter((d) => d.headersMs != null).length;
  draining = true;
  for (const d of downloads) d.res?.resume();
  const drained = await Promise.race([Promise.all(downloads.map((d) => d.done)).then(() => true), sleep(60_000)]);
  clearInterval(sampler);
  for (const d of downloads) d.req.destroy();
  const complete = downloads.filter((d) => d.status === 200 && d.received === bytes).length;
  const peak = Math.max(peakHeld, peakDraining);
  const headers = downloads.map((d) => d.headersMs).filter((ms) => ms != null);
  const settled = settling.length ? median(settling) : peakHeld;
  return {
    concurrent: count,
    rssBeforeMiB: round(before, 1),
    rssPeakHeldMiB: round(peakHeld, 1),
    rssSettledHeldMiB: round(settled, 1),
    rssPeakDrainingMiB: round(peakDraining, 1),
    mibPerDownload: round((peak - before) / count, 3),
    settledMibPerDownload: round((settled - before) / count, 3),
    answeredWhileHeld,
    lastHeadersMs: headers.length ? Math.round(Math.max(...headers)) : null,
    complete,
    drained,
    seconds: round((performance.now() - t0) / 1000, 1),
  };
}

/**
 * `count` downloads of a file too large for the sockets' buffers to swallow, each stopped by its reader after the first
 * bytes and held, then one more request (the picture) with a 5 s limit, then the same once they are gone. The AWS SDK's
 * default agent opens at most 50 connections to the bucket per process: a download the client reads slowly keeps one.
 */
async function heldDownloads({ port, pid, urlPath, probePath, cookie, count }) {
  const rssBefore = rssMiB(pid);
  let answered = 0;
  const requests = Array.from({ length: count }, () => {
    const req = http.get({ host: HOST, port, path: urlPath, headers: { cookie }, agent: false }, (res) => {
      answered++;
      res.once("data", () => res.pause());
    });
    req.on("error", () => undefined);
    return req;
  });
  await sleep(3000);
  const answeredWhileHeld = answered;
  const rssHeld = rssMiB(pid);
  const probe = async () => {
    const t0 = performance.now();
    try {
      const res = await request(port, probePath, { headers: { cookie }, timeoutMs: 5000 });
      return { status: res.status, ms: Math.round(performance.now() - t0) };
    } catch (error) {
      return { status: null, ms: Math.round(performance.now() - t0), error: error.message };
    }
  };
  const whileHeld = await probe();
  for (const req of requests) req.destroy();
  await sleep(1000);
  const afterwards = await probe();
  return {
    held: count,
    answeredWhileHeld,
    whileHeld,
    afterwards,
    rssBeforeMiB: round(rssBefore, 1),
    rssHeldMiB: round(rssHeld, 1),
  };
}

/**
 * Downloads dropped by the client after their first bytes (a player closed, a phone gone): do they give their bucket
 * connection back? `count` of them, then one more request, which must answer within 5 s.
 */
async function abandonedDownloads({ port, urlPath, cookie, count }) {
  await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise((resolve) => {
          const req = http.get({ host: HOST, port, path: urlPath, headers: { cookie }, agent: false }, (res) => {
            res.once("data", () => {
              req.destroy();
              resolve();
            });
          });
          req.setTimeout(10_000, () => req.destroy());
          req.on("error", resolve);
          req.on("close", resolve);
        }),
    ),
  );
  await sleep(1000);
  const t0 = performance.now();
  try {
    const res = await request(port, urlPath, { headers: { cookie, range: "bytes=0-1023" }, timeoutMs: 5000 });
    return { abandoned: count, nextStatus: res.status, nextMs: Math.round(performance.now() - t0) };
  } catch (error) {
    return { abandoned: count, nextStatus: null, nextError: error.message };
  }
}

// ------------------------------------------------------------------------------------------------- the benchmark

/** The commit measured, and whether the server's sources had changes not yet committed (the build includes them). */
function measuredCommit() {
  const git = (args) =>
    spawnSync("git", args, { cwd: path.join(import.meta.dirname, ".."), encoding: "utf8" }).stdout?.trim() ?? "";
  const dirty = git(["status", "--porcelain", "--", "apps/server/src", "packages/shared/src"]);
  return { commit: git(["rev-parse", "--short", "HEAD"]), uncommittedServerFiles: dirty ? dirty.split("\n").length : 0 };
}

export async function runStorage(options = {}) {
  const settings = { ...STORAGE_DEFAULTS, ...options };
  installSignalHandlers();
  const built = await ensureBuilt();
  const source = measuredCommit();
  let s3;
  let local;
  let bucket;
  let relay;
  try {
    s3 = await startS3rver();
    local = await startBuiltServer({ name: "storage-local", timeoutMs: 240_000 });
    // Two servers on the bucket, on the same database: as configured by default (disk copies of what it serves,
    // STORAGE_CACHE_MB=512), and with no copies, so that every read is relayed from the bucket (what a miss costs).
    bucket = await startSecondServer(local.dataDir, { name: "storage-bucket", env: s3.env });
    relay = await startSecondServer(local.dataDir, { name: "storage-relay", env: { ...s3.env, STORAGE_CACHE_MB: "0" } });
    const servers = { local, bucket, relay };
    // One member on the shared database: his session works on every server (the same auth secret).
    const cookie = await signUp(local.port, { label: "storage" });
    const me = await request(local.port, "/api/me", { headers: { cookie } });
    if (me.status !== 200) throw new Error(`GET /api/me: HTTP ${me.status} ${me.body.slice(0, 200)}`);
    const userId = JSON.parse(me.body).user?.id;
    if (!userId) throw new Error(`GET /api/me has no id: ${me.body.slice(0, 200)}`);

    // The picture through the upload the server offers (decoded and encoded again): once to the local store, once to
    // the bucket (which both bucket servers read).
    const png = noisePng(591);
    const localUrl = await uploadPicture(local.port, cookie, png);
    const bucketUrl = await uploadPicture(bucket.port, cookie, png);
    const pictureUrls = { local: localUrl, bucket: bucketUrl, relay: bucketUrl };
    const localPicture = await request(local.port, localUrl, { headers: { cookie }, timeoutMs: 15_000 });
    if (localPicture.status !== 200) throw new Error(`GET ${localUrl}: HTTP ${localPicture.status}`);
    const picture = localPicture.bytes;
    const mp3 = threeMinuteMp3();
    const audio = await putAudio({ local, s3, userId, mp3, name: "bench-three-minutes" });

    const pictureKey = bucketUrl.slice("/api/files/".length);
    const targets = {
      picture: {
        local: { port: local.port, path: localUrl },
        bucket: { port: bucket.port, path: bucketUrl },
        relay: { port: relay.port, path: bucketUrl },
        direct: { port: s3.port, path: `/${BUCKET}/${pictureKey}` },
      },
      audio: {
        local: { port: local.port, path: audio.path },
        bucket: { port: bucket.port, path: audio.path },
        relay: { port: relay.port, path: audio.path },
        direct: { port: s3.port, path: `/${BUCKET}/${audio.key}` },
      },
    };
    const scenarios = [
      { key: "picture", label: `GET a picture (${round(picture.length / 1e6, 2)} MB PNG, whole)`, bytes: picture.length },
      {
        key: "audio",
        label: `GET a 3-minute MP3 (${round(mp3.length / 1e6, 2)} MB), 256 KB Range parts at seek offsets`,
        bytes: mp3.length,
        range: () => seeks(mp3.length),
      },
    ];
    const headersFor = async (side) => (side === "direct" ? s3Headers() : { cookie: await freshCookie(local.port, cookie) });
    // Every side answers the very bytes before it is loaded.
    for (const side of Object.keys(SIDES)) {
      const headers = await headersFor(side);
      await checkAnswer(targets.picture[side].port, targets.picture[side].path, headers, picture, `picture on ${SIDES[side]}`);
      await checkAnswer(
        targets.audio[side].port,
        targets.audio[side].path,
        { ...headers, range: `bytes=1000000-${1000000 + PART_BYTES - 1}` },
        mp3.subarray(1000000, 1000000 + PART_BYTES),
        `audio part on ${SIDES[side]}`,
      );
    }

    const serverPid = { local: local.pid, bucket: bucket.pid, relay: relay.pid, direct: s3.pid };
    const runs = Object.fromEntries(
      scenarios.map((s) => [s.key, Object.fromEntries(Object.keys(SIDES).map((side) => [side, []]))]),
    );
    for (let roundNo = 1; roundNo <= settings.rounds; roundNo++) {
      for (const s of scenarios) {
        for (const side of Object.keys(SIDES)) {
          const target = targets[s.key][side];
          const headers = await headersFor(side);
          const common = { port: target.port, urlPath: target.path, headers, range: s.range, connections: settings.connections };
          log(`storage: round ${roundNo}, ${s.key} on ${SIDES[side]}`);
          await loadOnce({ ...common, durationSeconds: roundNo === 1 ? settings.firstWarmupSeconds : settings.warmupSeconds });
          const pids = { server: serverPid[side], s3rver: s3.pid, loadGenerator: process.pid };
          const before = cpuOf(pids);
          const result = await loadOnce({ ...common, durationSeconds: settings.durationSeconds });
          const row = summarize(result, before, cpuOf(pids));
          // s3rver is the server on the direct side: its CPU is in "server" there, not twice.
          if (!BEHIND_S3RVER.has(side)) row.cpuUsPerRequest.s3rver = null;
          runs[s.key][side].push(row);
        }
      }
    }
    const rows = scenarios.map((s) => {
      const sides = Object.fromEntries(Object.keys(SIDES).map((side) => [side, pool(runs[s.key][side])]));
      const ok = Object.values(sides).every((x) => x.non2xx === 0 && x.errors === 0);
      const rate = (side) => sides[side].requestsPerSecond;
      return {
        key: s.key,
        label: s.label,
        bytes: s.bytes,
        ...sides,
        bucketOverLocal: round(rate("bucket") / rate("local"), 3),
        bucketP99OverLocal: round(sides.bucket.p99Ms / Math.max(sides.local.p99Ms, 1), 2),
        relayOverLocal: round(rate("relay") / rate("local"), 3),
        relayP99OverLocal: round(sides.relay.p99Ms / Math.max(sides.local.p99Ms, 1), 2),
        directOverLocal: round(rate("direct") / rate("local"), 3),
        // Issue 40's "our server's share": the bucket relayed through us against s3rver answering alone.
        relayOverDirect: round(rate("relay") / rate("direct"), 3),
        goalMet: rate("bucket") >= GOAL_RATIO * rate("local"),
        relayGoalMet: rate("relay") >= GOAL_RATIO * rate("local"),
        ok,
      };
    });

    const memorySides = ["relay", "bucket", "local"];
    const memory = Object.fromEntries(memorySides.map((side) => [side, []]));
    for (const count of MEMORY_CONCURRENCY) {
      for (const side of memorySides) {
        log(`storage: memory, ${count} concurrent downloads of the MP3 on ${SIDES[side]}`);
        memory[side].push(
          await concurrentDownloads({
            port: servers[side].port,
            pid: servers[side].pid,
            urlPath: audio.path,
            cookie: await freshCookie(local.port, cookie),
            bytes: mp3.length,
            count,
          }),
        );
      }
    }
    // A long recording (64 MB: more than loopback's socket buffers hold), to hold connections for sure.
    const long = await putAudio({ local, s3, userId, mp3: crypto.randomBytes(64 * 1024 * 1024), name: "bench-held" });
    const held = {};
    for (const side of memorySides) {
      log(`storage: 60 downloads held by slow readers on ${SIDES[side]}, then the picture`);
      held[side] = await heldDownloads({
        port: servers[side].port,
        pid: servers[side].pid,
        urlPath: long.path,
        probePath: pictureUrls[side],
        cookie: await freshCookie(local.port, cookie),
        count: 60,
      });
    }
    log("storage: 60 downloads dropped after their first bytes on the relaying server, then one more");
    const abandoned = await abandonedDownloads({
      port: relay.port,
      urlPath: audio.path,
      cookie: await freshCookie(local.port, cookie),
      count: 60,
    });

    const allMemory = Object.values(memory).flat();
    // Flat: even the peak (garbage not yet collected included) is well under the file per download (a quarter of it).
    const flat = allMemory.every((m) => m.mibPerDownload * 1024 * 1024 < mp3.length / 4);
    return {
      name: "storage",
      measuredAt: new Date().toISOString(),
      settings: { ...settings, partBytes: PART_BYTES, tool: "autocannon (in the benchmark process)" },
      builtFirst: built,
      ...source,
      pictureBytes: picture.length,
      uploadedPngBytes: png.length,
      mp3Bytes: mp3.length,
      scenarios: rows,
      memory,
      abandoned,
      held,
      goalRatio: GOAL_RATIO,
      goalMet: rows.every((r) => r.goalMet),
      relayGoalMet: rows.every((r) => r.relayGoalMet),
      memoryFlat: flat,
      ok: rows.every((r) => r.ok) && allMemory.every((m) => m.complete === m.concurrent),
    };
  } finally {
    await Promise.all([relay?.stop(), bucket?.stop(), local?.stop()]);
    await s3?.stop();
    if (s3) fs.rmSync(s3.directory, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------------------------------------------- output

export function formatStorage(r) {
  const lines = [];
  for (const s of r.scenarios) {
    lines.push(s.label);
    for (const side of Object.keys(SIDES)) {
      const x = s[side];
      const cpu = x.cpuUsPerRequest;
      lines.push(
        `  ${SIDES[side].padEnd(42)} ${String(x.requestsPerSecond).padStart(6)} req/s ${String(x.megabytesPerSecond).padStart(5)} MB/s p99 ${String(x.p99Ms).padStart(4)} ms  CPU µs/request: server ${cpu.server}${cpu.s3rver != null ? `, s3rver ${cpu.s3rver}` : ""}, load generator ${cpu.loadGenerator}${x.non2xx + x.errors ? `  FAILURES ${x.non2xx} non-2xx ${x.errors} errors` : ""}`,
      );
    }
    lines.push(
      `  /local: disk copies ${s.bucketOverLocal} (goal ${r.goalRatio}: ${s.goalMet ? "met" : "NOT met"}, p99 ${s.bucketP99OverLocal}x), relayed ${s.relayOverLocal} (${s.relayGoalMet ? "met" : "NOT met"}, p99 ${s.relayP99OverLocal}x), s3rver alone ${s.directOverLocal}; relayed/s3rver alone ${s.relayOverDirect}`,
    );
  }
  for (const [side, list] of Object.entries(r.memory)) {
    for (const m of list) {
      lines.push(
        `memory, ${SIDES[side]}: ${m.concurrent} downloads: RSS ${m.rssBeforeMiB} -> ${m.rssPeakHeldMiB} MiB held (settled ${m.rssSettledHeldMiB}), ${m.rssPeakDrainingMiB} MiB draining; ${m.mibPerDownload} MiB per download at the peak, ${m.settledMibPerDownload} settled; ${m.answeredWhileHeld} answered while held, ${m.complete}/${m.concurrent} complete in ${m.seconds} s`,
      );
    }
  }
  for (const [side, h] of Object.entries(r.held ?? {})) {
    lines.push(
      `${h.held} held downloads on ${SIDES[side]}: ${h.answeredWhileHeld} answered, RSS ${h.rssBeforeMiB} -> ${h.rssHeldMiB} MiB; the picture meanwhile ${h.whileHeld.status ? `HTTP ${h.whileHeld.status} in ${h.whileHeld.ms} ms` : `no answer in ${h.whileHeld.ms} ms`}, once they are gone ${h.afterwards.status ? `HTTP ${h.afterwards.status} in ${h.afterwards.ms} ms` : `no answer in ${h.afterwards.ms} ms`}`,
    );
  }
  const a = r.abandoned;
  lines.push(
    `${a.abandoned} dropped downloads on the relaying server, then one more: ${a.nextStatus ? `HTTP ${a.nextStatus} in ${a.nextMs} ms` : `no answer (${a.nextError})`}`,
  );
  return lines.join("\n");
}

function table(header, rows) {
  return [
    `| ${header.join(" | ")} |`,
    `| ${header.map(() => "---").join(" | ")} |`,
    ...rows.map((row) => `| ${row.join(" | ")} |`),
  ].join("\n");
}

/**
 * Our server's extra CPU per request when it relays the bucket (relayed minus local), split from the two files' sizes
 * into a part per request (the SDK's GetObject) and a part per MB (the bytes received from the store once more).
 */
function extraCpu(r) {
  const [a, b] = r.scenarios;
  const mb = (x) => x.local.bytesPerRequest / 1e6;
  const extra = (x) => x.relay.cpuUsPerRequest.server - x.local.cpuUsPerRequest.server;
  if (!a || !b || mb(a) === mb(b)) return null;
  const perMb = (extra(a) - extra(b)) / (mb(a) - mb(b));
  return { perRequestUs: Math.round(extra(b) - perMb * mb(b)), perMbUs: Math.round(perMb) };
}

const answerText = (x) => (x.status ? `HTTP ${x.status} in ${x.ms} ms` : `**no answer in ${x.ms} ms**`);

export function renderStorage(r) {
  if (r.error) return `**This benchmark failed on its last run (${r.measuredAt}):** \`${r.error.split("\n")[0]}\``;
  if (!r.scenarios?.[0]?.relay) return "(Results from an older version of this benchmark: run `node bench/run.mjs storage`.)";
  const s = r.settings;
  const list = (f) => r.scenarios.map(f).join(", ");
  const perf = r.scenarios.flatMap((x) =>
    Object.keys(SIDES).map((side, i) => {
      const y = x[side];
      const cpu = y.cpuUsPerRequest;
      return [
        i === 0 ? x.label : "",
        SIDES[side],
        y.requestsPerSecond,
        y.megabytesPerSecond,
        y.p50Ms,
        y.p99Ms,
        y.rounds.map((z) => z.requestsPerSecond).join(", "),
        cpu.server ?? "–",
        cpu.s3rver ?? "–",
        cpu.loadGenerator ?? "–",
        y.non2xx + y.errors,
      ];
    }),
  );
  const cpuRatio = (x, side) => round(x[side].cpuUsPerRequest.server / x.local.cpuUsPerRequest.server, 2);
  const met = (yes) => (yes ? "met" : "**not met**");
  const ratios = r.scenarios.map((x) => [
    x.label,
    `${x.bucketOverLocal} (${met(x.goalMet)})`,
    x.bucketP99OverLocal,
    `${x.relayOverLocal} (${met(x.relayGoalMet)})`,
    x.relayP99OverLocal,
    x.directOverLocal,
    x.relayOverDirect,
    cpuRatio(x, "relay"),
    round(1 / cpuRatio(x, "relay"), 2),
  ]);
  const memoryRows = Object.entries(r.memory).flatMap(([side, ms]) =>
    ms.map((m) => [
      SIDES[side],
      m.concurrent,
      m.rssBeforeMiB,
      m.rssPeakHeldMiB,
      m.rssSettledHeldMiB,
      m.rssPeakDrainingMiB,
      m.mibPerDownload,
      m.settledMibPerDownload,
      `${m.answeredWhileHeld} of ${m.concurrent}`,
      m.lastHeadersMs ?? "–",
      `${m.complete} of ${m.concurrent} in ${m.seconds} s`,
    ]),
  );
  const heldRows = Object.entries(r.held ?? {}).map(([side, h]) => [
    SIDES[side],
    h.held,
    h.answeredWhileHeld,
    `${h.rssBeforeMiB} → ${h.rssHeldMiB}`,
    answerText(h.whileHeld),
    answerText(h.afterwards),
  ]);
  const relayHeld = r.held?.relay;
  const capped = relayHeld && relayHeld.answeredWhileHeld < relayHeld.held;
  const copyGrowth = r.held?.bucket ? r.held.bucket.rssHeldMiB - r.held.bucket.rssBeforeMiB : 0;
  const extra = extraCpu(r);
  const fileMiB = round(r.mp3Bytes / 1024 / 1024, 2);
  const worstMiB = Math.max(
    ...Object.values(r.memory)
      .flat()
      .map((m) => m.mibPerDownload),
  );
  const a = r.abandoned;
  const when = r.measuredAt.replace("T", " ").replace(/\.\d+Z$/, " UTC");
  const built = r.commit
    ? ` The server was built from \`${r.commit}\`${r.uncommittedServerFiles ? ` with ${r.uncommittedServerFiles} server files changed in the working tree` : ""}.`
    : "";
  return [
    `Measured ${when}.${built} Four sides in one run, interleaved (${s.rounds} rounds of each side in turn, ${s.firstWarmupSeconds ?? s.warmupSeconds} s warm-up in the first round and ${s.warmupSeconds} s in the others, then ${s.durationSeconds} s measured per side and round, ${s.connections} keep-alive connections): ` +
      "the built server (`node apps/server/dist/main.js`, one process, embedded PostgreSQL in a temporary DATA_DIR) with the local store (DATA_DIR/storage); " +
      "two more built servers on the same database with `S3_BUCKET` set, their files in s3rver (the npm package: a real S3 REST server written in JavaScript on Koa, objects on disk, in its own process on 127.0.0.1), " +
      "one as configured by default (it keeps disk copies of what it serves, `STORAGE_CACHE_MB=512`) and one with `STORAGE_CACHE_MB=0`, so that every read is relayed from the bucket, as a miss is; " +
      "and s3rver answering the same GETs itself (the request our server's SDK makes, with a version 4 signature header s3rver checks the shape and date of but, as for our server's, not the signature), which is what a signed URL would give and what separates s3rver's own cost from ours. " +
      `The picture (${r.pictureBytes} bytes) was uploaded through \`POST /api/pasture/images\` (a ${r.uploadedPngBytes}-byte PNG of noise, encoded again by the server), once into each store; ` +
      `the MP3 (${r.mp3Bytes} bytes: three minutes at 128 kbit/s, frame headers with noise between them) was written into both stores under the key the server makes, with its stored_files row, and is read as a player seeks: ` +
      `${s.partBytes / 1024} KB \`Range\` parts at pseudo-random offsets, the same sequence on every side. Every side's answer is checked byte for byte before it is loaded. ` +
      "Requests/s pools the rounds (all requests over all measured seconds); p50 and p99 are the worst round's.",
    "",
    table(
      [
        "File",
        "Served by",
        "Requests/s",
        "MB/s",
        "p50 ms",
        "p99 ms",
        "Requests/s by round",
        "CPU µs/request, serving process",
        "CPU µs/request, s3rver behind it",
        "CPU µs/request, load generator",
        "Failures",
      ],
      perf,
    ),
    "",
    table(
      [
        "File",
        `Requests/s disk copies/local (goal ${r.goalRatio})`,
        "p99 disk copies/local",
        `Requests/s relayed/local (goal ${r.goalRatio})`,
        "p99 relayed/local",
        "Requests/s s3rver alone/local",
        "Our server's share: relayed/s3rver alone",
        "Our server's CPU per request, relayed/local",
        "Rate our CPU allows, relayed/local",
      ],
      ratios,
    ),
    "",
    "What the numbers mean:",
    "",
    `- **With disk copies (the default) the bucket is ${r.goalMet ? "within" : "short of"} issue 40's goal of ${r.goalRatio}** (${list((x) => `${x.key} ${x.bucketOverLocal}`)}): ` +
      `once a file has been read, this server reads its copy on its own disk, and s3rver is hardly asked (${list((x) => `${x.bucket.cpuUsPerRequest.s3rver} µs of s3rver's CPU per ${x.key} request`)}). ` +
      (r.scenarios.some((x) => x.bucketOverLocal > 1.05)
        ? "Above 1 is noise: both sides then read a file on their own disk through the same code (see the rates by round). "
        : "") +
      "Here the two files are read again and again, so nearly every read is a copy's: it is the best case. A member's first view of a file on each machine, a file the cache does not keep (over an eighth of `STORAGE_CACHE_MB`, or pushed out by the least recently used rule) and every read while the database's notices are not heard are relayed, as in the next row.",
    `- **Relayed from the bucket, every read is ${r.relayGoalMet ? "within" : "short of"} the goal** (${list((x) => `${x.key} ${x.relayOverLocal}`)}). ` +
      `On this machine part of that is the test bench: s3rver runs on the same two cores as our server and the load generator, and it is not cheap (${list((x) => `${x.relay.cpuUsPerRequest.s3rver} µs of CPU per ${x.key} request`)}), CPU a real store spends on its own machines. ` +
      `The rest is our server's own and stays wherever the store runs: it spends ${list((x) => `${cpuRatio(x, "relay")}x`)} the CPU per request relaying that it spends reading local disk ` +
      `(${r.scenarios.map((x) => `${x.key}: ${x.relay.cpuUsPerRequest.server} against ${x.local.cpuUsPerRequest.server} µs`).join("; ")}), ` +
      `so once its core is busy it relays at most ${list((x) => round(1 / cpuRatio(x, "relay"), 2))} of local disk's rate, however fast the store.` +
      (extra
        ? ` From the two sizes, the extra is about ${extra.perRequestUs} µs per request (the AWS SDK's GetObject: its middleware, signing, the response's headers) and ${extra.perMbUs} µs per MB (the bytes come in from the store before they go out again).`
        : ""),
    `- **s3rver alone** (a signed URL's path: the browser asks the store, our server is out of it) serves ${list((x) => `${x.directOverLocal} of local disk's ${x.key} rate`)}, on the same cores and without our server; ` +
      `relayed through our server the bucket gets ${list((x) => x.relayOverDirect)} of what s3rver alone serves ("our server's share"). s3rver is a test server (JavaScript, one process); a production store (S3, R2, MinIO) serves many times this, so with signed URLs the store's rate is what members see, and our server only checks the member, as now, and signs an address (tens of microseconds), sending no bytes.`,
    `- p99 follows the rate: with disk copies ${list((x) => `${x.key} ${x.bucketP99OverLocal}x`)} local disk's, relayed ${list((x) => `${x.key} ${x.relayP99OverLocal}x`)}, at ${s.connections} connections.`,
    "- Rates move a lot from round to round on this shared virtual machine (the column by round); the sides take turns, so the ratios are steadier than the rates. The load generator is autocannon in the benchmark process. autocannon 9 appends each response body to a string (for its body checks, unused here), which for a megabyte that is not UTF-8 costs it about 28 ms of CPU and made it, not the servers, the bottleneck (about 36 requests/s of a 1 MB noise body from a bare `node:http` server); the benchmark skips that append during its loads (bodies were checked byte for byte before).",
    "",
    `Memory per concurrent download: the serving process's resident set (VmRSS, sampled every 50 ms) while that many clients download the whole MP3 (${fileMiB} MiB) at once, each on its own connection, stopping after their first bytes for 3 s and then reading to the end. ` +
      "MiB per download is (peak − idle) / downloads, and (median of the held period's last second − idle) / downloads, once the garbage of the start has had time to go; it includes garbage not yet collected, so it moves a little from run to run (and can be below 0 when a collection ran). " +
      (r.memoryFlat
        ? `**Flat: at most ${worstMiB} MiB per download, against ${fileMiB} MiB if a download were held whole**; the bytes are streamed with back-pressure, relayed from the bucket and from disk alike.`
        : `**Not flat: up to ${worstMiB} MiB per download, a large share of the ${fileMiB} MiB file.**`) +
      " On loopback the kernel's socket buffers take a few MB per connection (not in the process's RSS), so a paused reader does not always hold the server back: that is why most downloads get their answer while \"held\".",
    "",
    table(
      [
        "Server",
        "Downloads",
        "RSS idle MiB",
        "Peak while held MiB",
        "Held, last second MiB",
        "Peak while draining MiB",
        "MiB per download (peak)",
        "MiB per download (held, last second)",
        "Answered (headers) while held",
        "Last answer after ms",
        "Complete",
      ],
      memoryRows,
    ),
    "",
    heldRows.length
      ? "Downloads held by slow readers: 60 clients ask for a 64 MB recording (more than the socket buffers take) and stop reading after the first bytes; 3 s later one more member asks for the picture (5 s limit), and again once the 60 are gone:\n\n" +
        table(
          [
            "Server",
            "Held downloads",
            "Answered",
            "RSS MiB, before → held",
            "The picture meanwhile",
            "The picture once they are gone",
          ],
          heldRows,
        ) +
        "\n\n" +
        (capped
          ? `**Relaying, slow downloads use up the server's connections to the store: ${relayHeld.answeredWhileHeld} of ${relayHeld.held} answered.** The AWS SDK's default agent opens at most 50 connections per process (\`maxSockets: 50\`, @smithy/node-http-handler), and a relayed download keeps its connection until its client has read it: with 50 slow listeners (a phone on a weak network takes minutes for a 3 MB MP3) every other read the bucket must answer — pictures, avatars, audio not copied yet — waits for one of them to finish. Disk copies help only for files already copied; from local disk the same load changes nothing.`
          : "The relaying server answered every held download and the picture meanwhile: its connections to the store were not used up.") +
        (copyGrowth > 32
          ? ` **The server with disk copies grew by ${round(copyGrowth, 0)} MiB while it made its copy of the 64 MB recording:** disk-cache.ts makes a copy from \`store.get\`, which reads the whole object into memory (up to an eighth of \`STORAGE_CACHE_MB\`, 64 MB by default, per file being copied), instead of streaming it to disk.`
          : "")
      : "",
    "",
    `${a.abandoned} downloads dropped by their clients after the first bytes, then one more request on the relaying server: ${a.nextStatus ? `HTTP ${a.nextStatus} in ${a.nextMs} ms (dropped downloads give their connection to the store back)` : `**no answer within 5 s** (${a.nextError}): dropped downloads keep their connections to the store`}.`,
  ].join("\n");
}

if (isMain(import.meta.url)) {
  if (process.argv[2] === "--s3rver") {
    await serveS3rver(process.argv[3]);
  } else {
    const result = await runStorage();
    console.log(formatStorage(result));
    process.exit(result.ok ? 0 : 1);
  }
}
