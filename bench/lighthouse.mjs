// Lighthouse (mobile, its default simulated throttling) on signed-in Today, beside /auth for a visitor in the same
// run: the score varies with the machine, so the report keeps both and their ratio. Issue 14's target: Today's
// performance score at least 95.
//   node bench/lighthouse.mjs      (or: node bench/run.mjs lighthouse)
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { ensureChromium } from "../scripts/chromium.mjs";
import { ensureBuilt, installSignalHandlers, isMain, log, median, request, round } from "./lib/common.mjs";
import { signUp, startBuiltServer } from "./lib/server.mjs";

const RUNS = 3;
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

async function audit(chromePort, url, extraHeaders) {
  const result = await lighthouse(url, {
    port: chromePort,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
    extraHeaders,
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no report for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (lhr.finalDisplayedUrl && new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
    throw new Error(`Lighthouse on ${url} ended at ${lhr.finalDisplayedUrl} (a redirect: the session was not used?)`);
  }
  const run = { score: Math.round((lhr.categories.performance.score ?? 0) * 100) };
  for (const [key, id] of Object.entries(METRICS)) run[key] = round(lhr.audits[id]?.numericValue ?? NaN, key === "cls" ? 3 : 0);
  return run;
}

/** The median of each number over the runs. */
function medianRun(runs) {
  return Object.fromEntries(Object.keys(runs[0]).map((key) => [key, median(runs.map((r) => r[key]))]));
}

export async function runLighthouse() {
  installSignalHandlers();
  const built = await ensureBuilt();
  const chromePath = ensureChromium();
  let ours;
  let chrome;
  try {
    ours = await startBuiltServer({ name: "lighthouse" });
    const cookie = await memberReadyForToday(ours.port);
    chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
    const base = `http://127.0.0.1:${ours.port}`;
    const pages = [
      { key: "today", label: "/ (Today, signed in)", url: `${base}/`, headers: { Cookie: cookie } },
      { key: "auth", label: "/auth (a visitor; the baseline)", url: `${base}/auth`, headers: undefined },
    ];
    const rows = [];
    for (const page of pages) {
      const runs = [];
      // One warm-up load first (the server's caches, the browser's compile cache are then as a returning member's).
      await audit(chrome.port, page.url, page.headers);
      for (let i = 0; i < RUNS; i++) {
        log(`lighthouse: ${page.label}, run ${i + 1} of ${RUNS}`);
        runs.push(await audit(chrome.port, page.url, page.headers));
      }
      rows.push({ key: page.key, label: page.label, runs, median: medianRun(runs) });
    }
    const today = rows.find((r) => r.key === "today").median;
    const auth = rows.find((r) => r.key === "auth").median;
    return {
      name: "lighthouse",
      measuredAt: new Date().toISOString(),
      settings: {
        lighthouse: "12.2.3",
        formFactor: "mobile",
        throttling: "simulated (Lighthouse default)",
        runs: RUNS,
        chromePath,
      },
      builtFirst: built,
      rows,
      scoreRatio: round(today.score / auth.score, 2),
      scoreTarget: SCORE_TARGET,
      targetMet: today.score >= SCORE_TARGET,
      ok: true,
    };
  } finally {
    await chrome?.kill();
    await ours?.stop();
  }
}

export function formatLighthouse(r) {
  return [
    ...r.rows.map(
      (row) =>
        `${row.label.padEnd(34)} score ${String(row.median.score).padStart(3)} | FCP ${row.median.fcpMs} ms | LCP ${row.median.lcpMs} ms | TBT ${row.median.tbtMs} ms | CLS ${row.median.cls} (runs: ${row.runs.map((x) => x.score).join(", ")})`,
    ),
    `Today / auth score ratio ${r.scoreRatio}; Today at least ${r.scoreTarget}: ${r.targetMet ? "met" : "NOT met"}`,
  ].join("\n");
}

export function renderLighthouse(r) {
  if (r.error) return `**This benchmark failed on its last run (${r.measuredAt}):** \`${r.error.split("\n")[0]}\``;
  const header = "| Page | Performance score | FCP ms | LCP ms | TBT ms | CLS | Speed Index ms | Scores of the runs |";
  const lines = r.rows.map(
    (row) =>
      `| ${row.label} | ${row.median.score} | ${row.median.fcpMs} | ${row.median.lcpMs} | ${row.median.tbtMs} | ${row.median.cls} | ${row.median.speedIndexMs} | ${row.runs.map((x) => x.score).join(", ")} |`,
  );
  return `Measured ${r.measuredAt}. Lighthouse ${r.settings.lighthouse}, mobile form factor with its default simulated throttling (a mid-range phone on slow 4G), performance category only, against the built server (embedded PostgreSQL) on 127.0.0.1 in Debian's Chromium, headless. Each page is loaded once to warm up, then ${r.settings.runs} times; the table shows the medians. Today is read by a member who has finished onboarding and whose devotional is already written (his session cookie sent with every request); /auth is the same build's lightest page, for a visitor, as the baseline in the same run.

${header}
| --- | --- | --- | --- | --- | --- | --- | --- |
${lines.join("\n")}

Today's score over /auth's: **${r.scoreRatio}**. Target: Today at least ${r.scoreTarget}: **${r.targetMet ? "met" : "not met"}**. The score moves with the machine's load; it is a benchmark, not a test.`;
}

if (isMain(import.meta.url)) {
  const result = await runLighthouse();
  console.log(formatLighthouse(result));
  process.exit(result.ok ? 0 : 1);
}
