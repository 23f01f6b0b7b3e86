// Bundle benchmark and budget check: gzipped bytes of the JavaScript the browser must load to render /auth.
//   node bench/bundle.mjs            print the files and totals
//   node bench/bundle.mjs --check    same, and exit 1 when over budget (or when the web app is not built)
//   node bench/bundle.mjs --dist DIR use another build folder (default apps/web/dist)
//   node bench/bundle.mjs --budget-kb N  use another budget (default 150 KB = 150 * 1024 bytes, gzipped)
// /auth is rendered by the entry chunk (index.html's <script type="module">) and its static imports, recursively.
// Lazy chunks (dynamic import()) are not needed for /auth and are not counted. CSS linked from index.html is
// reported separately and is not part of the JS budget.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { ROOT, isMain } from "./lib/common.mjs";

export const DEFAULT_DIST = path.join(ROOT, "apps/web/dist");
export const JS_BUDGET_BYTES = 150 * 1024;

/** Attributes of an HTML tag, lower-cased names: <script type="module" src="/a.js"> -> { type, src }. */
function attributes(tag) {
  const attrs = {};
  for (const m of tag.matchAll(/([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    attrs[m[1].toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? "";
  }
  return attrs;
}

/**
 * Static import specifiers of an ES module: `import x from "./a.js"`, `import {a} from "./a.js"`,
 * `import * as a from "./a.js"`, `import "./a.js"` and `export ... from "./a.js"` (also a static dependency).
 * Dynamic `import("./a.js")` is not matched: after `import` comes `(`, not a binding or a quote.
 */
const STATIC_IMPORT =
  /(?:^|[\s;}])(?:import\s*(?:[\w$]+\s*,?\s*)?(?:\*\s*as\s+[\w$]+|\{[^}]*\})?\s*from\s*|import\s*|export\s*(?:\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})\s*from\s*)(["'])([^"'\n]+)\1/g;

export function staticImports(code) {
  return [...code.matchAll(STATIC_IMPORT)].map((m) => m[2]);
}

/** "/assets/x.js" (site-absolute) or "./x.js" (relative to `fromFile`) -> an absolute path inside dist. */
function resolveInDist(dist, fromFile, spec) {
  const clean = spec.split(/[?#]/)[0];
  if (clean.startsWith("/")) return path.join(dist, clean);
  if (clean.startsWith("./") || clean.startsWith("../")) return path.resolve(path.dirname(fromFile), clean);
  return null; // a bare specifier or a URL: not part of our build
}

function sizes(file) {
  const body = fs.readFileSync(file);
  return {
    raw: body.length,
    gzip: zlib.gzipSync(body, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/** Measures what /auth needs. Throws when the web app is not built. */
export function measureBundle({ dist = DEFAULT_DIST, budgetBytes = JS_BUDGET_BYTES } = {}) {
  const indexFile = path.join(dist, "index.html");
  if (!fs.existsSync(indexFile)) throw new Error(`${indexFile} is missing: build the web app first (npm run build).`);
  const html = fs.readFileSync(indexFile, "utf8");
  const rel = (file) => path.relative(dist, file).split(path.sep).join("/");

  const entries = [];
  const css = [];
  const preloads = [];
  for (const m of html.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const attrs = attributes(m[2]);
    if (m[1].toLowerCase() === "script" && attrs.type === "module" && attrs.src) entries.push(attrs.src);
    if (m[1].toLowerCase() === "link" && attrs.href) {
      const rels = (attrs.rel ?? "").toLowerCase().split(/\s+/);
      if (rels.includes("stylesheet")) css.push(attrs.href);
      if (rels.includes("modulepreload")) preloads.push(attrs.href);
    }
  }
  if (!entries.length) throw new Error(`${indexFile} has no <script type="module" src=...>: cannot find the entry chunk.`);

  // Walk the static import graph from the entry chunk(s).
  const seen = new Map(); // absolute file -> { imports, importedBy }
  const unresolved = [];
  const queue = entries.map((src) => ({ file: resolveInDist(dist, indexFile, src), from: "index.html", spec: src }));
  while (queue.length) {
    const { file, from, spec } = queue.shift();
    if (!file || !fs.existsSync(file)) {
      unresolved.push({ spec, from });
      continue;
    }
    if (seen.has(file)) continue;
    const code = fs.readFileSync(file, "utf8");
    const imports = staticImports(code);
    seen.set(file, { importedBy: from, imports: imports.length });
    for (const s of imports) queue.push({ file: resolveInDist(dist, file, s), from: rel(file), spec: s });
  }

  const js = [...seen].map(([file, info]) => ({ file: rel(file), importedBy: info.importedBy, ...sizes(file) }));
  const cssFiles = css
    .map((href) => resolveInDist(dist, indexFile, href))
    .filter((f) => f && fs.existsSync(f))
    .map((file) => ({ file: rel(file), ...sizes(file) }));
  const sum = (list, key) => list.reduce((n, f) => n + f[key], 0);
  const jsTotal = { raw: sum(js, "raw"), gzip: sum(js, "gzip"), brotli: sum(js, "brotli") };
  const cssTotal = { raw: sum(cssFiles, "raw"), gzip: sum(cssFiles, "gzip"), brotli: sum(cssFiles, "brotli") };

  // Cross-check with Vite's modulepreload hints (they should list exactly the entry's static imports).
  const graph = new Set(js.map((f) => f.file));
  const preloadFiles = preloads.map((href) => rel(resolveInDist(dist, indexFile, href) ?? href));
  const notPreloaded = js.map((f) => f.file).filter((f) => !preloadFiles.includes(f) && !entries.some((e) => e.endsWith(f)));
  const preloadedButNotImported = preloadFiles.filter((f) => !graph.has(f));

  const allJs = listFiles(path.join(dist, "assets")).filter((f) => f.endsWith(".js"));
  return {
    name: "bundle",
    measuredAt: new Date().toISOString(),
    dist: path.relative(ROOT, dist) || ".",
    route: "/auth",
    entry: entries,
    js,
    jsTotal,
    css: cssFiles,
    cssTotal,
    budgetBytes,
    budgetUsed: Math.round((jsTotal.gzip / budgetBytes) * 1000) / 10,
    headroomBytes: budgetBytes - jsTotal.gzip,
    withinBudget: jsTotal.gzip <= budgetBytes,
    lazyChunks: allJs.length - js.length,
    unresolved,
    notPreloaded,
    preloadedButNotImported,
    ok: jsTotal.gzip <= budgetBytes && unresolved.length === 0,
  };
}

function listFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name)) : [e.name]));
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/** The budget check for the build/test: { ok, message, result }. Never throws. */
export function checkBundleBudget(options = {}) {
  let result;
  try {
    result = measureBundle(options);
  } catch (error) {
    return { ok: false, message: `bundle budget: cannot check: ${error.message}`, result: null };
  }
  const { jsTotal, budgetBytes } = result;
  const problems = [];
  if (!result.withinBudget) {
    const top = [...result.js]
      .sort((a, b) => b.gzip - a.gzip)
      .slice(0, 3)
      .map((f) => `${f.file} ${kb(f.gzip)}`)
      .join(", ");
    problems.push(
      `the JavaScript needed to render /auth is ${kb(jsTotal.gzip)} gzipped, over the ${kb(budgetBytes)} budget by ${kb(jsTotal.gzip - budgetBytes)} ` +
        `(largest: ${top}). Move code that /auth does not need behind a dynamic import(), or trim dependencies.`,
    );
  }
  if (result.unresolved.length) {
    problems.push(
      `static imports that do not resolve to built files: ${result.unresolved.map((u) => `${u.spec} (from ${u.from})`).join(", ")}`,
    );
  }
  const message = problems.length
    ? `bundle budget FAILED: ${problems.join("; ")}`
    : `bundle budget OK: ${kb(jsTotal.gzip)} gzipped JS for /auth (${result.budgetUsed}% of the ${kb(budgetBytes)} budget, ${kb(result.headroomBytes)} left)`;
  return { ok: problems.length === 0, message, result };
}

export function formatBundle(r) {
  const pad = (s, n) => String(s).padEnd(n);
  const padL = (s, n) => String(s).padStart(n);
  const width = Math.max(40, ...r.js.map((f) => f.file.length), ...r.css.map((f) => f.file.length)) + 2;
  const row = (name, f) => `${pad(name, width)} ${padL(f.raw, 9)} ${padL(f.gzip, 9)} ${padL(f.brotli, 9)}`;
  const lines = [
    `${pad(`JS for ${r.route} (entry + static imports)`, width)} ${padL("raw B", 9)} ${padL("gzip B", 9)} ${padL("brotli B", 9)}`,
  ];
  for (const f of [...r.js].sort((a, b) => b.gzip - a.gzip)) lines.push(row(f.file, f));
  lines.push(row("total JS", r.jsTotal));
  lines.push(
    `budget: ${r.budgetBytes} B gzipped (${kb(r.budgetBytes)}); used ${r.budgetUsed}%, ${r.withinBudget ? `${kb(r.headroomBytes)} left` : `OVER by ${kb(-r.headroomBytes)}`}`,
  );
  for (const f of r.css) lines.push(row(`css: ${f.file}`, f));
  lines.push(`${r.lazyChunks} other JS chunks are lazy (dynamic import) and not counted.`);
  if (r.notPreloaded.length)
    lines.push(`note: statically imported but not modulepreloaded by index.html: ${r.notPreloaded.join(", ")}`);
  if (r.preloadedButNotImported.length)
    lines.push(`note: modulepreloaded but not in the static graph: ${r.preloadedButNotImported.join(", ")}`);
  if (r.unresolved.length)
    lines.push(`unresolved static imports: ${r.unresolved.map((u) => `${u.spec} (from ${u.from})`).join(", ")}`);
  return lines.join("\n");
}

export async function runBundle(options = {}) {
  const { ensureBuilt } = await import("./lib/common.mjs");
  if (!options.dist) await ensureBuilt();
  return measureBundle(options);
}

if (isMain(import.meta.url)) {
  const args = process.argv.slice(2);
  const distAt = args.indexOf("--dist");
  const dist = distAt >= 0 ? path.resolve(args[distAt + 1] ?? "") : DEFAULT_DIST;
  const budgetAt = args.indexOf("--budget-kb");
  const budgetBytes = budgetAt >= 0 ? Math.round(Number(args[budgetAt + 1]) * 1024) : JS_BUDGET_BYTES;
  if (!(budgetBytes > 0)) {
    console.error("--budget-kb needs a positive number of KB");
    process.exit(1);
  }
  const { ok, message, result } = checkBundleBudget({ dist, budgetBytes });
  if (result) console.log(formatBundle(result));
  if (args.includes("--check")) {
    (ok ? console.log : console.error)(message);
    process.exit(ok ? 0 : 1);
  }
  if (!result) {
    console.error(message);
    process.exit(1);
  }
  console.log(message);
}
