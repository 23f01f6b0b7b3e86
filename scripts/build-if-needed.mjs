// Builds the web app and the server when any of their sources is newer than the last build.
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const stamp = path.join(root, "apps/server/dist/.build-stamp");
const sources = [
  "apps/web/src",
  "apps/web/public",
  "apps/web/index.html",
  "apps/web/vite.config.ts",
  "apps/server/src",
  "apps/server/build.mjs",
  "packages/shared/src",
  "content",
  "package-lock.json",
];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Marks the build as current: `npm run build` ends with it (`node scripts/build-if-needed.mjs --stamp`). */
export function writeStamp() {
  fs.writeFileSync(stamp, new Date().toISOString());
}

// `npm run build` stamps what it built, so that the commands that build when needed (npm start, backup, migrate,
// admin...) see it as current.
if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === "--stamp") writeStamp();

export function buildIfNeeded() {
  const complete = fs.existsSync(stamp) && fs.existsSync(path.join(root, "apps/web/dist/index.html"));
  const built = complete ? fs.statSync(stamp).mtimeMs : 0;
  const changed = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  if (changed <= built) return false;
  console.log("Building Shepherd (web app and server)...");
  execSync("npm run build", { cwd: root, stdio: "inherit" });
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildIfNeeded();
