import { defineConfig, devices } from "@playwright/test";

const port = process.env.E2E_PORT ?? "3999";

export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // On two busy cores (two workers, the server, PostgreSQL, Chromium) a test of 45 s alone can pass a minute. Two
  // minutes only delays a real hang's report.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.E2E_JSON ? [["list"], ["json", { outputFile: process.env.E2E_JSON }]] : [["list"]],
  globalSetup: "./global-setup.ts",
  outputDir: "../test-results",
  use: {
    baseURL: `http://localhost:${port}`,
    trace: process.env.E2E_TRACE ? "retain-on-failure" : "off",
    // The service worker (issue 18) would answer requests a spec routes or aborts with page.route, unseen by it;
    // e2e/pwa.spec.ts allows it for its own tests.
    serviceWorkers: "block",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [{ name: "phone", use: { ...devices["Pixel 7"], browserName: "chromium" } }],
});
