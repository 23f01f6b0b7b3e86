// The /auth JavaScript budget (bench/bundle.mjs --check) on a fresh build; `npm run build` runs the same check.
import { spawnSync } from "node:child_process";
import { buildIfNeeded, root } from "./build-if-needed.mjs";

if (!buildIfNeeded()) {
  const result = spawnSync("node", ["bench/bundle.mjs", "--check"], { cwd: root, stdio: "inherit" });
  process.exit(result.status ?? 1);
}
