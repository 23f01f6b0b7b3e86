// The Path's benchmark: a member following five plans reads My plans (GET /api/path, the one statement that decides
// each plan's day) and a plan's page (GET /api/path/plans/{id}) at 50 connections, each beside a bare node:http server
// sending the same bytes in the same run.
//   node bench/path.mjs            (or: node bench/run.mjs path)
import { ensureBuilt, installSignalHandlers, isMain, request, round } from "./lib/common.mjs";
import { signUp, startBuiltServer } from "./lib/server.mjs";
import { formatRows, renderRows, renderUncached, sideBySide, uncachedRows } from "./lib/side-by-side.mjs";
import { HTTP_DEFAULTS } from "./http.mjs";

const ACTIVE_PLANS = 5;
/** Issue 12's target on these 2 cores. */
const P99_TARGET_MS = 25;

/** Follows the first five plans of the library and completes day 1 of the first; answers their ids. */
export async function followPlans(port, cookie) {
  const headers = { cookie, "content-type": "application/json", origin: `http://localhost:${port}` };
  const library = await request(port, "/api/path/plans", { headers: { cookie } });
  if (library.status !== 200) throw new Error(`GET /api/path/plans: HTTP ${library.status} ${library.body}`);
  const plans = JSON.parse(library.body).slice(0, ACTIVE_PLANS);
  for (const plan of plans) {
    const res = await request(port, `/api/path/plans/${plan.id}/follow`, { method: "POST", headers, body: "{}" });
    if (res.status !== 201) throw new Error(`follow ${plan.id}: HTTP ${res.status} ${res.body}`);
  }
  const done = await request(port, `/api/path/plans/${plans[0].id}/days/1/complete`, { method: "POST", headers, body: "{}" });
  if (done.status !== 200) throw new Error(`complete day 1: HTTP ${done.status} ${done.body}`);
  return plans.map((p) => p.id);
}

export async function runPath() {
  installSignalHandlers();
  const built = await ensureBuilt();
  let ours;
  try {
    ours = await startBuiltServer({ name: "path" });
    const cookie = await signUp(ours.port, { label: "path" });
    const [planId] = await followPlans(ours.port, cookie);
    const scenarios = [
      { key: "mine", label: `GET /api/path (${ACTIVE_PLANS} plans followed)`, path: "/api/path", headers: { cookie } },
      { key: "plan", label: "GET /api/path/plans/{id} (a plan's page)", path: `/api/path/plans/${planId}`, headers: { cookie } },
    ];
    const rows = await sideBySide({ name: "path", ours, scenarios });
    const uncached = await uncachedRows({ name: "path", ours, scenarios });
    return {
      name: "path",
      measuredAt: new Date().toISOString(),
      settings: { ...HTTP_DEFAULTS, tool: "autocannon (in the benchmark process)", activePlans: ACTIVE_PLANS },
      builtFirst: built,
      serverReadyMs: ours.readyMs,
      scenarios: rows,
      uncached,
      p99TargetMs: P99_TARGET_MS,
      targetMet: rows.every((r) => r.ours.p99Ms < P99_TARGET_MS),
      ok: [...rows, ...uncached].every((r) => r.ok),
    };
  } finally {
    await ours?.stop();
  }
}

export function formatPath(r) {
  return [
    ...formatRows(r.scenarios),
    ...r.uncached.map((u) => `${u.label.padEnd(42)} every read a miss ${u.ours.requestsPerSecond} req/s p99 ${u.ours.p99Ms} ms`),
    `p99 under ${r.p99TargetMs} ms: ${r.targetMet ? "met" : "NOT met"}`,
  ].join("\n");
}

export function renderPath(r) {
  if (r.error) return `**This benchmark failed on its last run (${r.measuredAt}):** \`${r.error.split("\n")[0]}\``;
  return `Measured ${r.measuredAt}. One member following ${r.settings.activePlans} plans (day 1 of one done); ${r.settings.connections} connections, ${r.settings.warmupSeconds} s warm-up then ${r.settings.durationSeconds} s per row; the built server (fresh DATA_DIR, ready ${round(r.serverReadyMs / 1000, 1)} s after spawn) and a bare \`node:http\` server sending the same bytes, side by side. Both reads need his rows (each plan he follows, the days he completed, his time zone: one prepared statement) and the plans' outlines (in memory). The server keeps his rows in memory while they are unchanged (\`MEMBER_CACHE_SECONDS\`, default 60; PostgreSQL's triggers end them when they change, his own writes before they answer), so the first table is what his reads cost while his rows are unchanged, as most reads of a visit are: no SQL at all (the session is kept too).

${renderRows(r.scenarios)}

A read right after his rows changed reads them from PostgreSQL first. That cost, measured in the same run on a second server process over the same database with \`MEMBER_CACHE_SECONDS=0\` (every read a miss):

${renderUncached(r.scenarios, r.uncached)}

Target: p99 under ${r.p99TargetMs} ms for both on these 2 cores, with the default settings (his rows kept): **${r.targetMet ? "met" : "not met"}**.`;
}

if (isMain(import.meta.url)) {
  const result = await runPath();
  console.log(formatPath(result));
  process.exit(result.ok ? 0 : 1);
}
