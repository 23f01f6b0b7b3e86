// npm start: build the web app and the server if their sources changed, then serve both on PORT.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildIfNeeded, root } from "./build-if-needed.mjs";

// SKIP_BUILD=true serves what is built as it is (an image built beforehand; the tests that start `npm start`).
if (process.env.SKIP_BUILD !== "true") buildIfNeeded();

// Issue 19: `npm start` runs this through `sh -c "exec node ..."`, so the signal npm forwards (what a process manager
// or a container runtime sends) reaches this process and the server stops gracefully, its database too. Should the
// parent die without a word (npm killed with SIGKILL), we are handed to another parent: stop as if told to.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.kill(process.pid, "SIGTERM");
}, 1000).unref();
process.chdir(root);
await import(pathToFileURL(path.join(root, "apps/server/dist/main.js")).href);
