import { build } from "esbuild";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, "dist");
fs.rmSync(dist, { recursive: true, force: true });

const shared = path.join(here, "../../packages/shared/src");
/** "@shepherd/shared" is the shared package's index, "@shepherd/shared/x" its src/x.ts (as its package.json exports). */
const sharedSources = {
  name: "shepherd-shared",
  setup(b) {
    b.onResolve({ filter: /^@shepherd\/shared(\/.*)?$/ }, (args) => {
      const sub = args.path.slice("@shepherd/shared".length);
      return { path: sub ? path.join(shared, `${sub.slice(1)}.ts`) : path.join(shared, "index.ts") };
    });
  },
};

// Our code (server + shared package) is bundled; packages from node_modules stay external.
await build({
  entryPoints: {
    main: path.join(here, "src/main.ts"),
    cli: path.join(here, "src/cli.ts"),
    ops: path.join(here, "src/ops.ts"),
    // The offline speech worker runs in its own thread from its own file (see providers/tts/espeak.ts).
    "espeak-worker": path.join(here, "src/providers/tts/espeak-worker.ts"),
  },
  outdir: dist,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  packages: "external",
  plugins: [sharedSources],
  logLevel: "warning",
});
fs.cpSync(path.join(here, "src/db/migrations"), path.join(dist, "migrations"), { recursive: true });
console.log("server built into apps/server/dist");
