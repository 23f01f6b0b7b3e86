// Builds if needed, then fails when the JavaScript needed to render /auth grows past its budget.
import { spawnSync } from "node:child_process";
import { buildIfNeeded, root } from "./build-if-needed.mjs";

buildIfNeeded();
const result = spawnSync("node", ["bench/bundle.mjs", "--check"], { cwd: root, stdio: "inherit" });
process.exit(result.status ?? 1);
