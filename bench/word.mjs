// The Word's benchmark: chapter reads and searches at 50 connections on the built server, each beside a bare
// node:http server answering the same bytes in the same run; and the bytes it takes to render a chapter.
//   node bench/word.mjs            (or: node bench/run.mjs word)
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { ROOT, ensureBuilt, installSignalHandlers, isMain, request, round } from "./lib/common.mjs";
import { startBuiltServer } from "./lib/server.mjs";
import { formatRows, renderRows, sideBySide } from "./lib/side-by-side.mjs";
import { HTTP_DEFAULTS } from "./http.mjs";

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
  try {
    // A fresh database loads both translations before it answers.
    ours = await startBuiltServer({ name: "word", timeoutMs: 120_000 });
    const { port, readyMs } = ours;

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

    const rows = await sideBySide({ name: "word", ours, scenarios: SCENARIOS, settings: SETTINGS });
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
    await ours?.stop();
  }
}

export function formatWord(r) {
  const lines = formatRows(r.scenarios);
  for (const c of r.chapterBytes) lines.push(`${c.chapter}: ${c.raw} B raw, ${c.gzip} B gzip, ${c.brotli} B brotli`);
  return lines.join("\n");
}

export function renderWord(r) {
  if (r.error) return `**This benchmark failed on its last run (${r.measuredAt}):** \`${r.error.split("\n")[0]}\``;
  const bytes = ["| Chapter | Verses | JSON bytes | gzip | brotli (sent to browsers) |", "| --- | --- | --- | --- | --- |"];
  for (const c of r.chapterBytes) bytes.push(`| ${c.chapter} | ${c.verses} | ${c.raw} | ${c.gzip} | ${c.brotli} |`);
  const js = r.readerJs.reduce((n, f) => n + f.brotli, 0);
  return `Measured ${r.measuredAt}. ${r.settings.connections} connections, ${r.settings.warmupSeconds} s warm-up then ${r.settings.durationSeconds} s per row; the built server (fresh DATA_DIR, ready ${round(r.serverReadyMs / 1000, 1)} s after spawn including loading both translations) and a bare \`node:http\` server sending the same bytes, side by side. Chapters are public and cached per process once encoded; searches run their SQL every time.

${renderRows(r.scenarios)}

Bytes to render a chapter: the chapter's JSON as sent (a browser gets brotli), plus the signed-in reader's own highlights request (a few hundred bytes). A chapter is then cached by the browser for a day (ETag revalidation answers 304 with no body).

${bytes.join("\n")}

The reader's JavaScript, loaded once on the first visit to a chapter and cached for a year: ${r.readerJs.length} lazy chunks, ${js} bytes brotli.`;
}

if (isMain(import.meta.url)) {
  const result = await runWord();
  console.log(formatWord(result));
  process.exit(result.ok ? 0 : 1);
}
