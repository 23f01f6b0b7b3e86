// End-to-end tests: Playwright in Chromium against the built app served by the real server.
import { spawnSync } from "node:child_process";
import net from "node:net";
import { buildIfNeeded, root } from "./build-if-needed.mjs";
import { ensureChromium, ensureHeadlessShell } from "./chromium.mjs";

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

process.env.CHROMIUM_PATH = ensureChromium();
process.env.CHROMIUM_HEADLESS_SHELL_PATH = ensureHeadlessShell(process.env.CHROMIUM_PATH);
buildIfNeeded();
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_SMTP_PORT ??= String(await freePort());
const result = spawnSync("npx", ["playwright", "test", "-c", "e2e/playwright.config.ts", ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
  env: process.env,
});
process.exit(result.status ?? 1);
