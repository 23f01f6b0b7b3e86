// npm test: lint (ESLint and the import graph), format, typecheck, unit, integration, bundle budget and end-to-end tests, in that order.
// Stops at the first failing step and ends with one line "tests: N passed, N failed".
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { root } from "./build-if-needed.mjs";

const results = path.join(root, "test-results");
fs.mkdirSync(results, { recursive: true });

let passed = 0;
let failed = 0;

/** How long each step took, printed at the end (CI has a time budget; this shows where it goes). */
const timings = [];

function run(title, command, args, env = {}) {
  console.log(`\n━━ ${title} ━━`);
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  timings.push(`${title}: ${Math.round((performance.now() - started) / 1000)} s`);
  return result.status === 0;
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

const vitest = (project) => [
  "vitest",
  "run",
  "--project",
  project,
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${path.join(results, `${project}.json`)}`,
];

const steps = [
  () => run("Lint (ESLint)", "npx", ["eslint", "."]),
  () => run("Import graph (no circles)", "node", ["scripts/check-imports.mjs"]),
  () => run("Format (Prettier)", "npx", ["prettier", "--check", "."]),
  () => run("Typecheck (tsc, strict)", "npm", ["run", "typecheck", "--silent"]),
  () => {
    const ok = run("Unit tests", "npx", vitest("unit"));
    countVitest(path.join(results, "unit.json"));
    return ok;
  },
  () => {
    const ok = run("Integration tests", "npx", vitest("integration"));
    countVitest(path.join(results, "integration.json"));
    return ok;
  },
  () => run("Build and bundle budget", "node", ["scripts/check-bundle.mjs"]),
  () => {
    const file = path.join(results, "e2e.json");
    const ok = run("End-to-end tests (Playwright, Chromium)", "node", ["scripts/e2e.mjs"], { E2E_JSON: file });
    countPlaywright(file);
    return ok;
  },
];

for (const step of steps) {
  if (!step()) finish(false);
}
finish(true);
