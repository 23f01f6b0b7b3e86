// npm start: build the web app and the server if their sources changed, then serve both on PORT.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildIfNeeded, root } from "./build-if-needed.mjs";

buildIfNeeded();
process.chdir(root);
await import(pathToFileURL(path.join(root, "apps/server/dist/main.js")).href);
