// npm test: the static checks (ESLint, the import graph, Prettier, tsc), the unit tests and the build with its bundle
// budget side by side, then the integration and end-to-end tests side by side. Stops after the first failing step and ends
// with one line "tests: N passed, N failed". Why the steps run so: docs/decisions/007-test-suite-speed.md.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { root } from "./build-if-needed.mjs";

const results = path.join(root, "test-results");
fs.mkdirSync(results, { recursive: true });
const cache = path.join(root, "node_modules", ".cache");

let passed = 0;
let failed = 0;

/** How long each step took, printed at the end (CI has a time budget; this shows where it goes). */
const timings = [];
const seconds = (started) => Math.round((performance.now() - started) / 1000);

/**
 * Runs one command. `quiet` keeps its output until it ends (a command running beside others), then prints it under its
 * title; otherwise it is printed as it comes. Resolves with whether it passed.
 */
function run({ title, command, args, env = {}, quiet = false }) {
  if (!quiet) console.log(`\n━━ ${title} ━━`);
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
      env: { ...process.env, ...env, ...(quiet ? { FORCE_COLOR: process.env.FORCE_COLOR ?? "1" } : {}) },
    });
    const output = [];
    child.stdout?.on("data", (chunk) => output.push(chunk));
    child.stderr?.on("data", (chunk) => output.push(chunk));
    child.on("close", (code) => {
      const time = seconds(started);
      timings.push(`${title}: ${time} s`);
      if (quiet) {
        console.log(`\n━━ ${title} (${time} s, ${code === 0 ? "passed" : "FAILED"}) ━━`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve(code === 0);
    });
  });
}

/** Commands side by side; the first is printed as it runs, the others when they end. Passes when all pass. */
async function together(title, commands) {
  console.log(`\n━━ ${title}: ${commands.map((c) => c.title).join(", ")}, side by side ━━`);
  const started = performance.now();
  const outcomes = await Promise.all(commands.map((command, i) => run({ ...command, quiet: i > 0 })));
  timings.push(`[${title}: ${seconds(started)} s]`);
  return outcomes.every(Boolean);
}

function countVitest(file) {
  try {
    const report = JSON.parse(fs.readFileSync(file, "utf8"));
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
  } catch {
    // no report: the step's exit code already tells
  }
}

function countPlaywright(file) {
  try {
    const report = JSON.parse(fs.readFileSync(file, "utf8"));
    passed += report.stats?.expected ?? 0;
    failed += (report.stats?.unexpected ?? 0) + (report.stats?.flaky ?? 0);
  } catch {
    // no report
  }
}

function finish(ok) {
  console.log(`\nTime per step: ${timings.join("; ")}`);
  console.log(`${ok ? "All checks passed." : "A check failed (see above)."}`);
  console.log(`tests: ${passed} passed, ${failed} failed`);
  process.exit(ok ? 0 : 1);
}

const vitest = (project) => ({
  command: "npx",
  args: [
    "vitest",
    "run",
    "--project",
    project,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${path.join(results, `${project}.json`)}`,
  ],
});

const e2eReport = path.join(results, "e2e.json");

const steps = [
  // Nothing here needs another's output, and tsc alone (one thread) would leave a core idle for half a minute: the static
  // checks, the unit tests and the build run side by side. tsc checks the shared package once and the rest against its
  // declarations (project references); each tool keeps a cache in node_modules/.cache, so a second run checks only what
  // changed.
  () =>
    together("Static checks, unit tests and the build", [
      { title: "Typecheck (tsc -b, strict)", command: "npm", args: ["run", "typecheck", "--silent"] },
      {
        title: "Lint (ESLint)",
        command: "npx",
        args: ["eslint", ".", "--cache", "--cache-location", path.join(cache, "eslint/")],
      },
      { title: "Import graph (no circles)", command: "node", args: ["scripts/check-imports.mjs"] },
      {
        title: "Format (Prettier)",
        command: "npx",
        args: ["prettier", "--check", ".", "--cache", "--cache-location", path.join(cache, "prettier/cache")],
      },
      { title: "Unit tests", ...vitest("unit") },
      { title: "Build and bundle budget", command: "node", args: ["scripts/check-bundle.mjs"] },
    ]).then((ok) => (countVitest(path.join(results, "unit.json")), ok)),
  // Both wait on their servers and databases as much as they compute: side by side they keep both cores busy.
  () =>
    together("Integration and end-to-end tests", [
      {
        title: "End-to-end tests (Playwright, Chromium)",
        command: "node",
        args: ["scripts/e2e.mjs"],
        env: { E2E_JSON: e2eReport },
      },
      { title: "Integration tests (embedded PostgreSQL)", ...vitest("integration") },
    ]).then((ok) => {
      countVitest(path.join(results, "integration.json"));
      countPlaywright(e2eReport);
      return ok;
    }),
];

for (const step of steps) {
  if (!(await step())) finish(false);
}
finish(true);
