import { defineConfig } from "@playwright/test";
import { chromiumLaunch } from "./chromium";
import { PHONE } from "./phone";

const port = process.env.E2E_PORT ?? "3999";

/** The specs that need the whole browser rather than its headless shell (see the projects below). */
const FULL_CHROMIUM = ["**/reminders.spec.ts"];

export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  // Tests, not files, are shared out: a long file no longer holds one worker while the other waits at the end.
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // A ceiling for a hang, not a measure of speed: a test waits for what a person would see, each wait up to the expect
  // timeout, and the longest journeys (the sweep, four brothers on video) take under a minute on two quiet cores.
  timeout: 300_000,
  expect: { timeout: 10_000 },
  reporter: process.env.E2E_JSON ? [["list"], ["json", { outputFile: process.env.E2E_JSON }]] : [["list"]],
  globalSetup: "./global-setup.ts",
  // Its own folder: Playwright empties its output folder at start, and test-results/ holds the other steps' reports.
  outputDir: "../test-results/e2e",
  use: {
    baseURL: `http://localhost:${port}`,
    trace: process.env.E2E_TRACE ? "retain-on-failure" : "off",
    // The service worker (issue 18) would answer requests a spec routes or aborts with page.route, unseen by it;
    // e2e/pwa.spec.ts allows it for its own tests.
    serviceWorkers: "block",
    screenshot: "only-on-failure",
  },
  projects: [
    // Chromium's headless shell (Debian's chromium-headless-shell, what Playwright itself runs headless): the same Blink
    // and V8 without the desktop browser around them, about a fifth less CPU for the suite (docs/decisions/007).
    {
      name: "phone",
      use: { ...PHONE, browserName: "chromium", launchOptions: chromiumLaunch(process.env.CHROMIUM_HEADLESS_SHELL_PATH) },
      testIgnore: FULL_CHROMIUM,
    },
    // The shell reports notifications as denied whatever was granted; the daily reminder's spec needs the permission
    // granted and the push service missing, as a real phone without the app installed has it.
    {
      name: "phone (Chromium)",
      use: { ...PHONE, browserName: "chromium", launchOptions: chromiumLaunch(process.env.CHROMIUM_PATH) },
      testMatch: FULL_CHROMIUM,
    },
  ],
});
