// Finds Chromium for the end-to-end tests, and its headless shell; as root on Debian, installs the distribution's
// packages (chromium, chromium-headless-shell) if missing.
import { execSync } from "node:child_process";
import fs from "node:fs";

const CANDIDATES = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].filter(
  Boolean,
);

export function findChromium() {
  return CANDIDATES.find((p) => fs.existsSync(p));
}

export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isRoot && fs.existsSync("/usr/bin/apt-get")) {
    console.log("Chromium is missing: installing Debian's chromium package...");
    execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", { stdio: "inherit" });
    const installed = findChromium();
    if (installed) return installed;
  }
  console.error(
    "Chromium is needed for the end-to-end tests: install it (Debian: sudo apt-get install chromium) or set CHROMIUM_PATH.",
  );
  process.exit(1);
}

const SHELL_CANDIDATES = [
  process.env.CHROMIUM_HEADLESS_SHELL_PATH,
  "/usr/lib/chromium/chromium-headless-shell",
  "/usr/lib/chromium/headless_shell",
].filter(Boolean);

/**
 * Chromium's headless shell (most specs run in it: e2e/playwright.config.ts), installed from Debian's
 * chromium-headless-shell as root if missing. Without it (another system, no root) the full Chromium runs every spec.
 */
export function ensureHeadlessShell(chromium) {
  const found = SHELL_CANDIDATES.find((p) => fs.existsSync(p));
  if (found) return found;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isRoot && fs.existsSync("/usr/bin/apt-get")) {
    console.log("Chromium's headless shell is missing: installing Debian's chromium-headless-shell package...");
    try {
      execSync("DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell", { stdio: "inherit" });
    } catch {
      execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell", {
        stdio: "inherit",
      });
    }
    const installed = SHELL_CANDIDATES.find((p) => fs.existsSync(p));
    if (installed) return installed;
  }
  console.log("Chromium's headless shell was not found: every spec runs in the full Chromium (slower).");
  return chromium;
}
