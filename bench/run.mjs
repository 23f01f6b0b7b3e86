// Runs the benchmarks, prints the results, writes bench/results/latest.json and rewrites docs/benchmarks.md.
//   npm run bench                      all of them: startup, http, bundle (about 2 minutes)
//   node bench/run.mjs http            one (or several: node bench/run.mjs http bundle)
//   node bench/run.mjs --docs-only     rewrite docs/benchmarks.md from bench/results/latest.json, running nothing
// Startup runs first: its cold run rebuilds the app, so the HTTP and bundle numbers describe that same build.
// A benchmark that is not run keeps its previous result (with its own date) in latest.json and the docs.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { formatBundle, runBundle } from "./bundle.mjs";
import { formatHttp, runHttp } from "./http.mjs";
import { ROOT, cpuMeter, installSignalHandlers, log, machineInfo, round, stopAll } from "./lib/common.mjs";
import { formatStartup, runStartup } from "./startup.mjs";
import { formatToday, renderToday, runToday } from "./today.mjs";
import { formatRealtime, renderRealtime, runRealtime } from "./realtime.mjs";
import { formatWord, renderWord, runWord } from "./word.mjs";
import { formatPath, renderPath, runPath } from "./path.mjs";
import { formatCustomPlans, renderCustomPlans, runCustomPlans } from "./custom-plans.mjs";
import { formatLighthouse, renderLighthouse, runLighthouse } from "./lighthouse.mjs";
import { formatInsights, renderInsights, runInsights } from "./insights.mjs";
import { formatGatherings, renderGatherings, runGatherings } from "./gatherings.mjs";
import { formatOffline, renderOffline, runOffline } from "./offline.mjs";
import { formatReminders, renderReminders, runReminders } from "./reminders.mjs";
import { formatAdmin, renderAdmin, runAdmin } from "./admin.mjs";
import { formatStorage, renderStorage, runStorage } from "./storage.mjs";
import { formatVisit, renderVisit, runVisit } from "./visit.mjs";
import { formatTestSuite, renderTestSuite, runTestSuite } from "./test-suite.mjs";

const BENCHMARKS = {
  startup: { run: runStartup, format: formatStartup, title: "Startup (npm start to first 200 on /)" },
  http: { run: runHttp, format: formatHttp, title: "HTTP throughput and latency (autocannon, 50 connections)" },
  bundle: { run: runBundle, format: formatBundle, title: "Bundle: JavaScript needed to render /auth" },
  today: { run: runToday, format: formatToday, title: "Today: the Today screen's answer, the streak query and offline audio" },
  visit: {
    run: runVisit,
    format: formatVisit,
    title: "The reads of a visit: every GET the app makes as it opens, beside GET /api/me",
  },
  realtime: {
    run: runRealtime,
    format: formatRealtime,
    title: "Realtime: idle event streams per process and notification delivery latency",
  },
  word: { run: runWord, format: formatWord, title: "The Word: chapter reads, search, and the bytes of a chapter" },
  path: { run: runPath, format: formatPath, title: "The Path: My plans and a plan's page" },
  "custom-plans": {
    run: runCustomPlans,
    format: formatCustomPlans,
    title: "A member's own plan: the composer, the job queue, and reads while plans are written",
  },
  lighthouse: { run: runLighthouse, format: formatLighthouse, title: "Lighthouse (mobile): signed-in Today beside /auth" },
  offline: {
    run: runOffline,
    format: formatOffline,
    title: "Offline: Today's second visit from the service worker's cache, network cut",
  },
  insights: {
    run: runInsights,
    format: formatInsights,
    title: "Insights: the charts' data for three years of days, and the /insights chunk",
  },
  reminders: {
    run: runReminders,
    format: formatReminders,
    title: "Reminders: push fan-out to 10,000 subscriptions beside plain POSTs",
  },
  admin: {
    run: runAdmin,
    format: formatAdmin,
    title: "Admin: the dashboard over 100,000 members and 10 million activity events, and one devotional's artwork",
  },
  storage: {
    run: runStorage,
    format: formatStorage,
    title: "Stored files: bucket against local disk",
  },
  gatherings: {
    run: runGatherings,
    format: formatGatherings,
    title: "Gatherings: signaling latency through one and two processes, cost per peer, Join to first remote frame",
  },
  "test-suite": {
    run: runTestSuite,
    format: formatTestSuite,
    title: "The test suite: CI's whole run before and after issue 38",
  },
};
const ORDER = [
  "startup",
  "http",
  "bundle",
  "today",
  "visit",
  "realtime",
  "word",
  "path",
  "custom-plans",
  "lighthouse",
  "insights",
  "gatherings",
  "offline",
  "reminders",
  "admin",
  "storage",
  "test-suite",
];
/** Run only when named: two whole CI runs take half an hour. */
const ON_REQUEST = ["test-suite"];
const RESULTS_FILE = path.join(ROOT, "bench/results/latest.json");
const DOCS_FILE = path.join(ROOT, "docs/benchmarks.md");
// Gatherings alone may take up to 7 minutes on a busy machine (its own deadline); the test suite two CI runs.
const WATCHDOG_MS = (process.argv.includes("test-suite") ? 90 : 15) * 60_000;
/** Other processes using more than this share of one core during a benchmark make its numbers suspect. */
const BUSY_OTHER_CPU_PERCENT = 25;

const names = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const unknown = names.filter((n) => !BENCHMARKS[n]);
if (unknown.length || process.argv.includes("--help")) {
  if (unknown.length) console.error(`unknown benchmark: ${unknown.join(", ")}`);
  console.error(`usage: node bench/run.mjs [${ORDER.join("|")} ...]   (no name: all of them)`);
  process.exit(unknown.length ? 2 : 0);
}
const selected = names.length ? ORDER.filter((n) => names.includes(n)) : ORDER.filter((n) => !ON_REQUEST.includes(n));

// --docs-only: rewrite docs/benchmarks.md from bench/results/latest.json as it is (after a change to the wording here).
if (process.argv.includes("--docs-only")) {
  const saved = JSON.parse(fs.readFileSync(RESULTS_FILE, "utf8"));
  fs.writeFileSync(DOCS_FILE, await formatMarkdown(renderDocs(saved)));
  log(`rewrote ${path.relative(ROOT, DOCS_FILE)} from ${path.relative(ROOT, RESULTS_FILE)}`);
  process.exit(0);
}

installSignalHandlers();
// Bounded in time whatever happens: stop what we started and give up.
const watchdog = setTimeout(() => {
  log(`the benchmarks took longer than ${WATCHDOG_MS / 60_000} minutes; stopping`);
  stopAll().finally(() => process.exit(1));
}, WATCHDOG_MS);
watchdog.unref();

const machine = machineInfo();
let previous = {};
try {
  previous = JSON.parse(fs.readFileSync(RESULTS_FILE, "utf8"));
} catch {
  // first run
}
// Each result keeps the machine it was measured on (results from before this was recorded: the file's machine).
const results = Object.fromEntries(
  Object.entries(previous.results ?? {}).map(([name, r]) => [name, { machine: previous.machine, ...r }]),
);
const started = Date.now();
let failed = false;

for (const name of selected) {
  const bench = BENCHMARKS[name];
  const loadBefore = os.loadavg()[0];
  const meter = cpuMeter();
  const t0 = Date.now();
  log(`--- ${name} ---`);
  try {
    const result = await bench.run();
    result.wallSeconds = round((Date.now() - t0) / 1000, 1);
    result.loadAverage = { before: round(loadBefore, 2), after: round(os.loadavg()[0], 2) };
    result.cpu = meter.stop();
    result.machine = machine;
    results[name] = result;
    if (!result.ok) failed = true;
    console.log(`\n== ${bench.title} ==\n${bench.format(result)}\n`);
  } catch (error) {
    failed = true;
    log(`${name} failed: ${error.stack ?? error}`);
    results[name] = { name, measuredAt: new Date().toISOString(), error: String(error.message ?? error), ok: false };
  }
}
await stopAll();

const output = {
  generatedAt: new Date().toISOString(),
  lastRun: selected,
  machine,
  results: Object.fromEntries(ORDER.filter((n) => results[n]).map((n) => [n, results[n]])),
};
fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
fs.writeFileSync(`${RESULTS_FILE}.tmp`, JSON.stringify(output, null, 2) + "\n");
fs.renameSync(`${RESULTS_FILE}.tmp`, RESULTS_FILE);

const markdown = await formatMarkdown(renderDocs(output));
fs.writeFileSync(`${DOCS_FILE}.tmp`, markdown);
fs.renameSync(`${DOCS_FILE}.tmp`, DOCS_FILE);
log(
  `wrote ${path.relative(ROOT, RESULTS_FILE)} and ${path.relative(ROOT, DOCS_FILE)} (${round((Date.now() - started) / 1000, 0)} s)`,
);
process.exit(failed ? 1 : 0);

// ---------------------------------------------------------------------------------------------------------------

/** Keeps docs/benchmarks.md as `npm run format:check` wants it (prettier is a devDependency). */
async function formatMarkdown(text) {
  try {
    const prettier = await import("prettier");
    const config = (await prettier.resolveConfig(DOCS_FILE)) ?? {};
    return await prettier.format(text, { ...config, filepath: DOCS_FILE });
  } catch {
    return text;
  }
}

function day(iso) {
  return iso ? iso.replace("T", " ").replace(/\.\d+Z$/, " UTC") : "";
}

function table(header, rows) {
  return [
    `| ${header.join(" | ")} |`,
    `| ${header.map(() => "---").join(" | ")} |`,
    ...rows.map((r) => `| ${r.join(" | ")} |`),
  ].join("\n");
}

function busyNote(r) {
  if (!r.loadAverage) return "";
  const other = r.cpu?.otherCpuPercent;
  const busy = other != null && other > BUSY_OTHER_CPU_PERCENT;
  const cpu =
    other == null
      ? ""
      : `; other processes used ${other}% of one core meanwhile (the benchmark and what it started: ${r.cpu.benchCpuPercent}%)`;
  return `Load average (1 min) before the run: ${r.loadAverage.before}${cpu}.${busy ? " **Other work was competing for the CPU: treat these numbers as pessimistic and rerun on a quiet machine.**" : ""}`;
}

function failure(r) {
  return r.error ? `**This benchmark failed on its last run (${day(r.measuredAt)}):** \`${r.error.split("\n")[0]}\`` : "";
}

function renderHttp(r) {
  if (r.error) return failure(r);
  const sides = {
    ours: "Shepherd",
    ours2: "Shepherd, 2 processes",
    floor: "floor (node:http + pg)",
    bare: "bare node:http",
  };
  const order = ["ours", "ours2", "floor", "bare"];
  const rows = r.scenarios.flatMap((s) =>
    order
      .filter((side) => s[side])
      .map((side, i) => {
        const x = s[side];
        return [
          i === 0 ? s.label : "",
          sides[side],
          x.requestsPerSecond,
          x.p50Ms,
          x.p99Ms,
          x.non2xx,
          x.errors + x.timeouts + x.mismatches,
        ];
      }),
  );
  const dash = (v) => (v == null ? "–" : v);
  const ratios = r.scenarios.map((s) => [
    s.label,
    dash(s.floorThroughputRatio),
    dash(s.floorP99Ratio),
    dash(s.floorCpuRatio),
    s.throughputRatio,
    s.p99Ratio,
    dash(s.twoProcessThroughputRatio),
    s.ok ? "yes" : "**no**",
    s.key === "health" || s.floorThroughputRatio == null
      ? "–"
      : s.floorThroughputRatio >= 0.6 && s.floorP99Ratio <= 1.5 && s.floorCpuRatio <= 2
        ? "met"
        : "**not met**",
  ]);
  const us = (v) => (v == null ? "?" : v);
  const cpu = r.scenarios
    .filter((s) => s.ours.cpuUsPerRequest && s.bare.cpuUsPerRequest)
    .map((s) => [
      s.label,
      us(s.ours.cpuUsPerRequest.server),
      us(s.ours.cpuUsPerRequest.postgres),
      us(s.floor?.cpuUsPerRequest?.server),
      us(s.floor?.cpuUsPerRequest?.postgres),
      us(s.bare.cpuUsPerRequest.server),
      us(s.ours.cpuUsPerRequest.loadGenerator),
    ]);
  return [
    `Measured ${day(r.measuredAt)}. ${r.settings.connections} connections, ${r.settings.warmupSeconds} s warm-up then ${r.settings.durationSeconds} s per row; ` +
      `three servers in one run: the built server (\`node apps/server/dist/main.js\`, \`LOG_LEVEL=warn\`, embedded PostgreSQL in a temporary DATA_DIR), ` +
      `the floor (\`bench/lib/floor-server.mjs\`: plain \`node:http\` and node-postgres on the same database doing only the necessary work, and sending the very same bytes) ` +
      `and a bare \`node:http\` server answering the same bytes from memory; and the built server again with two processes ` +
      `(\`WEB_CONCURRENCY=2\`, node:cluster, its own DATA_DIR with the same kind of member and posts; its CPU is the primary's and workers').` +
      (r.settings.processes > 1 ? ` Shepherd ran ${r.settings.processes} processes (WEB_CONCURRENCY).` : ""),
    "",
    table(["Scenario", "Server", "Requests/s", "p50 ms", "p99 ms", "Non-2xx", "Errors"], rows),
    "",
    table(
      [
        "Scenario",
        "Throughput ours/floor",
        "p99 ours/floor",
        "Server CPU ours/floor",
        "Throughput ours/bare",
        "p99 ours/bare",
        "Throughput 2 processes/1",
        "All 2xx, no errors",
        "Issue 20's goal",
      ],
      ratios,
    ),
    "",
    "Goal (issue 20), for every scenario but the health check: ours at least 0.6 of the floor's throughput, at most 1.5x its p99, server CPU per request within 2x.",
    "",
    cpu.length
      ? "CPU per request in µs (user + kernel, from /proc, during the measured seconds):\n\n" +
        table(
          ["Scenario", "Shepherd", "its PostgreSQL", "floor", "PostgreSQL (floor)", "bare node:http", "load generator"],
          cpu,
        ) +
        "\n"
      : "",
    `Single request, no load, new connection each (median of 20): /api/health ${r.singleRequestMedianMs.health} ms, /api/me ${r.singleRequestMedianMs.me} ms. ` +
      `Server ready (health 200) ${(r.serverReadyMs / 1000).toFixed(1)} s after spawn. /api/me body ${r.meBodyBytes} bytes; feed page ${r.feedBodyBytes ?? "?"} bytes.`,
    "",
    busyNote(r),
  ].join("\n");
}

function renderStartup(r) {
  if (r.error) return failure(r);
  const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
  return [
    `Measured ${day(r.measuredAt)}. Wall time from spawning the command to the first 200 on \`GET /\`, polled every ${r.settings.pollMs} ms.`,
    "",
    table(
      ["Run", "Time", "× baseline", "Runs"],
      [
        [
          `Cold: forced rebuild + fresh DATA_DIR${r.coldRebuilt ? "" : " (**did not rebuild**)"}`,
          s(r.coldMs),
          r.coldOverBaseline,
          s(r.coldMs),
        ],
        [
          `Warm: built, same DATA_DIR (median of ${r.warmMs.length})`,
          s(r.warmMedianMs),
          r.warmOverBaseline,
          r.warmMs.map(s).join(", "),
        ],
        [
          `Baseline: one-line node:http server (median of ${r.baselineMs.length})`,
          s(r.baselineMedianMs),
          1,
          r.baselineMs.map(s).join(", "),
        ],
      ],
    ),
    "",
    r.warmRebuiltRuns
      ? `**${r.warmRebuiltRuns} warm run(s) rebuilt the app** (sources changed during the run); the warm median is not trustworthy.\n`
      : "",
    `Graceful stop (SIGTERM to exit) took ${r.stopMs.map((ms) => `${ms} ms`).join(", ")}.`,
    "",
    busyNote(r),
  ].join("\n");
}

function renderBundle(r) {
  if (r.error) return failure(r);
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  const rows = [...r.js].sort((a, b) => b.gzip - a.gzip).map((f) => [`\`${f.file}\``, f.raw, f.gzip, f.brotli]);
  rows.push(["**Total JS**", `**${r.jsTotal.raw}**`, `**${r.jsTotal.gzip}**`, `**${r.jsTotal.brotli}**`]);
  const cssRows = r.css.map((f) => [`\`${f.file}\``, f.raw, f.gzip, f.brotli]);
  return [
    `Measured ${day(r.measuredAt)} from \`${r.dist}\`. Entry chunk from \`index.html\` plus its static imports, recursively; ` +
      `${r.lazyChunks} lazy chunks (dynamic \`import()\`) are not counted.`,
    "",
    table(["File", "Raw bytes", "Gzip bytes", "Brotli bytes"], rows),
    "",
    `**Budget: ${kb(r.budgetBytes)} (${r.budgetBytes} bytes) of gzipped JS — ${r.withinBudget ? "within budget" : "OVER BUDGET"}: ${kb(r.jsTotal.gzip)}, ${r.budgetUsed}% used, ` +
      `${r.withinBudget ? `${kb(r.headroomBytes)} left` : `over by ${kb(-r.headroomBytes)}`}.**`,
    "",
    "CSS linked from `index.html` (not part of the JS budget):",
    "",
    table(["File", "Raw bytes", "Gzip bytes", "Brotli bytes"], cssRows),
    r.notPreloaded?.length
      ? `\nStatically imported but not \`modulepreload\`ed by index.html: ${r.notPreloaded.join(", ")}.`
      : "",
    r.unresolved?.length
      ? `\n**Unresolved static imports:** ${r.unresolved.map((u) => `${u.spec} (from ${u.from})`).join(", ")}.`
      : "",
  ].join("\n");
}

function renderDocs({ generatedAt, lastRun, machine: m, results: r }) {
  const sections = [];
  sections.push(`# Benchmarks

<!-- Generated by bench/run.mjs (npm run bench). Edits here are overwritten on the next run. -->

Last run ${day(generatedAt)} (${lastRun.join(", ")}).

## Machine

| | |
| --- | --- |
| CPU | ${m.cpuModel} |
| Cores | ${m.cores} |
| Memory | ${m.totalMemoryGiB} GiB |
| Node | ${m.node} |
| OS | ${m.platform} |

Everything (server, embedded PostgreSQL, load generator) runs on this one machine, on 127.0.0.1.`);
  // A result measured on another machine than the last run's (the table above) says so (bundle sizes are bytes: no need).
  const elsewhere = (x) =>
    x.name !== "bundle" && x.machine && (x.machine.cpuModel !== m.cpuModel || x.machine.cores !== m.cores)
      ? `**Measured on another machine: ${x.machine.cpuModel}, ${x.machine.cores} cores, Node ${x.machine.node}.** Compare it with results from that machine only.\n\n`
      : "";
  const section = (name, render) => {
    if (r[name]) sections.push(`## ${BENCHMARKS[name].title}\n\n${elsewhere(r[name])}${render(r[name])}`);
  };
  section("startup", renderStartup);
  section("http", renderHttp);
  section("bundle", renderBundle);
  section("today", renderToday);
  section("visit", renderVisit);
  section("realtime", renderRealtime);
  section("word", renderWord);
  section("path", renderPath);
  section("custom-plans", renderCustomPlans);
  section("lighthouse", (x) => [renderLighthouse(x), busyNote(x)].filter(Boolean).join("\n\n"));
  section("offline", renderOffline);
  section("insights", (x) => [renderInsights(x), busyNote(x)].filter(Boolean).join("\n\n"));
  section("gatherings", (x) => [renderGatherings(x), busyNote(x)].filter(Boolean).join("\n\n"));
  section("reminders", (x) => [renderReminders(x), busyNote(x)].filter(Boolean).join("\n\n"));
  section("admin", (x) => [renderAdmin(x), busyNote(x)].filter(Boolean).join("\n\n"));
  section("storage", (x) => [renderStorage(x), busyNote(x)].filter(Boolean).join("\n\n"));
  section("test-suite", renderTestSuite);
  sections.push(`## How to run

\`\`\`sh
npm run bench                      # all of them, in this order (about 6 minutes)
node bench/run.mjs word            # just one: startup | http | bundle | today | visit | realtime | word | path | custom-plans | lighthouse | insights | gatherings | offline | reminders | admin | storage
node bench/run.mjs test-suite      # only when named: .ci/run on fresh clones before issue 38 and of HEAD (30 minutes)
node bench/bundle.mjs --check      # the JS budget check: exit 1 when over 150 KB gzipped (or not built)
node bench/profile.mjs today       # where a request's CPU goes: the built server under load (health | me | today |
                                   #   today-screen | feed | path | plan | insights | insights-year | /api/any/path),
                                   #   CPU per request of server, PostgreSQL and load generator, and a CPU profile summary
node bench/sql-cost.mjs x.json     # PostgreSQL's CPU per run of named prepared statements (generic plan or re-planned?)
LIGHTHOUSE_DISTS=/tmp/a,/tmp/b node bench/lighthouse-ab.mjs
                                   # two web builds (vite build --outDir) side by side, their Lighthouse loads interleaved;
                                   #   LIGHTHOUSE_PAGES, LIGHTHOUSE_RUNS, LIGHTHOUSE_SAVE=dir (reports and traces),
                                   #   LIGHTHOUSE_PROFILE=1 (V8's sampler in the traces: which function each task ran)
\`\`\`

Each benchmark starts what it needs on 127.0.0.1 with a free port and its own temporary DATA_DIR, stops it
(SIGTERM, then waits for the exit) and removes the DATA_DIR. The raw numbers are in \`bench/results/latest.json\`.
The startup benchmark deletes \`apps/server/dist/.build-stamp\` so that \`npm start\` rebuilds: it rewrites
\`apps/web/dist\` and \`apps/server/dist\`. The HTTP and bundle benchmarks build only when the build is missing.
Close other heavy work first (tests, browsers): on a busy machine all numbers get worse and noisier.

## How to read

- **Requests/s** (higher is better) and **p50 / p99 latency** (lower is better) come from autocannon with 50
  concurrent keep-alive connections. The load generator runs in the benchmark process on the same machine, so
  client, server and PostgreSQL share the cores; absolute numbers depend heavily on the machine.
- **Three rows per scenario.** *bare* is plain \`node:http\` sending the answer's bytes from memory: no work at
  all, a ceiling no database-backed read reaches. *floor* (\`bench/lib/floor-server.mjs\`) is plain \`node:http\`
  and node-postgres doing only what the product must do for that answer: read the session cookie, verify its
  signature, look the session and user up, run the same SQL with named prepared statements (a chapter is read from
  PostgreSQL every time: no cache) and send the same JSON; it runs on Shepherd's own database and the benchmark
  checks that it answers byte for byte what Shepherd answers. *ours* is Shepherd. **Ours/floor** says how much of
  our cost is more than necessary (issue 20's goal: throughput at least 0.6, p99 at most 1.5x, server CPU within
  2x); ours/bare says what a read costs at all.
- **Ours/bare ratios** are the numbers to compare across machines and over time. The bare server is plain
  \`node:http\` answering the same JSON from memory. Throughput ours/bare = 1 would mean no overhead; 0.25 means
  Shepherd serves a quarter as many requests. For \`/api/health\` the gap is the framework and middleware cost
  (request ids, security headers, body limits, user resolution). For \`/api/me\` it is the whole stack: cookie
  check, session lookup and profile read in PostgreSQL, against a bare server that does none of that, so a
  small ratio is expected; watch its trend rather than its value. **Non-2xx and errors must be 0**, otherwise
  the row measured error responses, not the endpoint.
- **CPU per request** is the steadiest number on a shared machine: what each request cost the server process, its
  PostgreSQL (all backends) and the load generator, whatever else ran. With 50 connections the latency is about
  50 / requests per second, so it follows from the CPU per request and the cores left over. autocannon itself costs
  10-50 µs of CPU per request (more for big bodies, which it compares with the expected one). Beside the bare server,
  which needs about 10 µs, the load generator is the bottleneck (a core busy), so the bare rows show autocannon's
  limit and understate \`node:http\`; beside Shepherd it takes 10-20% of a core that the server and PostgreSQL would
  otherwise have. It runs in its own process either way (the benchmark's), never in the server's.
- **Startup**: cold includes \`npm run build\` (Vite and esbuild), creating the PostgreSQL cluster (initdb),
  migrations and the auth secret; warm is what a restart costs (npm, the source check in \`scripts/start.mjs\`,
  loading the server's modules, starting PostgreSQL). The baseline is Node's own start-up plus the 50 ms polling
  granularity (so ±50 ms on every number); "× baseline" makes results comparable between machines.
- **Bundle**: what a first visit to \`/auth\` downloads before it can render, compressed with gzip level 9 (the
  server sends the precompressed \`.br\` to browsers that accept brotli, so real transfers are the brotli column).
  The budget applies to gzipped JS only; CSS is listed separately.
- The line under each section says how much CPU **other processes** (not the benchmark, its servers and
  PostgreSQL) used during the run. More than ${BUSY_OTHER_CPU_PERCENT}% of one core is flagged: the numbers were
  measured on a busy machine and are pessimistic.`);
  return sections.join("\n\n") + "\n";
}
