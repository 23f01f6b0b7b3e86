// npm run admin -- grant|revoke EMAIL: builds the server if its sources changed, then runs its admin CLI.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildIfNeeded, root } from "./build-if-needed.mjs";

buildIfNeeded();
process.chdir(root);
await import(pathToFileURL(path.join(root, "apps/server/dist/cli.js")).href);
