// The whole CI run (.ci/run: npm ci, npm test, the integration suite on PostgreSQL 15) of two commits, each on a fresh
// clone, one after the other on this machine: the time of each step and the ratio of the two. Issue 38's target: the
// change's run takes at most 0.6 of the run before it. Machines differ by 2x and a run by 10-20% on one machine, so
// only the ratio of two runs measured together means anything.
//   node bench/test-suite.mjs      CI=true bash .ci/run on HEAD and on the commit before issue 38 (TEST_SUITE_BASE,
//                                  TEST_SUITE_HEAD to change)
//   node bench/run.mjs test-suite  the same, and the result in docs/benchmarks.md
// It takes two full CI runs (25-35 minutes on 2 cores). Run it on a quiet machine: nothing else, no tests beside it.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT, isMain, log, round } from "./lib/common.mjs";

/** The commit before the suite was made faster (issue 38), and the commit measured against it. */
const BASE = process.env.TEST_SUITE_BASE ?? "aa8063b";
const HEAD = process.env.TEST_SUITE_HEAD ?? "HEAD";
/** A run that takes longer than this is stopped (CI's own limit is 90 minutes). */
const RUN_LIMIT_MS = 40 * 60_000;

function git(...args) {
  const result = spawnSync("git", args, { cwd: ROOT, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr}`);
  return result.stdout.trim();
}

/** "Time per step: A: 12 s; [B: 30 s]; ..." into [{ step, seconds }]. */
export function parseSteps(output) {
  const line = output
    .split("\n")
    .reverse()
    .find((l) => l.includes("Time per step:"));
  if (!line) return [];
  return (
    line
      .slice(line.indexOf("Time per step:") + "Time per step:".length)
      .split(";")
      .map((part) => part.trim().match(/^(\[?)(.+?): (\d+) s\]?$/))
      .filter(Boolean)
      // "[Group: N s]": the steps before it ran side by side in N s.
      .map((m) => ({ step: m[2], seconds: Number(m[3]), ...(m[1] ? { together: true } : {}) }))
  );
}

// Colour codes, as vitest and the list reporter print them.
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");

/** What the output says about one commit's run: its time in all, per step, and its test counts. */
export function parseRun(output) {
  const text = output.replace(ANSI, "");
  const finished = text.match(/CI finished in (\d+) s/);
  const tests = text.match(/tests: (\d+) passed, (\d+) failed/);
  const durations = [...text.matchAll(/Duration\s+([\d.]+)s/g)].map((m) => Number(m[1]));
  const npmCi = text.match(/added \d+ packages in (?:(\d+)m\s*)?([\d.]+)s/);
  return {
    totalSeconds: finished ? Number(finished[1]) : null,
    npmCiSeconds: npmCi ? Number(npmCi[1] ?? 0) * 60 + Number(npmCi[2]) : null,
    steps: parseSteps(text),
    passed: tests ? Number(tests[1]) : null,
    failed: tests ? Number(tests[2]) : null,
    // The last vitest summary is the second integration pass (PostgreSQL 15).
    postgres15Seconds: durations.length ? round(durations.at(-1), 0) : null,
  };
}

/** Clones `commit` into a fresh folder (with ../shared beside it, as CI has it) and runs .ci/run there. */
async function ciRun(commit, label) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `shepherd-suite-${label}-`));
  const clone = path.join(work, "p");
  spawnSync("git", ["clone", "-q", ROOT, clone], { stdio: "inherit" });
  spawnSync("git", ["checkout", "-q", commit], { cwd: clone, stdio: "inherit" });
  const shared = path.resolve(ROOT, "..", "shared");
  if (fs.existsSync(shared)) fs.symlinkSync(shared, path.join(work, "shared"));
  log(`${label}: .ci/run on a fresh clone of ${commit} in ${clone}`);
  const started = Date.now();
  const child = spawn("bash", [".ci/run"], {
    cwd: clone,
    env: { ...process.env, CI: "true" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  // npm test's own time: from its first line to the line .ci/run prints after it.
  const marks = {};
  const read = (chunk) => {
    output += chunk;
    if (marks.npmTest === undefined && output.includes("node scripts/test.mjs")) marks.npmTest = Date.now();
    if (marks.postgres15 === undefined && output.includes("Integration tests against PostgreSQL")) marks.postgres15 = Date.now();
  };
  child.stdout.on("data", read);
  child.stderr.on("data", read);
  const limit = setTimeout(() => process.kill(-child.pid, "SIGTERM"), RUN_LIMIT_MS);
  const code = await new Promise((resolve) => child.on("close", resolve));
  clearTimeout(limit);
  const wall = round((Date.now() - started) / 1000, 0);
  fs.writeFileSync(path.join(work, "ci.log"), output);
  log(`${label}: exit ${code} after ${wall} s (log: ${path.join(work, "ci.log")})`);
  spawnSync("rm", ["-rf", clone]);
  const npmTestSeconds =
    marks.npmTest !== undefined && marks.postgres15 !== undefined ? round((marks.postgres15 - marks.npmTest) / 1000, 0) : null;
  return { commit, exitCode: code, wallSeconds: wall, log: path.join(work, "ci.log"), npmTestSeconds, ...parseRun(output) };
}

export async function runTestSuite() {
  const base = git("rev-parse", "--short", BASE);
  const head = git("rev-parse", "--short", HEAD);
  const before = await ciRun(base, "before");
  const after = await ciRun(head, "after");
  const ratio = before.totalSeconds && after.totalSeconds ? round(after.totalSeconds / before.totalSeconds, 2) : null;
  const npmTestRatio =
    before.npmTestSeconds && after.npmTestSeconds ? round(after.npmTestSeconds / before.npmTestSeconds, 2) : null;
  return {
    name: "test-suite",
    measuredAt: new Date().toISOString(),
    before,
    after,
    ratio,
    npmTestRatio,
    target: 0.6,
    ok: before.exitCode === 0 && after.exitCode === 0 && ratio !== null && ratio <= 0.6 && (npmTestRatio ?? 1) <= 0.6,
  };
}

const describeSteps = (run) =>
  run.steps.map((s) => (s.together ? `[${s.step}: ${s.seconds} s]` : `${s.step} ${s.seconds} s`)).join("; ");

export function formatTestSuite(r) {
  return [
    `before (${r.before.commit}): ${r.before.totalSeconds} s, ${r.before.passed} tests passed, ${r.before.failed} failed`,
    `  ${describeSteps(r.before)}`,
    `after (${r.after.commit}): ${r.after.totalSeconds} s, ${r.after.passed} tests passed, ${r.after.failed} failed`,
    `  ${describeSteps(r.after)}`,
    `ratio after/before: ${r.ratio} for .ci/run, ${r.npmTestRatio} for npm test (target at most ${r.target})`,
  ].join("\n");
}

export function renderTestSuite(r) {
  const row = (label, run) =>
    `| ${label} (\`${run.commit}\`) | ${run.totalSeconds ?? "failed"} s | ${run.npmCiSeconds ?? "?"} s | ${run.npmTestSeconds ?? "?"} s: ${describeSteps(run)} | ${run.postgres15Seconds ?? "?"} s | ${run.passed} passed, ${run.failed} failed |`;
  return [
    "`.ci/run` on fresh clones of two commits, one after the other on this machine (`node bench/run.mjs test-suite`). " +
      "Steps in brackets ran the steps before them side by side; the times of steps run side by side overlap.",
    "",
    "| Run | CI in all | npm ci | npm test, and its time per step | PostgreSQL 15 pass | Tests in npm test |",
    "| --- | --- | --- | --- | --- | --- |",
    row("Before", r.before),
    row("After", r.after),
    "",
    `After / before: **${r.ratio}** for \`.ci/run\`, **${r.npmTestRatio}** for \`npm test\` alone (issue 38's target: at most ${r.target}), measured ${r.measuredAt.slice(0, 16).replace("T", " ")} UTC.`,
  ].join("\n");
}

if (isMain(import.meta.url)) {
  const result = await runTestSuite();
  console.log(formatTestSuite(result));
  process.exit(result.ok ? 0 : 1);
}
