// Lighthouse A/B: two (or more) builds of the web app, each served by its own built server with its own Chromes, their
// loads interleaved run by run, so the machine's drift falls on every build alike. Not part of `bench/run.mjs`: a tool
// for deciding whether a change to the first load helps, before it is kept.
//   LIGHTHOUSE_DISTS=/tmp/dist-before,apps/web/dist node bench/lighthouse-ab.mjs
// LIGHTHOUSE_DISTS: comma-separated web builds (`npx vite build --outDir DIR` in apps/web); default: apps/web/dist only.
// LIGHTHOUSE_PAGES: any of today (a first visit), returning, auth; default: today,returning.
// LIGHTHOUSE_RUNS (default 5) after one warm-up each; LIGHTHOUSE_SAVE=<dir> keeps reports and traces as
// <dir>/<build>-<page>-<n>.json; LIGHTHOUSE_PROFILE=1 adds V8's sampler to those traces (it slows the page a little:
// compare profiled runs only with profiled runs).
import path from "node:path";
import { ensureChromium } from "../scripts/chromium.mjs";
import { ensureBuilt, installSignalHandlers, isMain, log, ROOT } from "./lib/common.mjs";
import { audit, medianRun, startLighthouseStack, yieldCpuToBrowsers } from "./lighthouse.mjs";

const RUNS = Number(process.env.LIGHTHOUSE_RUNS) || 5;
const PAGES = (process.env.LIGHTHOUSE_PAGES || "today,returning").split(",");
const PROFILE = process.env.LIGHTHOUSE_PROFILE === "1";
const KNOWN_PAGES = ["today", "returning", "auth"];

export async function runLighthouseAb() {
  installSignalHandlers();
  const unknown = PAGES.filter((p) => !KNOWN_PAGES.includes(p));
  if (unknown.length) throw new Error(`LIGHTHOUSE_PAGES: unknown page ${unknown.join(", ")} (known: ${KNOWN_PAGES})`);
  const dists = (process.env.LIGHTHOUSE_DISTS || "").split(",").filter(Boolean);
  if (!dists.length) {
    await ensureBuilt();
    dists.push(path.join(ROOT, "apps/web/dist"));
  }
  const chromePath = ensureChromium();
  const stacks = [];
  let restorePriority = () => {};
  try {
    for (const [index, dist] of dists.entries()) {
      const name = `b${index}`;
      const stack = await startLighthouseStack({
        name: `lighthouse-ab-${name}`,
        env: { WEB_DIST: path.resolve(dist) },
        chromePath,
      });
      stacks.push({ ...stack, name, dist: path.resolve(dist), page: new Map(stack.pages.map((p) => [p.key, p])) });
    }
    restorePriority = yieldCpuToBrowsers();
    const runs = new Map();
    for (let i = 0; i <= RUNS; i++) {
      for (const page of PAGES) {
        // Each round starts with a different build, so neither always follows the other.
        for (let k = 0; k < stacks.length; k++) {
          const stack = stacks[(k + i) % stacks.length];
          const warmUp = i === 0;
          log(`lighthouse-ab: ${stack.name} ${page}, ${warmUp ? "warm-up" : `run ${i} of ${RUNS}`}`);
          const run = await audit({
            ...stack.page.get(page),
            saveAs: `${stack.name}-${page}`,
            profile: PROFILE,
          });
          if (warmUp) continue;
          const key = `${stack.name} ${page}`;
          runs.set(key, [...(runs.get(key) ?? []), run]);
        }
      }
    }
    return { dists: stacks.map((s) => ({ name: s.name, dist: s.dist })), runs };
  } finally {
    restorePriority();
    for (const stack of stacks) await stack.stop();
  }
}

if (isMain(import.meta.url)) {
  const { dists, runs } = await runLighthouseAb();
  for (const { name, dist } of dists) console.log(`${name}: ${dist}`);
  for (const [key, list] of runs) {
    const m = medianRun(list);
    console.log(
      `${key.padEnd(14)} score ${String(m.score).padStart(3)} | FCP ${m.fcpMs} | LCP ${m.lcpMs} | TBT ${m.tbtMs} | CLS ${m.cls} (runs: ${list.map((r) => r.score).join(", ")})`,
    );
  }
  process.exit(0);
}
