// Finds Chromium for the end-to-end tests; as root on Debian, installs the distribution's package if missing.
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
