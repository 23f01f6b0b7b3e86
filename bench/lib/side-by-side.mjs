// Scenarios measured on the built server and on the bare node:http baseline sending the very same bytes, in one run:
// the bytes are captured from the built server, the bare server answers them by the x-bench-key header, and each
// scenario is loaded on both with the HTTP benchmark's settings. Used by The Word's and The Path's benchmarks.
import fs from "node:fs";
import path from "node:path";
import { HTTP_DEFAULTS, load, summarize } from "../http.mjs";
import { log, request, round } from "./common.mjs";
import { startBareServer, startSecondServer } from "./server.mjs";

/** A row is good when no request failed in any way, on either server. */
export const failures = (r) => r.non2xx + r.errors + (r.timeouts ?? 0) + (r.mismatches ?? 0);

/**
 * `scenarios`: [{ key, label, path, headers }]. Starts the bare server with the captured bodies, loads both sides and
 * answers the rows (each side's summary, the throughput and p99 ratios, ok) with the bare server stopped again.
 */
export async function sideBySide({ name, ours, scenarios, settings = HTTP_DEFAULTS }) {
  const bodies = {};
  for (const s of scenarios) {
    const res = await request(ours.port, s.path, { headers: s.headers, timeoutMs: 15_000 });
    if (res.status !== 200) throw new Error(`${s.path}: HTTP ${res.status} ${res.body.slice(0, 200)}`);
    bodies[s.key] = { path: s.path, encoding: res.headers["content-encoding"] ?? null, body: res.bytes.toString("base64") };
  }
  const bodiesFile = path.join(ours.dataDir, "bare-bodies.json");
  fs.writeFileSync(bodiesFile, JSON.stringify(bodies));
  const bare = await startBareServer({ BENCH_BODIES_FILE: bodiesFile });
  try {
    const rows = [];
    for (const s of scenarios) {
      const row = { key: s.key, label: s.label, bytes: Buffer.from(bodies[s.key].body, "base64").length };
      for (const [side, port, headers] of [
        ["ours", ours.port, s.headers],
        ["bare", bare.port, { ...s.headers, "x-bench-key": s.key }],
      ]) {
        const url = `http://127.0.0.1:${port}${s.path}`;
        log(`${name}: ${s.label} on ${side === "ours" ? "Shepherd" : "bare node:http"}`);
        await load(url, { connections: settings.connections, durationSeconds: settings.warmupSeconds, headers });
        row[side] = summarize(
          await load(url, { connections: settings.connections, durationSeconds: settings.durationSeconds, headers }),
        );
      }
      row.throughputRatio = round(row.ours.requestsPerSecond / row.bare.requestsPerSecond, 3);
      row.p99Ratio = round(row.ours.p99Ms / Math.max(row.bare.p99Ms, 1), 2);
      row.ok = [row.ours, row.bare].every((r) => failures(r) === 0);
      rows.push(row);
    }
    return rows;
  } finally {
    await bare.stop();
  }
}

/**
 * The same scenarios on a second built server process over the same database with MEMBER_CACHE_SECONDS=0, so that every
 * read is what a member's first read after a change costs (his rows read from PostgreSQL). Answers [{ key, label, ours }],
 * with `first`'s answer as the array's `first`.
 */
export async function uncachedRows({ name, ours, scenarios, settings = HTTP_DEFAULTS, first = async () => undefined }) {
  const uncached = await startSecondServer(ours.dataDir, { name: `${name}-uncached`, env: { MEMBER_CACHE_SECONDS: "0" } });
  try {
    // What the caller measures on that server before the load (`first(port)`), e.g. its round trips per read.
    const rows = [];
    rows.first = await first(uncached.port);
    for (const s of scenarios) {
      const url = `http://127.0.0.1:${uncached.port}${s.path}`;
      log(`${name}: ${s.label} on Shepherd with MEMBER_CACHE_SECONDS=0`);
      await load(url, { connections: settings.connections, durationSeconds: settings.warmupSeconds, headers: s.headers });
      const summary = summarize(
        await load(url, { connections: settings.connections, durationSeconds: settings.durationSeconds, headers: s.headers }),
      );
      rows.push({ key: s.key, label: s.label, ours: summary, ok: failures(summary) === 0 });
    }
    return rows;
  } finally {
    await uncached.stop();
  }
}

/** The uncached rows beside the cached ones of the same run (`rows` from sideBySide), as a Markdown table. */
export function renderUncached(rows, uncached) {
  const lines = [
    "| Scenario | Requests/s, rows kept | p99 ms, rows kept | Requests/s, every read a miss | p99 ms, every read a miss | Throughput miss/kept | All 2xx, no errors |",
    "| --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const u of uncached) {
    const kept = rows.find((r) => r.key === u.key);
    lines.push(
      `| ${u.label} | ${kept.ours.requestsPerSecond} | ${kept.ours.p99Ms} | ${u.ours.requestsPerSecond} | ${u.ours.p99Ms} | ${round(u.ours.requestsPerSecond / kept.ours.requestsPerSecond, 3)} | ${u.ok ? "yes" : "**no**"} |`,
    );
  }
  return lines.join("\n");
}

/** One line per scenario, for the console. */
export function formatRows(rows) {
  return rows.map(
    (s) =>
      `${s.label.padEnd(42)} ours ${String(s.ours.requestsPerSecond).padStart(6)} req/s p99 ${String(s.ours.p99Ms).padStart(4)} ms | bare ${String(s.bare.requestsPerSecond).padStart(6)} req/s p99 ${String(s.bare.p99Ms).padStart(4)} ms | ratio ${s.throughputRatio}${s.ok ? "" : " FAILURES"}`,
  );
}

/** The two Markdown tables: each side's numbers, then the ratios. */
export function renderRows(rows) {
  const perf = [
    "| Scenario | Server | Requests/s | p50 ms | p99 ms | Non-2xx | Errors |",
    "| --- | --- | --- | --- | --- | --- | --- |",
  ];
  const ratios = ["| Scenario | Throughput ours/bare | p99 ours/bare | All 2xx, no errors |", "| --- | --- | --- | --- |"];
  for (const s of rows) {
    for (const side of ["ours", "bare"]) {
      const x = s[side];
      perf.push(
        `| ${side === "ours" ? s.label : ""} | ${side === "ours" ? "Shepherd" : "bare node:http"} | ${x.requestsPerSecond} | ${x.p50Ms} | ${x.p99Ms} | ${x.non2xx} | ${failures(x) - x.non2xx} |`,
      );
    }
    ratios.push(`| ${s.label} | ${s.throughputRatio} | ${s.p99Ratio} | ${s.ok ? "yes" : "**no**"} |`);
  }
  return `${perf.join("\n")}\n\n${ratios.join("\n")}`;
}
