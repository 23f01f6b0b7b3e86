import os from "node:os";
import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

/**
 * Two projects: `unit` (next to the code, no database) and `integration` (apps/server/test: the real app
 * on a real PostgreSQL, started once per run by the global setup; each test file gets its own database).
 */
const externalDatabase = Boolean(process.env.DATABASE_URL);
// Each integration file runs a server and talks to PostgreSQL, and waits on them (and on the built servers some start)
// as much as it computes: one worker more than the cores keeps them busy (on 2 cores: 150 s with 2, 115 s with 3, 122 s
// with 4, docs/decisions/007-test-suite-speed.md).
const integrationWorkers = Math.min(4, os.availableParallelism() + 1);

export default defineConfig({
  test: {
    teardownTimeout: 60_000,
    projects: [
      {
        // The web app's "@/" paths, as apps/web/vite.config.ts resolves them.
        resolve: { alias: { "@": path.resolve(import.meta.dirname, "apps/web/src") } },
        test: {
          name: "unit",
          environment: "node",
          include: [
            "packages/**/*.test.ts",
            "apps/**/src/**/*.test.ts",
            "apps/web/src/**/*.test.{ts,tsx}",
            "apps/web/build/**/*.test.ts",
          ],
          exclude: [...configDefaults.exclude, "apps/server/test/**", "**/*.integration.test.ts"],
          // A worker's files share its modules: a fresh process per file cost 31 s of wall time and 38 s of CPU for 6 s
          // of tests; shared, the project takes 10 s. A test about a module's state when a page has just opened
          // re-imports it (vi.resetModules, as lib/toast.test.ts does); shuffled runs (--sequence.shuffle) found no other.
          isolate: false,
        },
      },
      {
        test: {
          name: "integration",
          environment: "node",
          include: ["apps/server/test/**/*.test.ts"],
          // These run the built server on its own embedded database whatever DATABASE_URL says; with DATABASE_URL
          // (CI's second run against Debian's PostgreSQL 15) there is no embedded server to test, and start-stop (npm
          // start without DATABASE_URL) would only repeat the first run.
          exclude: [
            ...configDefaults.exclude,
            ...(externalDatabase
              ? [
                  "apps/server/test/durability.test.ts",
                  "apps/server/test/shutdown.test.ts",
                  "apps/server/test/cluster.test.ts",
                  "apps/server/test/start-stop.test.ts",
                  "apps/server/test/outages.test.ts",
                  "apps/server/test/embedded-backup.test.ts",
                  "apps/server/test/embedded-postmaster.test.ts",
                ]
              : []),
          ],
          globalSetup: ["apps/server/test/helpers/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          maxWorkers: integrationWorkers,
          // The files of a worker share its modules: each file starts its own app on its own database, and nothing
          // is mocked, so there is no state to keep apart. Loading the server's modules anew for each of 62 files
          // took 151 s of the 421 s the suite took in CI; without it the suite takes about 285 s there.
          isolate: false,
          // Projects with different worker counts must run in different groups.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
