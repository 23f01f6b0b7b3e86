// The insights benchmark: a member with three years of daily check-ins, completed devotionals and journal entries reads
// the charts' data (GET /api/insights/data, 4 weeks and a year) at 50 connections, each beside a bare node:http server
// sending the same bytes in the same run; how many SQL round trips one read costs (counted from PostgreSQL's own
// transaction counter); and the JavaScript a first visit to /insights downloads beyond the app shell.
//   node bench/insights.mjs            (or: node bench/run.mjs insights)
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import pg from "pg";
import { measureBundle, staticImports } from "./bundle.mjs";
import { ROOT, ensureBuilt, freePort, installSignalHandlers, isMain, request, round, sleep } from "./lib/common.mjs";
import { signUp, startBuiltServer } from "./lib/server.mjs";
import { formatRows, renderRows, renderUncached, sideBySide, uncachedRows } from "./lib/side-by-side.mjs";
import { HTTP_DEFAULTS } from "./http.mjs";

/** Issue 15's target on these 2 cores. */
const P99_TARGET_MS = 25;
const YEARS = 3;
const DAYS = 365 * YEARS + 1;
/** Sequential reads over which the round trips per read are counted. */
const COUNTED_READS = 200;
/** A PostgreSQL backend reports its counts when idle, at most once a second, else within 10 s (pgstat.c). */
const STATS_FLUSH_MS = 11_000;

/** Three years of every day: a devotional completed with the slider moved, a check-in with notes, a journal entry. */
async function seedHistory(client, userId) {
  await client.query("update profiles set time_zone = 'America/Chicago' where id = $1", [userId]);
  const today = "(now() at time zone 'America/Chicago')::date";
  await client.query(
    `insert into devotionals (user_id, devotional_date, title, passage, passage_text, content, reflection, theme, prayer, source)
     select $1, ${today} - n, 'A devotional', 'John 3:16', 'For God so loved the world', 'body', 'question?', 'prayer',
       'amen', 'library'
     from generate_series(0, $2::int - 1) n on conflict do nothing`,
    [userId, DAYS],
  );
  await client.query(
    `insert into devotional_progress (user_id, devotional_id, progress_date, completed, completed_at, spiritual_connection,
       connection_updated_at)
     select user_id, id, devotional_date, true, now(), 30 + (extract(doy from devotional_date)::int * 7) % 70, now()
     from devotionals where user_id = $1 on conflict do nothing`,
    [userId],
  );
  await client.query(
    `insert into daily_checkins (user_id, check_in_date, mood, focus_areas, spiritual_connection, notes)
     select $1, ${today} - n, (array['struggling', 'neutral', 'good', 'great'])[1 + n % 4],
       case n % 3 when 0 then array['prayer', 'marriage'] when 1 then array['work', 'fatherhood'] else array['bible_study'] end,
       40 + n % 50, 'A short note about the day.'
     from generate_series(0, $2::int - 1) n on conflict do nothing`,
    [userId, DAYS],
  );
  await client.query(
    `insert into journal_entries (user_id, entry_date, content, created_at)
     select $1, ${today} - n, 'Today I prayed with my wife and thought about work and the kids.',
       (${today} - n)::timestamptz + interval '18 hours'
     from generate_series(0, $2::int - 1) n`,
    [userId, DAYS],
  );
}

/** The newest member of the built server's embedded PostgreSQL (on `pgPort`) gets three years of days (bench/profile.mjs). */
export async function seedHistoryOf(dataDir, pgPort) {
  const client = await superuser(dataDir, pgPort);
  try {
    const userId = (await client.query("select id from users order by created_at desc limit 1")).rows[0].id;
    await seedHistory(client, userId);
    await client.query("analyze");
  } finally {
    await client.end();
  }
}

/** A connection to the built server's embedded PostgreSQL as its superuser. */
async function superuser(dataDir, pgPort) {
  const password = fs.readFileSync(path.join(dataDir, "postgres-password"), "utf8").trim();
  const client = new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/postgres`,
  });
  client.on("error", () => undefined);
  await client.connect();
  return client;
}

/** PostgreSQL's committed transactions so far: each statement our server sends outside a transaction is one. */
async function commits(client) {
  const { rows } = await client.query("select xact_commit::bigint as n from pg_stat_database where datname = current_database()");
  return Number(rows[0].n);
}

/** The JavaScript and CSS a first visit to /insights downloads beyond what the app shell (/auth) already loaded. */
function insightsChunks() {
  const dist = path.join(ROOT, "apps/web/dist");
  const assets = path.join(dist, "assets");
  const shell = new Set(measureBundle({ dist }).js.map((f) => f.file));
  const page = fs.readdirSync(assets).find((f) => /^insights-page-.*\.js$/.test(f));
  if (!page) throw new Error("no insights-page chunk in apps/web/dist/assets: build the web app first");
  const seen = new Set();
  const queue = [`assets/${page}`];
  while (queue.length) {
    const file = queue.shift();
    if (seen.has(file) || shell.has(file)) continue;
    seen.add(file);
    for (const spec of staticImports(fs.readFileSync(path.join(dist, file), "utf8"))) {
      if (spec.startsWith("./")) queue.push(`assets/${spec.slice(2)}`);
    }
  }
  const css = fs.readdirSync(assets).filter((f) => /^insights-page-.*\.css$/.test(f));
  const sizes = (file) => {
    const body = fs.readFileSync(path.join(dist, file));
    return {
      file,
      raw: body.length,
      gzip: zlib.gzipSync(body, { level: 9 }).length,
      brotli: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
  };
  const js = [...seen].map(sizes);
  const sum = (list, key) => list.reduce((n, f) => n + f[key], 0);
  return {
    js,
    css: css.map((f) => sizes(`assets/${f}`)),
    total: { raw: sum(js, "raw"), gzip: sum(js, "gzip"), brotli: sum(js, "brotli") },
  };
}

export async function runInsights() {
  installSignalHandlers();
  const built = await ensureBuilt();
  const pgPort = await freePort();
  let ours;
  let client;
  try {
    ours = await startBuiltServer({ name: "insights", env: { EMBEDDED_PG_PORT: String(pgPort) } });
    const cookie = await signUp(ours.port, { label: "insights" });
    await seedHistoryOf(ours.dataDir, pgPort);
    client = await superuser(ours.dataDir, pgPort);

    // Round trips per read: PostgreSQL's transaction counter over sequential reads, each reading taken once every
    // backend has reported, less what the server commits on its own over as long a time with no reads (the job queue's
    // polling) and the counter's own read.
    const headers = { cookie };
    const first = await request(ours.port, "/api/insights/data?range=1y", { headers, timeoutMs: 15_000 });
    if (first.status !== 200) throw new Error(`GET /api/insights/data: HTTP ${first.status} ${first.body.slice(0, 200)}`);
    const year = JSON.parse(first.body);
    const roundTripsOn = async (port) => {
      await request(port, "/api/insights/data", { headers });
      await sleep(STATS_FLUSH_MS);
      const idleStart = await commits(client);
      const idleT0 = performance.now();
      await sleep(STATS_FLUSH_MS + 3000);
      const idlePerMs = ((await commits(client)) - idleStart - 1) / (performance.now() - idleT0);
      const before = await commits(client);
      const t0 = performance.now();
      for (let i = 0; i < COUNTED_READS; i++) await request(port, "/api/insights/data", { headers });
      await sleep(STATS_FLUSH_MS);
      const background = idlePerMs * (performance.now() - t0);
      return round(((await commits(client)) - before - 1 - background) / COUNTED_READS, 2);
    };
    const roundTripsPerRead = await roundTripsOn(ours.port);

    const scenarios = [
      { key: "month", label: "GET /api/insights/data (4 weeks)", path: "/api/insights/data?range=4w", headers },
      { key: "year", label: "GET /api/insights/data (a year)", path: "/api/insights/data?range=1y", headers },
      // The same member's session and profile alone: what any signed-in read costs here, for scale.
      { key: "me", label: "GET /api/me (reference)", path: "/api/me", headers },
    ];
    const rows = await sideBySide({ name: "insights", ours, scenarios });
    const uncached = await uncachedRows({
      name: "insights",
      ours,
      scenarios: scenarios.filter((s) => s.key !== "me"),
      first: roundTripsOn,
    });
    return {
      name: "insights",
      measuredAt: new Date().toISOString(),
      settings: { ...HTTP_DEFAULTS, tool: "autocannon (in the benchmark process)", years: YEARS, days: DAYS },
      builtFirst: built,
      serverReadyMs: ours.readyMs,
      history: { yearDays: year.days.length, streak: year.streak },
      roundTripsPerRead,
      roundTripsPerMiss: uncached.first,
      scenarios: rows,
      uncached,
      chunks: insightsChunks(),
      p99TargetMs: P99_TARGET_MS,
      targetMet: rows.filter((r) => r.key !== "me").every((r) => r.ours.p99Ms < P99_TARGET_MS),
      ok: [...rows, ...uncached].every((r) => r.ok),
    };
  } finally {
    await client?.end().catch(() => undefined);
    await ours?.stop();
  }
}

export function formatInsights(r) {
  const c = r.chunks.total;
  return [
    ...formatRows(r.scenarios),
    ...r.uncached.map((u) => `${u.label.padEnd(42)} every read a miss ${u.ours.requestsPerSecond} req/s p99 ${u.ours.p99Ms} ms`),
    `SQL round trips per read (the session's included): ${r.roundTripsPerRead} with his days kept, ${r.roundTripsPerMiss} on a miss`,
    `/insights JavaScript beyond the app shell: ${r.chunks.js.length} chunks, ${c.raw} B raw, ${c.gzip} B gzip, ${c.brotli} B brotli`,
    `p99 under ${r.p99TargetMs} ms: ${r.targetMet ? "met" : "NOT met"}`,
  ].join("\n");
}

export function renderInsights(r) {
  if (r.error) return `**This benchmark failed on its last run (${r.measuredAt}):** \`${r.error.split("\n")[0]}\``;
  const files = [
    "| File | Raw bytes | Gzip bytes | Brotli bytes |",
    "| --- | --- | --- | --- |",
    ...[...r.chunks.js, ...r.chunks.css].map((f) => `| \`${f.file}\` | ${f.raw} | ${f.gzip} | ${f.brotli} |`),
    `| **JavaScript in all** | **${r.chunks.total.raw}** | **${r.chunks.total.gzip}** | **${r.chunks.total.brotli}** |`,
  ];
  return `Measured ${r.measuredAt}. One member with ${r.settings.years} years of every day (${r.settings.days} days: a completed devotional with the slider moved, a check-in with a note, a journal entry); ${r.settings.connections} connections, ${r.settings.warmupSeconds} s warm-up then ${r.settings.durationSeconds} s per row; the built server (fresh DATA_DIR, ready ${round(r.serverReadyMs / 1000, 1)} s after spawn) and a bare \`node:http\` server sending the same bytes, side by side. A read needs his session (kept in memory by each process) and his days: one named statement that answers his time zone, his two latest runs of kept days (one index probe into \`streak_runs\`, which triggers keep) and each day of the range with something in it as JSON text PostgreSQL writes (his check-in, devotional and journal entries per day, one index range scan each, joined by date), which the server passes on without parsing. The server keeps what that statement answered while his days are unchanged (\`MEMBER_CACHE_SECONDS\`, default 60; PostgreSQL's triggers end it when they change, his own writes before they answer), and writes the range's answer from them on each read: **${r.roundTripsPerRead} SQL round trips per read** while his days are kept, **${r.roundTripsPerMiss}** on a miss, counted from PostgreSQL's transaction counter over ${COUNTED_READS} reads in a row. The year's answer has ${r.history.yearDays} days; his streak reads ${r.history.streak}. The last row is the same member's \`GET /api/me\` (his session and profile), what any signed-in read costs on this machine, for scale.

${renderRows(r.scenarios)}

A read right after his days changed reads them from PostgreSQL first. That cost, measured in the same run on a second server process over the same database with \`MEMBER_CACHE_SECONDS=0\` (every read a miss):

${renderUncached(r.scenarios, r.uncached)}

Target: p99 under ${r.p99TargetMs} ms for both on these 2 cores, with the default settings (his days kept): **${r.targetMet ? "met" : "not met"}**.

Before \`streak_runs\` and the days passed on as PostgreSQL's text (2026-11-27, 10:00 UTC: the statement then counted up to a year of his kept dates before the range, and the server joined the days into objects and wrote them out again): 4 weeks 734 requests/s with p99 115 ms, a year 250/s with p99 636 ms, beside 2210/s and 31 ms for \`GET /api/me\` in that run.

The JavaScript (and CSS) a first visit to \`/insights\` downloads beyond the app shell, the chart library (uPlot) included; loaded once and cached for a year:

${files.join("\n")}`;
}

if (isMain(import.meta.url)) {
  const result = await runInsights();
  console.log(formatInsights(result));
  process.exit(result.ok ? 0 : 1);
}
