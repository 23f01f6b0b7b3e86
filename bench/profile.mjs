// Profiles the built server under load: where does the CPU go for one HTTP scenario?
//   node bench/profile.mjs <health|me|today|today-screen|feed|path|plan|insights|insights-year|/api/any/path> [--seconds 10] [--connections 50] [--no-prof] [--top 30]
//                          [--bare] [--env NAME=value ...]
// Starts `node apps/server/dist/main.js` (LOG_LEVEL=warn, temporary DATA_DIR, embedded PostgreSQL) with
// bench/lib/prof-hook.mjs preloaded, signs up a user (and writes 25 posts for `feed`, follows 5 plans for `path` and
// `plan`, gives him three years of days for `insights`), warms up for 2 s, then
// profiles only the measured load (autocannon in this process). Prints autocannon's numbers, the CPU each process
// used meanwhile (server, PostgreSQL, this load generator), and the profile summarised by self/inclusive time.
// --bare loads the bare node:http server (bench/lib/bare-server.mjs) with the same body instead, for comparison.
import autocannon from "autocannon";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  ROOT,
  ensureBuilt,
  freePort,
  installSignalHandlers,
  postmasterPid,
  procCpuSeconds,
  request,
  sleep,
  treeCpuSeconds,
} from "./lib/common.mjs";
import { seedFeed, signUp, startBareServer, startBuiltServer } from "./lib/server.mjs";
import { followPlans } from "./path.mjs";
import { seedHistoryOf } from "./insights.mjs";
import { formatSummary, summarize } from "./lib/cpuprofile.mjs";

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const scenario = args.find((a) => !a.startsWith("--") && !args[args.indexOf(a) - 1]?.startsWith("--")) ?? "health";
const seconds = Number(opt("--seconds", 10));
const connections = Number(opt("--connections", 50));
const bareRun = args.includes("--bare");
const profiling = !args.includes("--no-prof") && !bareRun;
const extraEnv = Object.fromEntries(
  args.flatMap((a, i) => (args[i - 1] === "--env" ? [a.split("=")] : [])).map(([k, ...v]) => [k, v.join("=")]),
);
const PATHS = {
  health: "/api/health",
  me: "/api/me",
  today: "/api/devotionals/today",
  // Everything the Today screen shows (the devotional, his progress, streak, check-in, journal and whisper).
  "today-screen": "/api/today",
  feed: "/api/pasture/posts",
  path: "/api/path",
  plan: "/api/path/plans/:id",
  // The charts' data for a member with three years of every day (bench/insights.mjs's history).
  insights: "/api/insights/data?range=4w",
  "insights-year": "/api/insights/data?range=1y",
};
// Any other read: a path starting with "/" (GET, with the member's cookie).
if (scenario.startsWith("/")) PATHS[scenario] = scenario;
if (!PATHS[scenario]) {
  console.error(`unknown scenario ${scenario}: one of ${Object.keys(PATHS).join(", ")}`);
  process.exit(2);
}

installSignalHandlers();
await ensureBuilt();
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "shepherd-profile-"));
const profFile = path.join(outDir, `${scenario.replace(/\W+/g, "_")}.cpuprofile`);
let server;
let bare;
try {
  const insights = scenario.startsWith("insights");
  const pgPort = insights ? String(await freePort()) : undefined;
  server = await startBuiltServer({
    name: "profile",
    nodeArgs: profiling ? ["--import", path.join(ROOT, "bench/lib/prof-hook.mjs")] : [],
    env: { PROF_OUT: profFile, ...(pgPort ? { EMBEDDED_PG_PORT: pgPort } : {}), ...extraEnv },
  });
  const { port } = server;
  const cookie = await signUp(port);
  if (scenario === "feed") await seedFeed(port, cookie);
  if (insights) await seedHistoryOf(server.dataDir, pgPort);
  if (scenario === "path" || scenario === "plan") PATHS.plan = `/api/path/plans/${(await followPlans(port, cookie))[0]}`;
  const headers = scenario === "health" ? {} : { cookie };
  let target = server;
  let targetPort = port;
  if (bareRun) {
    const body = (await request(port, PATHS[scenario], { headers })).body;
    bare = await startBareServer({ BENCH_ME_BODY: body, BENCH_TODAY_BODY: body, BENCH_FEED_BODY: body });
    targetPort = bare.port;
    target = bare;
  }
  const url = `http://127.0.0.1:${targetPort}${PATHS[scenario]}`;
  await autocannon({ url, connections, duration: 2, headers });

  const postmaster = bareRun ? undefined : postmasterPid(server.pid);
  const pids = () => ({
    [bareRun ? "bare server" : "server"]: () => procCpuSeconds([target.pid]),
    postgres: () => treeCpuSeconds(postmaster),
    "load generator": () => procCpuSeconds([process.pid]),
  });
  const cpu0 = Object.fromEntries(Object.entries(pids()).map(([k, read]) => [k, read()]));
  if (profiling) {
    process.kill(server.pid, "SIGUSR2");
    for (let i = 0; i < 100 && !fs.existsSync(`${profFile}.started`); i++) await sleep(20);
  }
  const t0 = performance.now();
  const r = await autocannon({ url, connections, duration: seconds, headers });
  const wall = (performance.now() - t0) / 1000;
  // Per process: percent of one core, and microseconds per request (user + kernel).
  const cpu = Object.fromEntries(
    Object.entries(pids()).map(([k, read]) => {
      const now = read();
      const user = now.user - cpu0[k].user;
      const system = now.system - cpu0[k].system;
      const perRequest = (seconds) => Math.round((seconds * 1e6) / r.requests.total);
      return [k, { percent: Math.round(((user + system) / wall) * 100), user: perRequest(user), system: perRequest(system) }];
    }),
  );
  if (profiling) {
    process.kill(server.pid, "SIGUSR2");
    for (let i = 0; i < 250 && !fs.existsSync(profFile); i++) await sleep(20);
  }
  console.log(
    `${scenario}: ${Math.round(r.requests.average)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  ` +
      `non-2xx ${r.non2xx}  errors ${r.errors}  (${connections} connections, ${seconds} s${profiling ? ", profiled" : ""})`,
  );
  console.log(
    `CPU meanwhile: ${Object.entries(cpu)
      .map(([k, c]) => `${k} ${c.percent}% of a core (per request ${c.user} us user + ${c.system} us kernel)`)
      .join(", ")}`,
  );
  if (profiling && fs.existsSync(profFile)) {
    const s = summarize(JSON.parse(fs.readFileSync(profFile, "utf8")));
    console.log(`\nprofile: ${profFile}\n`);
    console.log(formatSummary(s, { top: Number(opt("--top", 30)) }));
  }
} finally {
  await bare?.stop();
  await server?.stop();
  if (!profiling) fs.rmSync(outDir, { recursive: true, force: true });
}
