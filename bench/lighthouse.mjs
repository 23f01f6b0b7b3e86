// Lighthouse (mobile, its default simulated throttling) on signed-in Today, beside /auth for a visitor in the same
// run: the score varies with the machine, so the report keeps both and their ratio. Issue 14's target: Today's
// performance score at least 95.
//   node bench/lighthouse.mjs      (or: node bench/run.mjs lighthouse)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "@playwright/test";
import zlib from "node:zlib";
import { ensureChromium } from "../scripts/chromium.mjs";
import { measureBundle, staticImports } from "./bundle.mjs";
import { ensureBuilt, installSignalHandlers, isMain, log, median, request, ROOT, round } from "./lib/common.mjs";
import { signUp, startBuiltServer } from "./lib/server.mjs";

/** Runs per page after the warm-up (LIGHTHOUSE_RUNS to change): the score moves with the machine's load. */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS) || 5;
/** The focus area his onboarding chose (any of the eight themes). */
const FOCUS = "prayer";
const SCORE_TARGET = 95;
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
/**
 * Lighthouse's simulated phone is 4 times slower than this machine: it takes how long each of the page's tasks lasted
 * here and multiplies it by 4. On 2 cores a task also lasts while the renderer waits for a core the server (answering
 * the page's requests) or Lighthouse itself (reading the trace) holds, and that wait, multiplied, counted as the page's
 * blocking time (tasks of 107 ms with 11 ms of the renderer's CPU in them). So the server and all it starts, and this
 * process once the Chromes are started, run at a lower priority than the browser: a phone does not share its cores
 * with the server. Lighthouse's own recommendation for simulated throttling is a quiet machine.
 */
export const HARNESS_NICENESS = 10;

/** What each run reports, from Lighthouse's audits (ms except CLS). */
const METRICS = {
  fcpMs: "first-contentful-paint",
  lcpMs: "largest-contentful-paint",
  tbtMs: "total-blocking-time",
  cls: "cumulative-layout-shift",
  speedIndexMs: "speed-index",
};

/** A member who has finished onboarding and whose devotional for today is written already (as on his second visit). */
export async function memberReadyForToday(port) {
  const cookie = await signUp(port, { label: "lighthouse", username: `lh${Date.now().toString(36)}` });
  const headers = { cookie, "content-type": "application/json", origin: `http://localhost:${port}` };
  const focus = await request(port, "/api/profile", { method: "PATCH", headers, body: JSON.stringify({ focus: [FOCUS] }) });
  if (focus.status !== 200) throw new Error(`PATCH /api/profile: HTTP ${focus.status} ${focus.body.slice(0, 300)}`);
  const done = await request(port, "/api/onboarding/complete", { method: "POST", headers, body: "{}" });
  if (done.status !== 200) throw new Error(`POST /api/onboarding/complete: HTTP ${done.status} ${done.body.slice(0, 300)}`);
  const today = await request(port, "/api/today", { headers: { cookie }, timeoutMs: 30_000 });
  if (today.status !== 200) throw new Error(`GET /api/today: HTTP ${today.status} ${today.body.slice(0, 300)}`);
  return cookie;
}

/** LIGHTHOUSE_SAVE=<dir>: keep each run's report (<dir>/<page>-<n>.json: long tasks, requests) and trace (.trace.json). */
const SAVE_DIR = process.env.LIGHTHOUSE_SAVE;
let saved = 0;

/** Lighthouse's trace now and then misses the navigation on a busy machine (NO_NAVSTART, NO_FCP): that run is done again. */
export async function audit(page, attempt = 1) {
  try {
    return await auditOnce(page);
  } catch (error) {
    if (attempt >= 3 || !/NO_NAVSTART|NO_FCP|NO_LCP/.test(String(error.message))) throw error;
    log(`lighthouse: no usable trace (${String(error.message).slice(0, 120)}); again`);
    return audit(page, attempt + 1);
  }
}

/** The categories a warm-up load reports besides performance (the suite checks the same things with axe and trust.spec). */
const QUALITY_CATEGORIES = ["accessibility", "best-practices"];

/**
 * One Lighthouse run of a page: `{ url, chromePort, headers?, keepStorage?, saveAs?, profile?, quality? }`. `saveAs`
 * names its saved report (LIGHTHOUSE_SAVE); `profile` adds V8's sampling profiler to the trace (which function each task
 * ran); `quality` scores accessibility and best practices too, with the audits that failed.
 */
async function auditOnce({ url, chromePort, headers, keepStorage = false, saveAs, profile = false, quality = false }) {
  const result = await lighthouse(url, {
    port: chromePort,
    output: "json",
    logLevel: "error",
    onlyCategories: quality ? ["performance", ...QUALITY_CATEGORIES] : ["performance"],
    extraHeaders: headers,
    // A returning member's browser keeps what his earlier visits left: the signed-in hints and the service worker.
    disableStorageReset: keepStorage,
    additionalTraceCategories: profile ? "disabled-by-default-v8.cpu_profiler" : undefined,
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no report for ${url}`);
  if (SAVE_DIR) {
    fs.mkdirSync(SAVE_DIR, { recursive: true });
    const name = saveAs ?? (new URL(url).pathname.replace(/\W+/g, "") || "today") + (keepStorage ? "-returning" : "");
    fs.writeFileSync(path.join(SAVE_DIR, `${name}-${++saved}.json`), JSON.stringify(lhr));
    // The page load's trace too (what each long task did): open it in Chromium's DevTools, Performance panel.
    const trace = result.artifacts?.Trace;
    if (trace) fs.writeFileSync(path.join(SAVE_DIR, `${name}-${saved}.trace.json`), JSON.stringify(trace));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (lhr.finalDisplayedUrl && new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
    throw new Error(`Lighthouse on ${url} ended at ${lhr.finalDisplayedUrl} (a redirect: the session was not used?)`);
  }
  const run = { score: Math.round((lhr.categories.performance.score ?? 0) * 100) };
  for (const [key, id] of Object.entries(METRICS)) run[key] = round(lhr.audits[id]?.numericValue ?? NaN, key === "cls" ? 3 : 0);
  if (quality) {
    run.quality = Object.fromEntries(
      QUALITY_CATEGORIES.map((id) => [
        id,
        {
          score: Math.round((lhr.categories[id]?.score ?? 0) * 100),
          failed: (lhr.categories[id]?.auditRefs ?? [])
            .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
            .map((ref) => ref.id),
        },
      ]),
    );
  }
  return run;
}

/**
 * The JavaScript signed-in Today needs before its first render: the entry's static graph (what /auth needs too) and
 * Today's page chunk with its static imports. Bytes as files on disk, gzip level 9 and brotli 11.
 */
export function todayFirstRouteJs() {
  const entry = measureBundle();
  const dist = path.resolve(ROOT, entry.dist);
  const assets = path.join(dist, "assets");
  const files = new Set(entry.js.map((f) => path.join(dist, f.file)));
  const page = fs.readdirSync(assets).find((f) => /^today-page-[\w-]+\.js$/.test(f));
  if (!page) throw new Error("no today-page-*.js chunk in the build");
  const queue = [path.join(assets, page)];
  while (queue.length) {
    const file = queue.pop();
    if (files.has(file) || !fs.existsSync(file)) continue;
    files.add(file);
    for (const spec of staticImports(fs.readFileSync(file, "utf8"))) {
      if (spec.startsWith("./")) queue.push(path.join(path.dirname(file), spec));
    }
  }
  let gzip = 0;
  let brotli = 0;
  for (const file of files) {
    const body = fs.readFileSync(file);
    gzip += zlib.gzipSync(body, { level: 9 }).length;
    brotli += zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return {
    files: files.size,
    gzip,
    brotli,
    authFiles: entry.js.length,
    authGzip: entry.jsTotal.gzip,
    authBrotli: entry.jsTotal.brotli,
  };
}

/**
 * His earlier visit, in the returning member's own Chrome: his session cookie set in the browser (so the service
 * worker's requests carry it too, as on his phone), Today opened until its streak shows and the service worker controls
 * the page. Lighthouse then loads Today in that browser with its storage kept: the signed-in hints, the worker and its
 * caches, as on a morning after the first.
 */
async function visitAsMember(chromePort, base, cookie) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  try {
    const context = browser.contexts()[0];
    const [name, ...value] = cookie.split(";")[0].split("=");
    await context.addCookies([{ name, value: value.join("="), url: base }]);
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page.getByTestId("streak").waitFor({ timeout: 60_000 });
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // A worker installed by this load controls the next one.
    await page.reload();
    await page.getByTestId("streak").waitFor({ timeout: 60_000 });
    if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
      throw new Error("the service worker does not control Today after a reload");
    }
    await page.close();
  } finally {
    // Only this connection ends: the browser (its default context, storage and worker) stays for Lighthouse.
    await browser.close();
  }
}

/** The median of each number over the runs. */
export function medianRun(runs) {
  return Object.fromEntries(Object.keys(runs[0]).map((key) => [key, median(runs.map((r) => r[key]))]));
}

/**
 * The pages Lighthouse loads, on one built server (`env` adds to its settings: WEB_DIST for another build): a member
 * ready for Today, a fresh Chrome (his first visit, with his cookie sent), his own Chrome that has visited Today before
 * (the returning member), and a visitor's Chrome for /auth. `stop()` ends the Chromes and the server.
 */
export async function startLighthouseStack({ name, env = {}, chromePath }) {
  const chromes = [];
  const server = await startBuiltServer({ name, env, niceness: HARNESS_NICENESS });
  const stop = async () => {
    for (const chrome of chromes) await chrome.kill();
    await server.stop();
  };
  try {
    const cookie = await memberReadyForToday(server.port);
    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
    chromes.push(chrome);
    const returning = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
    chromes.push(returning);
    // A visitor's own Chrome: Lighthouse keeps cookies between runs, and in the member's the signed-in hint his Today
    // set makes /auth ask for his profile (a 401 in the console, which best practices counts).
    const visitor = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
    chromes.push(visitor);
    const base = `http://127.0.0.1:${server.port}`;
    await visitAsMember(returning.port, base, cookie);
    const pages = [
      { key: "today", label: "/ (Today, signed in)", url: `${base}/`, chromePort: chrome.port, headers: { Cookie: cookie } },
      {
        key: "returning",
        label: "/ (Today, a returning member)",
        url: `${base}/`,
        chromePort: returning.port,
        keepStorage: true,
      },
      { key: "auth", label: "/auth (a visitor; the baseline)", url: `${base}/auth`, chromePort: visitor.port },
    ];
    return { pages, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Lowers this process's CPU priority below the browser's (see HARNESS_NICENESS): call it once every Chrome is started
 * (a Chrome started afterwards would inherit it). Answers a function that puts it back where it may (only root may
 * raise a priority; otherwise the rest of the run stays lowered, which no other benchmark's ratio minds).
 */
export function yieldCpuToBrowsers() {
  const before = os.getPriority();
  if (before >= HARNESS_NICENESS) return () => {};
  os.setPriority(HARNESS_NICENESS);
  return () => {
    try {
      os.setPriority(before);
    } catch {
      // Not root: stays lowered.
    }
  };
}

export async function runLighthouse() {
  installSignalHandlers();
  const built = await ensureBuilt();
  const chromePath = ensureChromium();
  let stack;
  let restorePriority = () => {};
  try {
    stack = await startLighthouseStack({ name: "lighthouse", chromePath });
    restorePriority = yieldCpuToBrowsers();
    const { pages } = stack;
    // One warm-up load of each first (the server's caches, the browser's compile cache are then as a returning
    // member's), which also scores accessibility and best practices; then the pages take turns, so a change in the
    // machine's load falls on both alike.
    const quality = new Map();
    for (const page of pages) quality.set(page.key, (await audit({ ...page, quality: true })).quality);
    const runs = new Map(pages.map((page) => [page.key, []]));
    for (let i = 0; i < RUNS; i++) {
      for (const page of pages) {
        log(`lighthouse: ${page.label}, run ${i + 1} of ${RUNS}`);
        runs.get(page.key).push(await audit(page));
      }
    }
    const rows = pages.map((page) => ({
      key: page.key,
      label: page.label,
      runs: runs.get(page.key),
      median: medianRun(runs.get(page.key)),
      quality: quality.get(page.key),
    }));
    const today = rows.find((r) => r.key === "today").median;
    const auth = rows.find((r) => r.key === "auth").median;
    return {
      name: "lighthouse",
      measuredAt: new Date().toISOString(),
      settings: {
        lighthouse: "12.2.3",
        formFactor: "mobile",
        throttling: "simulated (Lighthouse default)",
        harnessNiceness: HARNESS_NICENESS,
        runs: RUNS,
        chromePath,
      },
      builtFirst: built,
      firstRouteJs: todayFirstRouteJs(),
      rows,
      scoreRatio: round(today.score / auth.score, 2),
      scoreTarget: SCORE_TARGET,
      targetMet: today.score >= SCORE_TARGET,
      returningTargetMet: rows.find((r) => r.key === "returning").median.score >= SCORE_TARGET,
      ok: true,
    };
  } finally {
    restorePriority();
    await stack?.stop();
  }
}

export function formatLighthouse(r) {
  return [
    ...r.rows.map(
      (row) =>
        `${row.label.padEnd(34)} score ${String(row.median.score).padStart(3)} | FCP ${row.median.fcpMs} ms | LCP ${row.median.lcpMs} ms | TBT ${row.median.tbtMs} ms | CLS ${row.median.cls} (runs: ${row.runs.map((x) => x.score).join(", ")})`,
    ),
    `Today / auth score ratio ${r.scoreRatio}; Today at least ${r.scoreTarget}: ${r.targetMet ? "met" : "NOT met"}; returning member: ${r.returningTargetMet ? "met" : "NOT met"}`,
    ...r.rows.filter((row) => row.quality).map((row) => `${row.label.padEnd(34)} ${qualityLine(row.quality)}`),
    `first-route JS: Today ${r.firstRouteJs.files} files ${kb(r.firstRouteJs.gzip)} gzipped; /auth ${r.firstRouteJs.authFiles} files ${kb(r.firstRouteJs.authGzip)}`,
  ].join("\n");
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** "accessibility 100, best practices 100" with the audits that failed, if any. */
function qualityLine(quality) {
  return Object.entries(quality)
    .map(([id, { score, failed }]) => `${id.replace("-", " ")} ${score}${failed.length ? ` (failed: ${failed.join(", ")})` : ""}`)
    .join(", ");
}

export function renderLighthouse(r) {
  if (r.error) return `**This benchmark failed on its last run (${r.measuredAt}):** \`${r.error.split("\n")[0]}\``;
  const header = "| Page | Performance score | FCP ms | LCP ms | TBT ms | CLS | Speed Index ms | Scores of the runs |";
  const lines = r.rows.map(
    (row) =>
      `| ${row.label} | ${row.median.score} | ${row.median.fcpMs} | ${row.median.lcpMs} | ${row.median.tbtMs} | ${row.median.cls} | ${row.median.speedIndexMs} | ${row.runs.map((x) => x.score).join(", ")} |`,
  );
  const niceness = r.settings.harnessNiceness
    ? `; the server (with its PostgreSQL) and Lighthouse's own process run at nice ${r.settings.harnessNiceness}, below the browser, since Lighthouse multiplies each task's wall time by 4 and on 2 cores the renderer otherwise waits for a core they hold`
    : "";
  return `Measured ${r.measuredAt}. Lighthouse ${r.settings.lighthouse}, mobile form factor with its default simulated throttling (a mid-range phone on slow 4G), the performance category (accessibility and best practices scored on each page's warm-up load), against the built server (embedded PostgreSQL) on 127.0.0.1 in Debian's Chromium, headless${niceness}. Each page is loaded once to warm up, then ${r.settings.runs} times, the pages taking turns (so the machine's load falls on all alike); the table shows the medians. Today is read by a member who has finished onboarding and whose devotional is already written. In the first row his session cookie is sent with every request and Lighthouse resets the browser's storage before each load, as it does by default: a first visit in that browser (no service worker, no code in its caches); the page the server sends for his session carries the signed-in hints, so the session, the profile and Today's screen are asked together and Today's code is fetched beside the entry's. In the second row, his own Chrome visited Today before (his cookie in its jar; the service worker installed and in control) and Lighthouse keeps its storage (\`disableStorageReset\`): his loads on the mornings after the first. /auth is the same build's lightest page, for a visitor in a Chrome of his own, as the baseline in the same run.

${header}
| --- | --- | --- | --- | --- | --- | --- | --- |
${lines.join("\n")}
${
  r.rows.some((row) => row.quality)
    ? `\nAccessibility and best practices, scored by each page's warm-up load (the test suite checks the same things itself: axe on every route, and e2e/trust.spec.ts for console errors, the browser's issues and deprecated APIs): ${r.rows
        .filter((row) => row.quality)
        .map((row) => `${row.label}: ${qualityLine(row.quality)}`)
        .join("; ")}.\n`
    : ""
}
${
  r.firstRouteJs
    ? `JavaScript before the first render (the entry's static graph, plus for Today its page chunk and that chunk's static imports): Today ${r.firstRouteJs.files} files, ${kb(r.firstRouteJs.gzip)} gzipped (${kb(r.firstRouteJs.brotli)} brotli, what a browser is sent); /auth ${r.firstRouteJs.authFiles} files, ${kb(r.firstRouteJs.authGzip)} gzipped (${kb(r.firstRouteJs.authBrotli)} brotli).\n\n`
    : ""
}Today's score over /auth's: **${r.scoreRatio}**. Target: Today at least ${r.scoreTarget}: **${r.targetMet ? "met" : "not met"}** (first row)${r.returningTargetMet === undefined ? "" : `; for a returning member: **${r.returningTargetMet ? "met" : "not met"}**`}. The score moves with the machine's load; it is a benchmark, not a test.`;
}

if (isMain(import.meta.url)) {
  const result = await runLighthouse();
  console.log(formatLighthouse(result));
  process.exit(result.ok ? 0 : 1);
}
