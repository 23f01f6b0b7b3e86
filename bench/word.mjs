// The Word's benchmark: chapter reads and searches at 50 connections on the built server, each beside a bare
// node:http server answering the same bytes in the same run; and the bytes it takes to render a chapter.
//   node bench/word.mjs            (or: node bench/run.mjs word)
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { ROOT, ensureBuilt, installSignalHandlers, isMain, log, request, round } from "./lib/common.mjs";
import { startBareServer, startBuiltServer } from "./lib/server.mjs";
import { HTTP_DEFAULTS, load, summarize } from "./http.mjs";

/** The HTTP benchmark's settings, so the two read alike. */
const SETTINGS = HTTP_DEFAULTS;

const SCENARIOS = [
  { key: "chapter", label: "GET chapter John 3 (WEB), uncompressed", path: "/api/word/chapters/web/John/3", headers: {} },
  {
    key: "chapter-br",
    label: "GET chapter John 3 (WEB), brotli",
    path: "/api/word/chapters/web/John/3",
    headers: { "accept-encoding": "br" },
  },
  { key: "search-phrase", label: 'GET search "good shepherd"', path: "/api/word/search?q=good%20shepherd", headers: {} },
  { key: "search-common", label: 'GET search "love" (first 25 of 500+)', path: "/api/word/search?q=love", headers: {} },
];

/** Chapters whose bytes are reported: a short one, a typical one, a poem, and the longest. */
const SIZED_CHAPTERS = [
  ["web", "Ps", 23],
  ["web", "John", 3],
  ["kjv", "John", 3],
  ["web", "Gen", 1],
  ["web", "Ps", 119],
];

/** A row is good when no request failed in any way, on either server. */
const failures = (r) => r.non2xx + r.errors + (r.timeouts ?? 0) + (r.mismatches ?? 0);

/** The JavaScript a first visit to a chapter downloads beyond the app shell: the reader's lazy chunks. */
function readerChunks() {
  const assets = path.join(ROOT, "apps/web/dist/assets");
  const files = fs
    .readdirSync(assets)
    .filter((f) => /^(reader-page|chapter-text|word|note-dialog|share-dialog|reader-settings)-.*\.js$/.test(f));
  return files.map((file) => {
    const body = fs.readFileSync(path.join(assets, file));
    return { file, raw: body.length, brotli: zlib.brotliCompressSync(body).length };
  });
}

export async function runWord() {
  installSignalHandlers();
  const built = await ensureBuilt();
  let ours;
  let bare;
  try {
    // A fresh database loads both translations before it answers.
    ours = await startBuiltServer({ name: "word", timeoutMs: 120_000 });
    const { port, readyMs } = ours;
    const bodiesFile = path.join(ours.dataDir, "bare-bodies.json");

    // The exact bytes each scenario answers, for the bare server to send.
    const bodies = {};
    for (const s of SCENARIOS) {
      const res = await request(port, s.path, { headers: s.headers, timeoutMs: 15_000 });
      if (res.status !== 200) throw new Error(`${s.path}: HTTP ${res.status}`);
      bodies[`${s.key}`] = {
        path: s.path,
        encoding: res.headers["content-encoding"] ?? null,
        body: res.bytes.toString("base64"),
      };
    }
    fs.writeFileSync(bodiesFile, JSON.stringify(bodies));

    const sizes = [];
    for (const [translation, book, chapter] of SIZED_CHAPTERS) {
      const res = await request(port, `/api/word/chapters/${translation}/${book}/${chapter}`, { timeoutMs: 15_000 });
      const raw = Buffer.from(res.body);
      sizes.push({
        chapter: `${book} ${chapter} (${translation.toUpperCase()})`,
        verses: JSON.parse(res.body).verse_count,
        raw: raw.length,
        gzip: zlib.gzipSync(raw, { level: 9 }).length,
        brotli: zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }).length,
      });
    }

    bare = await startBareServer({ BENCH_BODIES_FILE: bodiesFile });
    const barePort = bare.port;

    const rows = [];
    for (const s of SCENARIOS) {
      const row = { key: s.key, label: s.label };
      for (const [side, p, headers] of [
        ["ours", port, s.headers],
        ["bare", barePort, { ...s.headers, "x-bench-key": s.key }],
      ]) {
        const url = `http://127.0.0.1:${p}${s.path}`;
        log(`word: ${s.label} on ${side === "ours" ? "Shepherd" : "bare node:http"}`);
        await load(url, { connections: SETTINGS.connections, durationSeconds: SETTINGS.warmupSeconds, headers });
        row[side] = summarize(
          await load(url, { connections: SETTINGS.connections, durationSeconds: SETTINGS.durationSeconds, headers }),
        );
      }
      row.throughputRatio = round(row.ours.requestsPerSecond / row.bare.requestsPerSecond, 3);
      row.p99Ratio = round(row.ours.p99Ms / Math.max(row.bare.p99Ms, 1), 2);
      row.ok = [row.ours, row.bare].every((r) => failures(r) === 0);
      rows.push(row);
    }
    return {
      name: "word",
      measuredAt: new Date().toISOString(),
      settings: { ...SETTINGS, tool: "autocannon (in the benchmark process)" },
      builtFirst: built,
      serverReadyMs: readyMs,
      scenarios: rows,
      chapterBytes: sizes,
      readerJs: readerChunks(),
      ok: rows.every((r) => r.ok),
    };
  } finally {
    await Promise.all([bare?.stop(), ours?.stop()]);
  }
}

export function formatWord(r) {
  const lines = r.scenarios.map(
    (s) =>
      `${s.label.padEnd(42)} ours ${String(s.ours.requestsPerSecond).padStart(6)} req/s p99 ${String(s.ours.p99Ms).padStart(4)} ms | bare ${String(s.bare.requestsPerSecond).padStart(6)} req/s p99 ${String(s.bare.p99Ms).padStart(4)} ms | ratio ${s.throughputRatio}${s.ok ? "" : " FAILURES"}`,
  );
  for (const c of r.chapterBytes) lines.push(`${c.chapter}: ${c.raw} B raw, ${c.gzip} B gzip, ${c.brotli} B brotli`);
  return lines.join("\n");
}

export function renderWord(r) {
  if (r.error) return `**This benchmark failed on its last run (${r.measuredAt}):** \`${r.error.split("\n")[0]}\``;
  const perf = [
    "| Scenario | Server | Requests/s | p50 ms | p99 ms | Non-2xx | Errors |",
    "| --- | --- | --- | --- | --- | --- | --- |",
  ];
  const ratios = ["| Scenario | Throughput ours/bare | p99 ours/bare | All 2xx, no errors |", "| --- | --- | --- | --- |"];
  for (const s of r.scenarios) {
    for (const side of ["ours", "bare"]) {
      const x = s[side];
      perf.push(
        `| ${side === "ours" ? s.label : ""} | ${side === "ours" ? "Shepherd" : "bare node:http"} | ${x.requestsPerSecond} | ${x.p50Ms} | ${x.p99Ms} | ${x.non2xx} | ${failures(x) - x.non2xx} |`,
      );
    }
    ratios.push(`| ${s.label} | ${s.throughputRatio} | ${s.p99Ratio} | ${s.ok ? "yes" : "**no**"} |`);
  }
  const bytes = ["| Chapter | Verses | JSON bytes | gzip | brotli (sent to browsers) |", "| --- | --- | --- | --- | --- |"];
  for (const c of r.chapterBytes) bytes.push(`| ${c.chapter} | ${c.verses} | ${c.raw} | ${c.gzip} | ${c.brotli} |`);
  const js = r.readerJs.reduce((n, f) => n + f.brotli, 0);
  return `Measured ${r.measuredAt}. ${r.settings.connections} connections, ${r.settings.warmupSeconds} s warm-up then ${r.settings.durationSeconds} s per row; the built server (fresh DATA_DIR, ready ${round(r.serverReadyMs / 1000, 1)} s after spawn including loading both translations) and a bare \`node:http\` server sending the same bytes, side by side. Chapters are public and cached per process once encoded; searches run their SQL every time.

${perf.join("\n")}

${ratios.join("\n")}

Bytes to render a chapter: the chapter's JSON as sent (a browser gets brotli), plus the signed-in reader's own highlights request (a few hundred bytes). A chapter is then cached by the browser for a day (ETag revalidation answers 304 with no body).

${bytes.join("\n")}

The reader's JavaScript, loaded once on the first visit to a chapter and cached for a year: ${r.readerJs.length} lazy chunks, ${js} bytes brotli.`;
}

if (isMain(import.meta.url)) {
  const result = await runWord();
  console.log(formatWord(result));
  process.exit(result.ok ? 0 : 1);
}
