// Summarises a V8 .cpuprofile (from `node --cpu-prof`): self and inclusive time per function and per package/file.
//   node bench/lib/cpuprofile.mjs file.cpuprofile [--top 30] [--filter substring]
import fs from "node:fs";
import path from "node:path";
import { isMain } from "./common.mjs";

/** "hono", "pg", "drizzle-orm", "node:internal/...", "dist/main.js", "(gc)"... */
export function packageOf(url) {
  if (!url) return "(native/V8)";
  if (url.startsWith("node:")) return url.split("/").slice(0, 2).join("/");
  const nm = url.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = url.slice(nm + "node_modules/".length).split("/");
    return rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  return url
    .replace(/^file:\/\//, "")
    .split("/")
    .slice(-2)
    .join("/");
}

export function summarize(profile) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  // Time per sample: timeDeltas[i] is the time before sample i.
  const selfUs = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
  const fnKey = (n) => {
    const f = n.callFrame;
    const file = f.url ? `${packageOf(f.url)}:${f.lineNumber + 1}` : "";
    return `${f.functionName || "(anonymous)"} ${file}`.trim();
  };
  const selfByFn = new Map();
  const selfByPkg = new Map();
  const inclByFn = new Map();
  const inclByPkg = new Map();
  for (const [id, us] of selfUs) {
    const n = nodes.get(id);
    const key = fnKey(n);
    selfByFn.set(key, (selfByFn.get(key) ?? 0) + us);
    const pkg = packageOf(n.callFrame.url) || n.callFrame.functionName;
    selfByPkg.set(pkg, (selfByPkg.get(pkg) ?? 0) + us);
    // Inclusive: every distinct function / package on the stack gets the sample once.
    const seenFn = new Set();
    const seenPkg = new Set();
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const cn = nodes.get(cur);
      const k = fnKey(cn);
      if (!seenFn.has(k)) {
        seenFn.add(k);
        inclByFn.set(k, (inclByFn.get(k) ?? 0) + us);
      }
      const p = cn.callFrame.url ? packageOf(cn.callFrame.url) : null;
      if (p && !seenPkg.has(p)) {
        seenPkg.add(p);
        inclByPkg.set(p, (inclByPkg.get(p) ?? 0) + us);
      }
    }
  }
  const sorted = (m) => [...m].sort((a, b) => b[1] - a[1]);
  return {
    totalUs: total,
    selfByFn: sorted(selfByFn),
    selfByPkg: sorted(selfByPkg),
    inclByFn: sorted(inclByFn),
    inclByPkg: sorted(inclByPkg),
  };
}

export function formatSummary(s, { top = 30, filter } = {}) {
  const pct = (us) => `${((us / s.totalUs) * 100).toFixed(1).padStart(5)}%`;
  const ms = (us) => `${(us / 1000).toFixed(0).padStart(7)} ms`;
  const show = (title, rows) => {
    const lines = [`-- ${title}`];
    for (const [k, us] of rows.filter(([k]) => !filter || k.includes(filter)).slice(0, top))
      lines.push(`${pct(us)} ${ms(us)}  ${k}`);
    return lines.join("\n");
  };
  return [
    `total sampled ${(s.totalUs / 1000).toFixed(0)} ms`,
    show("self time by package/file", s.selfByPkg),
    show("inclusive time by package/file", s.inclByPkg),
    show("self time by function", s.selfByFn),
    show("inclusive time by function", s.inclByFn),
  ].join("\n\n");
}

if (isMain(import.meta.url)) {
  const args = process.argv.slice(2);
  const file = args.find((a) => !a.startsWith("--") && a.endsWith(".cpuprofile"));
  const opt = (name) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  if (!file) {
    console.error("usage: node bench/lib/cpuprofile.mjs file.cpuprofile [--top N] [--filter text]");
    process.exit(2);
  }
  const s = summarize(JSON.parse(fs.readFileSync(path.resolve(file), "utf8")));
  console.log(formatSummary(s, { top: Number(opt("--top") ?? 30), filter: opt("--filter") }));
}
