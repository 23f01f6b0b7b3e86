// Startup benchmark: wall time from spawning `npm start` to the first 200 on GET /.
//   node bench/startup.mjs         (or: node bench/run.mjs startup)
// cold = fresh DATA_DIR (initdb + migrations) and a forced rebuild (the build stamp is deleted first);
// warm = the same DATA_DIR again, build already done (3 runs, median);
// baseline = a one-line node:http server to its first 200, so results can be compared across machines.
import fs from "node:fs";
import {
  BUILD_STAMP,
  freePort,
  installSignalHandlers,
  isMain,
  log,
  makeDataDir,
  median,
  removeDataDir,
  round,
  serverEnv,
  startChild,
  stopChild,
  waitFor200,
} from "./lib/common.mjs";

export const STARTUP_DEFAULTS = { warmRuns: 3, baselineRuns: 3, pollMs: 50, coldTimeoutMs: 300_000, warmTimeoutMs: 90_000 };

const BUILD_MARKER = "Building Shepherd";

/** Spawns `npm start`, polls GET / every pollMs until 200, stops the server (SIGTERM) and waits for it to exit. */
async function timeNpmStart({ dataDir, pollMs, timeoutMs, label }) {
  const port = await freePort();
  const handle = startChild("npm", ["start"], {
    env: serverEnv({ PORT: String(port), DATA_DIR: dataDir }),
    group: true,
    dataDir,
    label: `npm start (${label})`,
  });
  let readyAt;
  try {
    readyAt = await waitFor200(port, "/", {
      child: handle.child,
      timeoutMs,
      intervalMs: pollMs,
      describe: `npm start (${label})`,
    });
  } catch (error) {
    await stopChild(handle, { serverMatch: "scripts/start.mjs" });
    throw new Error(`${error.message}\n--- output ---\n${handle.output.tail()}`);
  }
  const ms = readyAt - handle.spawnedAt;
  const stopMs = await stopChild(handle, { serverMatch: "scripts/start.mjs" });
  const rebuilt = handle.output.all().includes(BUILD_MARKER);
  log(
    `startup: ${label}: ${Math.round(ms)} ms to first 200 on /${rebuilt ? " (rebuilt)" : ""}; stopped in ${Math.round(stopMs)} ms`,
  );
  return { ms: round(ms, 0), rebuilt, stopMs: round(stopMs, 0) };
}

async function timeBaseline({ pollMs }) {
  const port = await freePort();
  // The one-liner from the brief, bound to loopback.
  const handle = startChild(
    process.execPath,
    ["-e", `require('http').createServer((q,s)=>s.end('ok')).listen(${port},'127.0.0.1')`],
    {
      env: { PATH: process.env.PATH },
      label: "baseline node:http",
    },
  );
  try {
    const readyAt = await waitFor200(port, "/", {
      child: handle.child,
      timeoutMs: 10_000,
      intervalMs: pollMs,
      describe: "baseline",
    });
    return round(readyAt - handle.spawnedAt, 0);
  } finally {
    await stopChild(handle, { timeoutMs: 5000 });
  }
}

export async function runStartup(options = {}) {
  const { warmRuns, baselineRuns, pollMs, coldTimeoutMs, warmTimeoutMs } = { ...STARTUP_DEFAULTS, ...options };
  installSignalHandlers();
  const dataDir = makeDataDir("startup");
  try {
    // Cold: no build stamp, so scripts/start.mjs runs `npm run build`; fresh DATA_DIR, so initdb + migrations.
    fs.rmSync(BUILD_STAMP, { force: true });
    log(`startup: cold npm start (forced rebuild, fresh DATA_DIR ${dataDir})`);
    const cold = await timeNpmStart({ dataDir, pollMs, timeoutMs: coldTimeoutMs, label: "cold" });
    if (!cold.rebuilt) log("startup: warning: the cold run did not rebuild");

    const warm = [];
    for (let i = 0; i < warmRuns; i++)
      warm.push(await timeNpmStart({ dataDir, pollMs, timeoutMs: warmTimeoutMs, label: `warm ${i + 1}` }));
    const warmRebuilt = warm.filter((w) => w.rebuilt).length;
    if (warmRebuilt) log(`startup: warning: ${warmRebuilt} warm run(s) rebuilt (sources changed meanwhile?)`);

    const baseline = [];
    for (let i = 0; i < baselineRuns; i++) baseline.push(await timeBaseline({ pollMs }));

    const warmMedian = median(warm.map((w) => w.ms));
    const baselineMedian = median(baseline);
    return {
      name: "startup",
      measuredAt: new Date().toISOString(),
      settings: { pollMs, warmRuns, baselineRuns, command: "npm start", readyCheck: "first 200 on GET /" },
      coldMs: cold.ms,
      coldRebuilt: cold.rebuilt,
      warmMs: warm.map((w) => w.ms),
      warmMedianMs: warmMedian,
      warmRebuiltRuns: warmRebuilt,
      stopMs: [cold, ...warm].map((r) => r.stopMs),
      baselineMs: baseline,
      baselineMedianMs: baselineMedian,
      coldOverBaseline: round(cold.ms / baselineMedian, 1),
      warmOverBaseline: round(warmMedian / baselineMedian, 1),
      ok: cold.rebuilt && warmRebuilt === 0,
    };
  } finally {
    removeDataDir(dataDir);
  }
}

export function formatStartup(r) {
  const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
  return [
    `${"cold (rebuild + fresh DATA_DIR)".padEnd(34)} ${s(r.coldMs).padStart(9)}   x${r.coldOverBaseline} baseline${r.coldRebuilt ? "" : "  (did NOT rebuild)"}`,
    `${`warm (median of ${r.warmMs.length})`.padEnd(34)} ${s(r.warmMedianMs).padStart(9)}   x${r.warmOverBaseline} baseline   runs: ${r.warmMs.map(s).join(", ")}${r.warmRebuiltRuns ? `  (${r.warmRebuiltRuns} rebuilt!)` : ""}`,
    `${"baseline node:http one-liner".padEnd(34)} ${s(r.baselineMedianMs).padStart(9)}   runs: ${r.baselineMs.map(s).join(", ")}`,
  ].join("\n");
}

if (isMain(import.meta.url)) {
  const result = await runStartup();
  console.log(formatStartup(result));
  process.exit(result.ok ? 0 : 1);
}
