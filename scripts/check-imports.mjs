// The import graph's shape, checked in the lint step (npm run lint): the parts of the server and of the web app import
// each other without a circle. A part is a folder such as apps/server/src/modules/today or apps/web/src/features/word
// (see `partOf`); which part may import which is ESLint's job (eslint.config.js), this finds the circles.
//   node scripts/check-imports.mjs            fails with the circles it finds
//   node scripts/check-imports.mjs --graph    prints every part's imports too
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const APPS = [
  {
    name: "server",
    src: path.join(root, "apps/server/src"),
    alias: null,
    /**
     * modules/<area>, providers/<kind>, the top folders (auth, bible, db, http, realtime), "start" (the files that put
     * the server together: app, bootstrap, main, cli, ops) and "core" (config, context, errors, logger, trust-proxy).
     */
    partOf(relative) {
      const [first, second] = relative.split("/");
      if (first === "modules" || first === "providers") return `${first}/${second}`;
      if (relative.includes("/")) return first;
      return ["app.ts", "bootstrap.ts", "main.ts", "cli.ts", "ops.ts"].includes(first) ? "start" : "core";
    },
  },
  {
    name: "web",
    src: path.join(root, "apps/web/src"),
    alias: "@/",
    /** features/<area>, components/<kind>, the top folders (app, lib, ...), and "root" (main.tsx). */
    partOf(relative) {
      const [first, second] = relative.split("/");
      if (first === "features" || first === "components") return `${first}/${second}`;
      return relative.includes("/") ? first : "root";
    },
  },
];

const SOURCE = /\.(ts|tsx)$/;
/** `import x from "..."`, `export ... from "..."`, `import("...")` and `import "..."`; `import type` is left out (no code runs). */
const IMPORT =
  /^\s*(?:import|export)\s+(?!type\s)[^'";]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|^\s*import\s*["']([^"']+)["']/gm;

function listSources(dir) {
  const found = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...listSources(full));
    else if (SOURCE.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) found.push(full);
  }
  return found;
}

function resolveFile(base) {
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** part -> Map(imported part -> one file that imports it, for the message) */
function partGraph(app) {
  const graph = new Map();
  for (const file of listSources(app.src)) {
    const from = app.partOf(path.relative(app.src, file).split(path.sep).join("/"));
    if (!graph.has(from)) graph.set(from, new Map());
    const text = fs.readFileSync(file, "utf8");
    for (const match of text.matchAll(IMPORT)) {
      const spec = match[1] ?? match[2] ?? match[3];
      let target = null;
      if (spec.startsWith(".")) target = resolveFile(path.resolve(path.dirname(file), spec));
      else if (app.alias && spec.startsWith(app.alias)) target = resolveFile(path.join(app.src, spec.slice(app.alias.length)));
      if (!target || !target.startsWith(app.src)) continue;
      const to = app.partOf(path.relative(app.src, target).split(path.sep).join("/"));
      if (to !== from && !graph.get(from).has(to)) graph.get(from).set(to, path.relative(root, file));
    }
  }
  return graph;
}

/** Strongly connected components with more than one part (Tarjan): each is a circle. */
function circles(graph) {
  let index = 0;
  const stack = [];
  const state = new Map();
  const found = [];
  const visit = (part) => {
    state.set(part, { index, low: index, onStack: true });
    index += 1;
    stack.push(part);
    for (const next of graph.get(part)?.keys() ?? []) {
      if (!state.has(next)) {
        visit(next);
        state.get(part).low = Math.min(state.get(part).low, state.get(next).low);
      } else if (state.get(next).onStack) {
        state.get(part).low = Math.min(state.get(part).low, state.get(next).index);
      }
    }
    if (state.get(part).low === state.get(part).index) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        state.get(member).onStack = false;
        component.push(member);
      } while (member !== part);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const part of [...graph.keys()].sort()) if (!state.has(part)) visit(part);
  return found;
}

let failed = false;
for (const app of APPS) {
  const graph = partGraph(app);
  if (process.argv.includes("--graph")) {
    console.log(`${app.name}:`);
    for (const [part, imports] of [...graph].sort()) console.log(`  ${part} -> ${[...imports.keys()].sort().join(", ")}`);
  }
  for (const circle of circles(graph)) {
    failed = true;
    console.error(`${app.name}: these parts import each other in a circle: ${circle.join(", ")}`);
    for (const part of circle) {
      for (const [to, file] of graph.get(part) ?? []) if (circle.includes(to)) console.error(`  ${part} -> ${to} (${file})`);
    }
  }
}
if (failed) {
  console.error("Move what both sides need into a part both may import (see docs/architecture.md, Import rules).");
  process.exit(1);
}
console.log("Import graph: no circles between the parts of the server or of the web app.");
