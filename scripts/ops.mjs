// npm run migrate | backup -- FILE | restore -- FILE | storage:copy -- --to bucket|folder: builds the server if its
// sources changed, then runs its operator commands (apps/server/src/ops.ts).
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildIfNeeded, root } from "./build-if-needed.mjs";

buildIfNeeded();
// DATA_DIR resolves from the project's root, as for npm start; FILE from where the command was typed (ops.ts).
process.chdir(root);
await import(pathToFileURL(path.join(root, "apps/server/dist/ops.js")).href);
