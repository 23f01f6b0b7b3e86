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

export function buildIfNeeded() {
  const complete = fs.existsSync(stamp) && fs.existsSync(path.join(root, "apps/web/dist/index.html"));
  const built = complete ? fs.statSync(stamp).mtimeMs : 0;
  const changed = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  if (changed <= built) return false;
  console.log("Building Shepherd (web app and server)...");
  execSync("npm run build", { cwd: root, stdio: "inherit" });
  fs.writeFileSync(stamp, new Date().toISOString());
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildIfNeeded();
