// The reads of a visit: every GET the app makes when a member opens it on Today (and the other tabs' first reads), each
// at 50 connections for a member whose devotional is written and who follows five plans, in one run, beside his
// GET /api/me: which read of a visit costs most, so none is left behind (one of them, the bell's, was 15 times slower
// than the rest until its statement was prepared).
//   node bench/visit.mjs            (or: node bench/run.mjs visit)
import { ensureBuilt, installSignalHandlers, isMain, log, request, round } from "./lib/common.mjs";
import { seedFeed, startBuiltServer } from "./lib/server.mjs";
import { followPlans } from "./path.mjs";
import { load, summarize } from "./http.mjs";
import { memberReadyForToday } from "./lighthouse.mjs";

const SETTINGS = { connections: 50, warmupSeconds: 1, durationSeconds: 5 };

/** What Today asks for on a cold load (bench/lighthouse's waterfall), then the other tabs' first reads. */
function reads(today) {
  return [
    { label: "GET /api/me (reference)", path: "/api/me" },
    { label: "GET /api/auth/get-session (Better Auth)", path: "/api/auth/get-session" },
    { label: "GET /api/today", path: "/api/today" },
    { label: "GET /api/notifications", path: "/api/notifications" },
    { label: "GET /api/subscription", path: "/api/subscription" },
    { label: "GET /api/usage", path: "/api/usage" },
    { label: "GET /api/streak/days (this month)", path: `/api/streak/days?from=${today.slice(0, 8)}01&to=${today}` },
    { label: "GET /api/path", path: "/api/path" },
    { label: "GET /api/flocks", path: "/api/flocks" },
    { label: "GET /api/pasture/posts", path: "/api/pasture/posts" },
    { label: "GET /api/journal", path: "/api/journal" },
    { label: "GET /api/whispers", path: "/api/whispers" },
    { label: "GET /api/insights/data", path: "/api/insights/data" },
    { label: "GET a chapter of The Word", path: "/api/word/chapters/web/John/3" },
  ];
}

export async function runVisit() {
  installSignalHandlers();
  const built = await ensureBuilt();
  const ours = await startBuiltServer({ name: "visit" });
  try {
    const cookie = await memberReadyForToday(ours.port);
    await followPlans(ours.port, cookie);
    await seedFeed(ours.port, cookie);
    const headers = { cookie };
    const today = JSON.parse((await request(ours.port, "/api/today", { headers })).body).date;
    const rows = [];
    for (const read of reads(today)) {
      const first = await request(ours.port, read.path, { headers, timeoutMs: 15_000 });
      if (first.status !== 200) throw new Error(`${read.path}: HTTP ${first.status} ${first.body.slice(0, 200)}`);
      const url = `http://127.0.0.1:${ours.port}${read.path}`;
      log(`visit: ${read.label}`);
      await load(url, { connections: SETTINGS.connections, durationSeconds: SETTINGS.warmupSeconds, headers });
      rows.push({
        ...read,
        bytes: first.bytes.length,
        ...summarize(await load(url, { connections: SETTINGS.connections, durationSeconds: SETTINGS.durationSeconds, headers })),
      });
    }
    const me = rows[0].requestsPerSecond;
    for (const row of rows) row.throughputVsMe = round(row.requestsPerSecond / me, 2);
    return {
      name: "visit",
      measuredAt: new Date().toISOString(),
      settings: { ...SETTINGS, tool: "autocannon (in the benchmark process)" },
      builtFirst: built,
      rows,
      ok: rows.every((r) => r.non2xx + r.errors + (r.timeouts ?? 0) === 0),
    };
  } finally {
    await ours.stop();
  }
}

export function formatVisit(r) {
  return r.rows
    .map(
      (x) =>
        `${x.label.padEnd(42)} ${String(x.requestsPerSecond).padStart(6)} req/s p50 ${String(x.p50Ms).padStart(3)} ms p99 ${String(x.p99Ms).padStart(4)} ms  x/me ${x.throughputVsMe}`,
    )
    .join("\n");
}

export function renderVisit(r) {
  const table = [
    "| Read | Requests/s | p50 ms | p99 ms | Throughput / GET /api/me | Bytes | Non-2xx | Errors |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ...r.rows.map(
      (x) =>
        `| ${x.label} | ${x.requestsPerSecond} | ${x.p50Ms} | ${x.p99Ms} | ${x.throughputVsMe} | ${x.bytes} | ${x.non2xx} | ${x.errors + (x.timeouts ?? 0)} |`,
    ),
  ];
  return [
    `Measured ${r.measuredAt}. The built server (embedded PostgreSQL, temporary DATA_DIR), one member who finished onboarding, whose devotional is written and who follows five plans (with 25 posts in The Pasture for the feed). Each read: ${r.settings.connections} connections, ${r.settings.warmupSeconds} s warm-up then ${r.settings.durationSeconds} s, one after another in one run; the ratio is each read's throughput over his \`GET /api/me\` in the same run. Every read a visit makes should stay within a small factor of \`/api/me\`: before this table existed, the bell (\`/api/notifications\`, eleven tables joined and planned afresh on every read) answered 143 a second, \`/api/today\` (eleven queries) 196.`,
    "",
    table.join("\n"),
    "",
    "`/api/auth/get-session` is Better Auth's own handler, which builds its whole router on every request (better-auth#10188, still so in 1.7.25): the app asks for it once when it opens.",
  ].join("\n");
}

if (isMain(import.meta.url)) {
  const result = await runVisit();
  console.log(formatVisit(result));
  process.exit(result.ok ? 0 : 1);
}
